import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { pipeline } from "node:stream/promises";
import { promisify } from "node:util";
import zlib from "node:zlib";
import compressible from "compressible";
import Negotiator from "negotiator";
import vary from "vary";

/**
 * How the edge compresses the answers it makes (pages, the API, its own plain answers): by the
 * rules of the `compression` middleware, which still compresses the static files. The middleware
 * wraps every response's write, end, event and header methods before the app has even looked at
 * the request, about a tenth of a small API answer's CPU; the edge knows each answer's headers
 * and, for most, its whole body, so it decides once, as it writes (docs/decisions/061).
 *
 * An answer is compressed when its type is compressible and its Cache-Control does not say
 * no-transform (those answers carry `Vary: Accept-Encoding` whatever the client asked), it is not
 * a HEAD's, it is not already encoded, it is not known to be under 1 KB, and the client accepts
 * brotli, gzip or deflate (brotli or gzip preferred when it accepts several alike).
 */
const COMPRESSION_THRESHOLD_BYTES = 1024;

export type AnswerEncoding = "br" | "gzip" | "deflate";

const SUPPORTED_ENCODINGS = ["br", "gzip", "deflate", "identity"];
const PREFERRED_ENCODINGS = ["br", "gzip"];
const NO_TRANSFORM = /(?:^|,)\s*?no-transform\s*?(?:,|$)/i;

/** What an answer's headers say about its encoding. */
export type AnswerHeaders = {
  contentType: string | null;
  cacheControl: string | null;
  contentEncoding: string | null;
  /** The body's length in bytes when known (a ready body, or a declared Content-Length). */
  length: number | null;
};

/** Whether the answer varies by Accept-Encoding, and the encoding to send it in (null: as it is). */
export function answerEncodingOf(
  request: Pick<IncomingMessage, "method" | "headers">,
  answer: AnswerHeaders,
): { varies: boolean; encoding: AnswerEncoding | null } {
  if (!answer.contentType || !compressible(answer.contentType)) return { varies: false, encoding: null };
  if (answer.cacheControl && NO_TRANSFORM.test(answer.cacheControl)) return { varies: false, encoding: null };
  const asIs = { varies: true, encoding: null };
  if (answer.length !== null && answer.length < COMPRESSION_THRESHOLD_BYTES) return asIs;
  if (answer.contentEncoding && answer.contentEncoding !== "identity") return asIs;
  if (request.method === "HEAD" || !request.headers["accept-encoding"]) return asIs;
  // Negotiator's own types leave out the preferred list its encoding() takes second.
  const negotiate = Negotiator.prototype.encoding as (
    this: Negotiator,
    available: string[],
    preferred: string[],
  ) => string | undefined;
  const chosen = negotiate.call(new Negotiator(request), SUPPORTED_ENCODINGS, PREFERRED_ENCODINGS);
  return chosen === "br" || chosen === "gzip" || chosen === "deflate" ? { varies: true, encoding: chosen } : asIs;
}

/**
 * answerEncodingOf for an answer's header list, as the edge writes it, and its body's length when
 * known: a declared Content-Length when not.
 */
export function answerEncodingFor(
  request: Pick<IncomingMessage, "method" | "headers">,
  headers: [string, string][],
  length: number | null,
) {
  const find = (name: string) => headers.find(([each]) => each.toLowerCase() === name)?.[1] ?? null;
  const declared = find("content-length");
  return answerEncodingOf(request, {
    contentType: find("content-type"),
    cacheControl: find("cache-control"),
    contentEncoding: find("content-encoding"),
    length: length ?? (declared === null ? null : Number(declared)),
  });
}

/** The Vary header with Accept-Encoding added to what it said. */
const varyingByEncoding = (existing: string | null) => vary.append(existing ?? "", "Accept-Encoding");

// Brotli at quality 4, as the middleware sets it: near gzip's speed, smaller.
const BROTLI = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } };
const encodeWhole = {
  br: (body: Buffer) => promisify(zlib.brotliCompress)(body, BROTLI),
  gzip: (body: Buffer) => promisify(zlib.gzip)(body),
  deflate: (body: Buffer) => promisify(zlib.deflate)(body),
};
const encoder = {
  br: () => zlib.createBrotliCompress(BROTLI),
  gzip: () => zlib.createGzip(),
  deflate: () => zlib.createDeflate(),
};

/** The header list to write for an answer: its own, with Vary and the encoding as chosen. */
export function encodedHeaders(
  headers: Iterable<[string, string]>,
  { varies, encoding }: { varies: boolean; encoding: AnswerEncoding | null },
) {
  const raw: string[] = [];
  let varySeen = false;
  for (const [name, value] of headers) {
    const lower = name.toLowerCase();
    if (encoding && lower === "content-length") continue;
    if (varies && lower === "vary") {
      varySeen = true;
      raw.push(name, varyingByEncoding(value));
    } else raw.push(name, value);
  }
  if (varies && !varySeen) raw.push("Vary", "Accept-Encoding");
  if (encoding) raw.push("Content-Encoding", encoding);
  return raw;
}

/**
 * Writes an answer whose whole body is at hand: encoded in one piece on zlib's threads when it is
 * to be, and with its length, so the client needs no chunked framing.
 */
export async function writeWholeAnswer(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  statusText: string,
  headers: [string, string][],
  body: string | Buffer,
) {
  let bytes = typeof body === "string" ? Buffer.from(body) : body;
  const choice = answerEncodingFor(req, headers, bytes.byteLength);
  if (choice.encoding) bytes = await encodeWhole[choice.encoding](bytes);
  // Meanwhile the edge may have answered (a body over its limit) or the client gone.
  if (res.destroyed || res.headersSent) return;
  const raw = encodedHeaders(
    headers.filter(([name]) => name.toLowerCase() !== "content-length"),
    choice,
  );
  // A HEAD's answer tells the length its GET would have; it sends no body. No length on an
  // answer that never has a body.
  if (status !== 204 && status !== 304) raw.push("Content-Length", String(bytes.byteLength));
  writeHeadOf(res, status, statusText, raw);
  res.end(req.method === "HEAD" ? undefined : bytes);
}

/**
 * `res.writeHead` with a header list in which a name may come more than once (an answer that sets
 * two cookies). Once the response holds headers set one by one (the security headers of a path a
 * static file may answer), node's writeHead sets each listed header in turn and the second
 * Set-Cookie would replace the first: the listed names are taken off and each value appended.
 */
export function writeHeadOf(res: ServerResponse, status: number, statusText: string, raw: string[]) {
  if (res.getHeaderNames().length) {
    for (let i = 0; i < raw.length; i += 2) res.removeHeader(raw[i]!);
    for (let i = 0; i < raw.length; i += 2) res.appendHeader(raw[i]!, raw[i + 1]!);
    raw = [];
  }
  if (statusText) res.writeHead(status, statusText, raw);
  else res.writeHead(status, raw);
}

/** Writes a streamed answer through an encoder, as fast as the client reads it. */
export async function writeEncodedStream(res: ServerResponse, body: ReadableStream<Uint8Array>, encoding: AnswerEncoding) {
  // The pipeline ends or destroys every part: a client gone cancels the app's stream.
  try {
    await pipeline(Readable.fromWeb(body as WebReadableStream<Uint8Array>), encoder[encoding](), res);
  } catch (error) {
    // A client that went away is no fault of the request's; the app's stream failing is.
    if ((error as { code?: unknown } | null)?.code !== "ERR_STREAM_PREMATURE_CLOSE") throw error;
  }
}
