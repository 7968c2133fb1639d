import { randomBytes } from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { statement } from "./database/db.server";
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

/**
 * A file that passed every check and waits in a temporary file under UPLOAD_DIR (so moving it into
 * place is a rename on the same filesystem) until the whole submission is valid and its row written.
 */
export type AcceptedMedia = { tempPath: string; mimeType: MediaType; size: number };
export type StoredMedia = {
  fileName: string;
  mimeType: MediaType;
  size: number;
};

/** The file's type as its first bytes say, or null when it is none of MEDIA_TYPES (whatever its name or declared type). */
export async function recognizeMediaFile(file: string): Promise<MediaType | null> {
  // Loaded with the first upload rather than at start: most requests never need it.
  const { fileTypeFromFile } = await import("file-type");
  const detected = await fileTypeFromFile(file);
  return detected && detected.mime in MEDIA_TYPES ? (detected.mime as MediaType) : null;
}

/** Where a stored file is served. */
export const mediaUrl = (fileName: string) => `/media/${fileName}`;

function uploadPath(fileName: string) {
  return path.join(getEnv().uploadDir, fileName);
}

/** Temporary files of uploads being read: never served (not a stored name), never backed up. */
const UPLOAD_IN_PROGRESS = /^\.upload-[0-9a-f]{32}\.part$/;
export const isUploadInProgress = (fileName: string) => UPLOAD_IN_PROGRESS.test(fileName);

/** A file being received: written chunk by chunk as it arrives, into a temporary file. */
export type IncomingFile = {
  tempPath: string;
  size: number;
  write: (bytes: Uint8Array) => Promise<void>;
  close: () => Promise<void>;
};

export async function receiveFile(): Promise<IncomingFile> {
  const tempPath = uploadPath(`.upload-${randomBytes(16).toString("hex")}.part`);
  const handle = await fsp.open(tempPath, "wx");
  let closed = false;
  const file: IncomingFile = {
    tempPath,
    size: 0,
    async write(bytes) {
      for (let offset = 0; offset < bytes.byteLength;) {
        const { bytesWritten } = await handle.write(bytes, offset, bytes.byteLength - offset);
        offset += bytesWritten;
      }
      file.size += bytes.byteLength;
    },
    async close() {
      if (closed) return;
      closed = true;
      await handle.close();
    },
  };
  return file;
}

/** Removes the temporary files of a submission (any already moved into place are gone from there). */
export async function discardUploads(files: { tempPath: string; close?: () => Promise<void> }[]) {
  await Promise.all(
    files.map(async (file) => {
      await file.close?.().catch(() => {});
      await fsp.rm(file.tempPath, { force: true });
    }),
  );
}

/** An upload untouched this long was abandoned (its process stopped mid-way): nothing still receiving it pauses an hour. */
const ABANDONED_AFTER_MS = 60 * 60_000;

/** Removes temporary files of uploads abandoned by a process that stopped (the hourly sweep); answers how many. */
export function sweepAbandonedUploads(now = Date.now()) {
  let removed = 0;
  let names: string[];
  try {
    names = fs.readdirSync(getEnv().uploadDir);
  } catch {
    // Not there (being restored, a volume not mounted): nothing to sweep; the next sweep looks again.
    return 0;
  }
  for (const name of names) {
    if (!isUploadInProgress(name)) continue;
    try {
      if (now - fs.statSync(uploadPath(name)).mtimeMs < ABANDONED_AFTER_MS) continue;
      fs.rmSync(uploadPath(name), { force: true });
      removed++;
    } catch {
      // Gone meanwhile: its request finished.
    }
  }
  return removed;
}

/** The names accepted files will be stored under: random, with their type's extension. */
export function nameMedia(files: AcceptedMedia[]): StoredMedia[] {
  return files.map((file) => ({
    fileName: `${randomBytes(16).toString("hex")}.${MEDIA_TYPES[file.mimeType]}`,
    mimeType: file.mimeType,
    size: file.size,
  }));
}

/**
 * Moves accepted files to their stored names, each in one rename. Called inside the transaction
 * that writes their rows, so a failed move undoes the rows; the caller removes the stored names
 * (removeMedia) when the transaction fails, and the temporary files in any case (discardUploads).
 */
export function moveMediaIntoPlace(files: AcceptedMedia[], names: StoredMedia[]) {
  files.forEach((file, index) => fs.renameSync(file.tempPath, uploadPath(names[index].fileName)));
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
  // One look-up through each table's unique index on file_name, and the owning row by its key (the
  // education hub's images belong to the instance and are never hidden).
  const row = (await statement(
    `SELECT m.mime_type AS mimeType, p.author_id AS ownerId, p.hidden_at AS hiddenAt
       FROM post_media m JOIN posts p ON p.id = m.post_id WHERE m.file_name = ?
     UNION ALL
     SELECT ph.mime_type, l.seller_id, l.hidden_at
       FROM listing_photos ph JOIN listings l ON l.id = ph.listing_id WHERE ph.file_name = ?
     UNION ALL
     SELECT mime_type, NULL, NULL FROM education_images WHERE file_name = ?
     UNION ALL
     SELECT 'image/' || replace(substr(logo_file, 34), 'jpg', 'jpeg'), NULL, NULL FROM site_settings WHERE logo_file = ?
     UNION ALL
     SELECT ep.mime_type, e.organiser_id, NULL
       FROM event_photos ep JOIN events e ON e.id = ep.event_id WHERE ep.file_name = ?`,
  ).get(name, name, name, name, name)) as { mimeType: string; ownerId: number | null; hiddenAt: number | null } | undefined;
  if (!row) return notFound();
  const hidden = row.hiddenAt !== null;
  if (hidden && (row.ownerId === null || !(await seesHidden(row.ownerId)))) return notFound();
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
