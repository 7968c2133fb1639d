/**
 * A multipart/form-data body read as it streams in, part by part and chunk by chunk: a file's bytes
 * are handed on as they arrive instead of being gathered in memory (the form-data parser we use for
 * plain forms keeps each part whole). The reader asks the body for more only when the consumer has
 * dealt with what it was given, so a slow disk slows the client rather than filling memory.
 */

export type MultipartEvent =
  | { type: "part"; name: string; fileName: string | null; contentType: string | null }
  | { type: "data"; bytes: Uint8Array }
  | { type: "end" };

export class MultipartError extends Error {
  override name = "MultipartError";
  constructor(readonly kind: "malformed" | "too-many-parts" | "header-too-large") {
    super(`The multipart body is ${kind}.`);
  }
}

/** The boundary a multipart Content-Type names, or null. */
export function multipartBoundary(contentType: string): string | null {
  if (!/^multipart\/form-data\b/i.test(contentType)) return null;
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^;\s]{1,70}))/i.exec(contentType);
  return match ? (match[1] ?? match[2]) : null;
}

/** A Content-Disposition parameter (`name`, `filename`), quoted or not; null when absent. */
function dispositionParameter(header: string, key: string): string | null {
  const match = new RegExp(`;\\s*${key}\\s*=\\s*(?:"((?:[^"\\\\]|\\\\.)*)"|([^;\\s]*))`, "i").exec(header);
  if (!match) return null;
  return match[1] !== undefined ? match[1].replace(/\\(.)/g, "$1") : match[2];
}

function partOf(headerText: string): Extract<MultipartEvent, { type: "part" }> {
  let disposition = "";
  let contentType: string | null = null;
  for (const line of headerText.split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon <= 0) continue;
    const header = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (header === "content-disposition") disposition = value;
    else if (header === "content-type") contentType = value;
  }
  const name = dispositionParameter(disposition, "name");
  if (!/^form-data\b/i.test(disposition) || name === null) throw new MultipartError("malformed");
  return { type: "part", name, fileName: dispositionParameter(disposition, "filename"), contentType };
}

/**
 * The events of a multipart body: each part's start (its name, and its file name when it is a
 * file), its bytes in chunks, and its end. Fails with MultipartError on a malformed body or past
 * the limits, and with the body's own error (too large, client gone) when reading fails.
 */
export async function* readMultipart(
  body: ReadableStream<Uint8Array>,
  boundary: string,
  limits: { maxParts: number; maxHeaderBytes: number },
): AsyncGenerator<MultipartEvent> {
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  // A body starts with the boundary without the line break before it: one is put in front, so one
  // search finds every boundary.
  let buffer: Buffer = Buffer.from("\r\n");
  let state: "preamble" | "after-boundary" | "headers" | "body" = "preamble";
  let parts = 0;
  let preambleBytes = 0;
  const reader = body.getReader();
  try {
    for (;;) {
      for (;;) {
        if (state === "preamble") {
          const at = buffer.indexOf(delimiter);
          if (at === -1) {
            const keep = Math.min(buffer.length, delimiter.length - 1);
            preambleBytes += buffer.length - keep;
            if (preambleBytes > limits.maxHeaderBytes) throw new MultipartError("malformed");
            buffer = buffer.subarray(buffer.length - keep);
            break;
          }
          buffer = buffer.subarray(at + delimiter.length);
          state = "after-boundary";
        } else if (state === "after-boundary") {
          if (buffer.length < 2) break;
          // The closing boundary: what follows it (an epilogue) is not read.
          if (buffer[0] === 0x2d && buffer[1] === 0x2d) return;
          if (buffer[0] !== 0x0d || buffer[1] !== 0x0a) throw new MultipartError("malformed");
          buffer = buffer.subarray(2);
          state = "headers";
        } else if (state === "headers") {
          const end = buffer.indexOf("\r\n\r\n");
          if (end === -1 ? buffer.length > limits.maxHeaderBytes : end > limits.maxHeaderBytes) {
            throw new MultipartError("header-too-large");
          }
          if (end === -1) break;
          if (++parts > limits.maxParts) throw new MultipartError("too-many-parts");
          const part = partOf(buffer.toString("utf8", 0, end));
          buffer = buffer.subarray(end + 4);
          state = "body";
          yield part;
        } else {
          const at = buffer.indexOf(delimiter);
          if (at === -1) {
            // The end of the buffer may be the start of a boundary: it waits for the next chunk.
            const safe = buffer.length - (delimiter.length - 1);
            if (safe > 0) {
              const bytes = buffer.subarray(0, safe);
              buffer = buffer.subarray(safe);
              yield { type: "data", bytes };
            }
            break;
          }
          const bytes = buffer.subarray(0, at);
          buffer = buffer.subarray(at + delimiter.length);
          state = "after-boundary";
          if (bytes.length) yield { type: "data", bytes };
          yield { type: "end" };
        }
      }
      const { done, value } = await reader.read();
      if (done) throw new MultipartError("malformed");
      const chunk = Buffer.from(value.buffer, value.byteOffset, value.byteLength);
      if (state === "body" && buffer.length && buffer.length < delimiter.length && chunk.length >= delimiter.length) {
        // The few bytes kept back from a file's last chunk: when no boundary starts among them,
        // they are the file's and go on alone, and the new chunk is read where it is rather than
        // copied behind them (a copy of every chunk of a large upload is garbage to collect).
        const seam = Buffer.concat([buffer, chunk.subarray(0, delimiter.length)]);
        const at = seam.indexOf(delimiter);
        if (at === -1 || at >= buffer.length) {
          const bytes = buffer;
          buffer = chunk;
          yield { type: "data", bytes };
          continue;
        }
      }
      buffer = buffer.length ? Buffer.concat([buffer, chunk]) : chunk;
    }
  } finally {
    reader.releaseLock();
  }
}
