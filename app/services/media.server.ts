import { randomBytes } from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { prepared } from "./db.server";
import { getEnv } from "./env.server";

/**
 * Media storage: recognising a file's type by its bytes, writing files under UPLOAD_DIR with
 * random names, removing them, and serving them back at /media/<name>. What may be attached, and
 * how a submission is read, is the feature's own rule (features/community/post-submission.server).
 */

/** Types recognised from a file's first bytes, with the extension a stored file takes; nothing else is stored. */
const MEDIA_TYPES = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/gif": "gif",
  "image/webp": "webp",
  "image/avif": "avif",
  "video/mp4": "mp4",
  "video/webm": "webm",
  "video/quicktime": "mov",
} as const;
type MediaType = keyof typeof MEDIA_TYPES;

/** A file that passed every check and waits, in memory, until the whole submission is valid. */
export type AcceptedMedia = { bytes: Uint8Array; mimeType: MediaType };
export type StoredMedia = {
  fileName: string;
  mimeType: MediaType;
  size: number;
};

/** The file's type as its first bytes say, or null when it is none of MEDIA_TYPES (whatever its name or declared type). */
export async function recognizeMedia(bytes: Uint8Array): Promise<MediaType | null> {
  // Loaded with the first upload rather than at start: most requests never need it.
  const { fileTypeFromBuffer } = await import("file-type");
  const detected = await fileTypeFromBuffer(bytes);
  return detected && detected.mime in MEDIA_TYPES ? (detected.mime as MediaType) : null;
}

/** Where a stored file is served. */
export const mediaUrl = (fileName: string) => `/media/${fileName}`;

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
 * GET /media/:name: a stored file with the type recognised at upload, never sniffed, cached for an
 * hour and then revalidated (names are random and never reused, but moderators may hide a file's post), and in byte ranges so videos can seek. A file of a
 * post or listing moderators hid is served only when `seesHidden(ownerId)` says so (its author and
 * admins), and then never to a shared cache; for everyone else it is missing.
 */
/** How long browsers and proxies keep a media file before asking again: the longest a hide takes to reach them. */
export const MEDIA_MAX_AGE_SECONDS = 3600;

export async function serveMedia(
  request: Request,
  name: string,
  seesHidden: (ownerId: number) => Promise<boolean> = async () => false,
): Promise<Response> {
  const notFound = () =>
    new Response("Not found", {
      status: 404,
      headers: { "Content-Type": "text/plain" },
    });
  if (!STORED_NAME.test(name)) return notFound();
  // One look-up through each table's unique index on file_name, and the owning row by its key.
  const row = prepared(
    `SELECT m.mime_type AS mimeType, p.author_id AS ownerId, p.hidden_at AS hiddenAt
       FROM post_media m JOIN posts p ON p.id = m.post_id WHERE m.file_name = ?
     UNION ALL
     SELECT ph.mime_type, l.seller_id, l.hidden_at
       FROM listing_photos ph JOIN listings l ON l.id = ph.listing_id WHERE ph.file_name = ?`,
  ).get(name, name) as { mimeType: string; ownerId: number; hiddenAt: number | null } | undefined;
  if (!row) return notFound();
  const hidden = row.hiddenAt !== null;
  if (hidden && !(await seesHidden(row.ownerId))) return notFound();
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
    // A hidden thing's file goes to its author or an admin only: no shared cache may keep it. Others
    // are kept an hour, then asked again with their ETag (a 304, or a 404 once hidden): so a hide
    // reaches browsers and proxies within the hour instead of a year.
    "Cache-Control": hidden ? "private, no-store" : `public, max-age=${MEDIA_MAX_AGE_SECONDS}`,
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
