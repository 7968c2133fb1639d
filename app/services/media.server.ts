import { randomBytes } from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import {
  FormDataParseError,
  MaxFilesExceededError,
  MaxFileSizeExceededError,
  MaxHeaderSizeExceededError,
  MaxPartsExceededError,
  MaxTotalSizeExceededError,
  parseFormData,
  type FileUpload,
} from "@remix-run/form-data-parser";
import { MAX_MEDIA_BYTES, MAX_MEDIA_FILES, MEDIA_TYPES, messages, postFormFields, type MediaType } from "~/features/community/community";
import { prepared } from "./db.server";
import { getEnv } from "./env.server";

/**
 * Media storage: reading a post submission's files from the multipart stream, recognising them
 * by their bytes, writing them under UPLOAD_DIR with random names, and serving them back.
 */

/** A file that passed every check and waits, in memory, until the whole submission is valid. */
export type AcceptedMedia = { bytes: Uint8Array; mimeType: MediaType };
export type StoredMedia = {
  fileName: string;
  mimeType: MediaType;
  size: number;
};

export type SubmissionRefusal = {
  ok: false;
  status: number;
  message: string;
  errors?: Record<string, string>;
};
export type PostSubmission = {
  ok: true;
  fields: Record<string, unknown>;
  media: AcceptedMedia[];
};

/** Text fields of the form plus their impact pairs; generous, but a request cannot grow without end. */
const MAX_PARTS = 60;
const MAX_TEXT_BYTES = 256 * 1024;
/** Every file at its largest, the text fields, and the multipart framing. */
export const MAX_SUBMISSION_BYTES = MAX_MEDIA_FILES * MAX_MEDIA_BYTES + MAX_TEXT_BYTES + 64 * 1024;

class MediaNotAllowed extends Error {}

const refuse = (status: number, message: string, field = "media"): SubmissionRefusal => ({
  ok: false,
  status,
  message,
  errors: { [field]: message },
});

/**
 * Reads a create-post request (multipart with files, or a plain form or JSON without them).
 * Files are checked as they arrive: at most 5, each under 10MB, each an image or video by its
 * first bytes. Any broken rule refuses the whole submission; nothing has been written by then.
 */
export async function readPostSubmission(request: Request): Promise<PostSubmission | SubmissionRefusal> {
  const type = request.headers.get("content-type") ?? "";
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > MAX_SUBMISSION_BYTES) return refuse(413, messages.mediaTooLarge);

  if (/^application\/json\b/i.test(type)) {
    if (declared > MAX_TEXT_BYTES) return refuse(413, "The request body is too large.", "form");
    try {
      const body: unknown = JSON.parse(await request.text());
      if (typeof body !== "object" || body === null || Array.isArray(body)) {
        return refuse(400, "The request body must be a JSON object.", "form");
      }
      return { ok: true, fields: body as Record<string, unknown>, media: [] };
    } catch {
      return refuse(400, "The request body is not valid JSON.", "form");
    }
  }
  if (!/^multipart\/form-data\b/i.test(type) && !/^application\/x-www-form-urlencoded\b/i.test(type)) {
    return refuse(415, "Send the post as multipart/form-data.", "form");
  }

  const media: AcceptedMedia[] = [];
  let formData: FormData;
  try {
    formData = await parseFormData(
      request,
      {
        maxFiles: MAX_MEDIA_FILES,
        maxFileSize: MAX_MEDIA_BYTES,
        maxParts: MAX_PARTS,
        maxHeaderSize: 8 * 1024,
        maxTotalSize: MAX_SUBMISSION_BYTES,
      },
      async (file: FileUpload) => {
        // An empty file input still sends a part with no name and no bytes.
        if (file.size === 0) return null;
        const bytes = new Uint8Array(await file.arrayBuffer());
        // Loaded with the first upload rather than at start: most requests never need it.
        const { fileTypeFromBuffer } = await import("file-type");
        const detected = await fileTypeFromBuffer(bytes);
        if (!detected || !(detected.mime in MEDIA_TYPES)) throw new MediaNotAllowed();
        media.push({ bytes, mimeType: detected.mime as MediaType });
        return null;
      },
    );
  } catch (error) {
    if (error instanceof MediaNotAllowed) return refuse(415, messages.mediaNotAllowed);
    if (error instanceof MaxFilesExceededError) return refuse(400, messages.tooManyFiles);
    if (error instanceof MaxFileSizeExceededError) return refuse(413, messages.mediaTooLarge);
    if (error instanceof MaxTotalSizeExceededError) return refuse(413, messages.mediaTooLarge);
    if (error instanceof MaxPartsExceededError || error instanceof MaxHeaderSizeExceededError) {
      return refuse(400, "The form has too many or too large fields.", "form");
    }
    if (error instanceof FormDataParseError) return refuse(400, "The form data could not be read.", "form");
    throw error;
  }

  let textBytes = 0;
  for (const [, value] of formData) if (typeof value === "string") textBytes += value.length;
  if (textBytes > MAX_TEXT_BYTES) return refuse(413, "The form's text is too long.", "form");
  return { ok: true, fields: postFormFields(formData), media };
}

function uploadPath(fileName: string) {
  return path.join(getEnv().uploadDir, fileName);
}

/** Writes accepted files under random names; if one write fails, the ones already written go. */
export async function storeMedia(files: AcceptedMedia[]): Promise<StoredMedia[]> {
  const stored: StoredMedia[] = [];
  try {
    for (const file of files) {
      const fileName = `${randomBytes(16).toString("hex")}.${MEDIA_TYPES[file.mimeType]}`;
      await fsp.writeFile(uploadPath(fileName), file.bytes, { flag: "wx" });
      stored.push({
        fileName,
        mimeType: file.mimeType,
        size: file.bytes.byteLength,
      });
    }
    return stored;
  } catch (error) {
    await removeMedia(stored);
    throw error;
  }
}

export async function removeMedia(files: Pick<StoredMedia, "fileName">[]) {
  await Promise.all(files.map((file) => fsp.rm(uploadPath(file.fileName), { force: true })));
}

const STORED_NAME = new RegExp(`^[0-9a-f]{32}\\.(${Object.values(MEDIA_TYPES).join("|")})$`);

/** A single `bytes=` range of a file of `size` bytes; null when unsatisfiable or malformed. */
export function parseRange(header: string, size: number): { start: number; end: number } | null {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (!match[1] && !match[2])) return null;
  let start: number;
  let end: number;
  if (!match[1]) {
    // bytes=-N: the last N bytes.
    start = Math.max(0, size - Number(match[2]));
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] ? Math.min(Number(match[2]), size - 1) : size - 1;
  }
  return start <= end && start < size ? { start, end } : null;
}

/**
 * GET /media/:name: a stored file with the type recognised at upload, never sniffed, cached for a
 * year (names are random and never reused), and in byte ranges so videos can seek.
 */
export async function serveMedia(request: Request, name: string): Promise<Response> {
  const notFound = () =>
    new Response("Not found", {
      status: 404,
      headers: { "Content-Type": "text/plain" },
    });
  if (!STORED_NAME.test(name)) return notFound();
  const row = prepared("SELECT mime_type AS mimeType FROM post_media WHERE file_name = ?").get(name) as
    { mimeType: string } | undefined;
  if (!row) return notFound();
  const file = uploadPath(name);
  let size: number;
  try {
    size = (await fsp.stat(file)).size;
  } catch {
    return notFound();
  }
  const etag = `"${name.slice(0, 16)}-${size.toString(16)}"`;
  const headers = new Headers({
    "Content-Type": row.mimeType,
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "public, max-age=31536000, immutable",
    "Accept-Ranges": "bytes",
    ETag: etag,
  });
  if (request.headers.get("if-none-match") === etag) return new Response(null, { status: 304, headers });

  const rangeHeader = request.headers.get("range");
  let range = { start: 0, end: size - 1 };
  let status = 200;
  if (rangeHeader && size > 0) {
    const requested = parseRange(rangeHeader, size);
    if (!requested) {
      headers.set("Content-Range", `bytes */${size}`);
      return new Response(null, { status: 416, headers });
    }
    range = requested;
    status = 206;
    headers.set("Content-Range", `bytes ${range.start}-${range.end}/${size}`);
  }
  headers.set("Content-Length", String(range.end - range.start + 1));
  if (request.method === "HEAD" || size === 0) return new Response(null, { status, headers });
  const stream = fs.createReadStream(file, {
    start: range.start,
    end: range.end,
  });
  return new Response(Readable.toWeb(stream) as ReadableStream, {
    status,
    headers,
  });
}
