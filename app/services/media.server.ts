import { randomBytes } from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { statement } from "./database/db.server";
import { getEnv } from "./env.server";
import { BusyError } from "./http/busy";
import { heldStoredFiles } from "./features.server";
import { isWholeImage, WHOLE_CHECKED_IMAGES, type WholeCheckedImage } from "./image-size.server";
import { logError, logLine } from "./log.server";
import { mediaStore, type OpenedMedia } from "./media-store/index.server";

export { loadMediaStore } from "./media-store/index.server";

/**
 * Media storage: recognising a file's type by its bytes, storing files with random names (under
 * UPLOAD_DIR, or in the bucket MEDIA_STORE names: media-store/), removing them, and serving them
 * back at /media/<name>. What may be attached, and how a submission is read, is the feature's own
 * rule (features/community/post-submission.server). Uploads are received into temporary files
 * under UPLOAD_DIR whichever the store.
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
/** The image types whose end isWholeImage knows (AVIF and the videos are taken as their first bytes say). */
const isWholeChecked = (type: string): type is WholeCheckedImage => (WHOLE_CHECKED_IMAGES as readonly string[]).includes(type);

/**
 * A file that passed every check and waits in a temporary file under UPLOAD_DIR (so moving it into
 * place is a rename on the same filesystem) until the whole submission is valid and its row written.
 * With a bucket, it is already there under `storedAs` (put when accepted: acceptMedia), and its
 * temporary file stays until the submission is discarded, for checks that read it (a logo's size).
 */
export type AcceptedMedia = {
  tempPath: string;
  mimeType: MediaType;
  size: number;
  /** The stored name it was put under in the bucket when accepted; absent with the disk. */
  storedAs?: string;
  /** Set once its row is written: discarding the submission then keeps its object. */
  placed?: boolean;
};
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
  if (!detected || !(detected.mime in MEDIA_TYPES)) return null;
  const type = detected.mime as MediaType;
  // An image cut short passes by its first bytes: it is none of these until it reaches its end.
  if (isWholeChecked(type) && !(await isWholeImage(file, type))) return null;
  return type;
}

/** Where a stored file is served. */
export const mediaUrl = (fileName: string) => `/media/${fileName}`;

function uploadPath(fileName: string) {
  return path.join(getEnv().uploadDir, fileName);
}

/**
 * Temporary files of uploads being read (`.part`), and beside one put in the bucket, the note of
 * its object's name (`.object`) until its submission ends: never served (not a stored name),
 * never backed up.
 */
const UPLOAD_IN_PROGRESS = /^\.upload-[0-9a-f]{32}\.(?:part|object)$/;
/** The note beside an upload's temporary file of the object it was put in the bucket as. */
const objectNoteOf = (tempPath: string) => tempPath.replace(/\.part$/, ".object");
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

/** The type a file's extension names, or null when it is none of MEDIA_TYPES'. */
export const mediaTypeOfName = (name: string): MediaType | null =>
  (Object.entries(MEDIA_TYPES).find(([, extension]) => name.endsWith(`.${extension}`))?.[0] as MediaType | undefined) ?? null;

/** A stored file's random name, with its type's extension. */
const randomName = (mimeType: MediaType) => `${randomBytes(16).toString("hex")}.${MEDIA_TYPES[mimeType]}`;

/** How long a client is asked to wait when the bucket does not answer. */
const MEDIA_STORE_RETRY_AFTER_SECONDS = 60;

/**
 * A received file that passed its checks. With a bucket it is put there now, under the name it
 * will be stored as: no row is written yet (nothing serves it), and a submission refused later
 * removes it again (discardUploads). A bucket that does not take it throws a BusyError, which
 * the submission answers as a refusal to try again later (503).
 */
export async function acceptMedia(tempPath: string, mimeType: MediaType, size: number): Promise<AcceptedMedia> {
  const store = mediaStore();
  if (store.kind === "disk") return { tempPath, mimeType, size };
  const storedAs = randomName(mimeType);
  // Noted before it is put: a process that stops before the submission ends leaves the note, and
  // the hourly sweep removes the object unless a row holds it (sweepAbandonedUploads).
  await fsp.writeFile(objectNoteOf(tempPath), storedAs);
  try {
    await store.put(tempPath, storedAs, mimeType);
  } catch (error) {
    await fsp.rm(objectNoteOf(tempPath), { force: true });
    logError("Media store: an upload could not be stored", error);
    throw new BusyError("Files cannot be stored right now. Please try again in a minute.", MEDIA_STORE_RETRY_AFTER_SECONDS);
  }
  return { tempPath, mimeType, size, storedAs };
}

/**
 * Removes the temporary files of a submission (any already moved into place are gone from there)
 * and, with a bucket, the objects of `accepted` files whose rows were never written. The notes of
 * objects go once nothing is left to do for them: an object the bucket would not remove keeps its
 * note, for the hourly sweep to try again.
 */
export async function discardUploads(files: { tempPath: string; close?: () => Promise<void> }[], accepted: AcceptedMedia[] = []) {
  await Promise.all(
    files.map(async (file) => {
      await file.close?.().catch(() => {});
      await fsp.rm(file.tempPath, { force: true });
    }),
  );
  const inBucket = accepted.filter((file) => file.storedAs);
  const unplaced = inBucket.filter((file) => !file.placed).map((file) => file.storedAs!);
  let settled = inBucket;
  if (unplaced.length) {
    try {
      await mediaStore().remove(unplaced);
    } catch (error) {
      logError("Media store: the files of a refused upload were left for the hourly sweep", error);
      settled = inBucket.filter((file) => file.placed);
    }
  }
  await Promise.all(settled.map((file) => fsp.rm(objectNoteOf(file.tempPath), { force: true })));
}

/** An upload untouched this long was abandoned (its process stopped mid-way): nothing still receiving it pauses an hour. */
const ABANDONED_AFTER_MS = 60 * 60_000;

/** Objects whose notes one look at the features' rows checks. */
const NOTES_CHECKED_AT_ONCE = 500;

/**
 * Removes what uploads abandoned by a process that stopped left behind (the hourly sweep): their
 * temporary files, and with a bucket, the objects put there for a submission that never ended,
 * unless a row holds one (the process stopped after its submission's rows were written). Answers
 * how many temporary files and objects it removed.
 */
export async function sweepAbandonedUploads(now = Date.now()) {
  let names: string[];
  try {
    names = fs.readdirSync(getEnv().uploadDir);
  } catch {
    // Not there (being restored, a volume not mounted): nothing to sweep; the next sweep looks again.
    return 0;
  }
  const abandoned = names.filter((name) => {
    if (!isUploadInProgress(name)) return false;
    try {
      return now - fs.statSync(uploadPath(name)).mtimeMs >= ABANDONED_AFTER_MS;
    } catch {
      // Gone meanwhile: its request finished.
      return false;
    }
  });
  let removed = 0;
  for (const name of abandoned.filter((each) => each.endsWith(".part"))) {
    fs.rmSync(uploadPath(name), { force: true });
    removed++;
  }
  const notes = abandoned.filter((each) => each.endsWith(".object"));
  for (let start = 0; start < notes.length; start += NOTES_CHECKED_AT_ONCE) {
    removed += await removeAbandonedObjects(notes.slice(start, start + NOTES_CHECKED_AT_ONCE));
  }
  return removed;
}

/** The objects the notes name that no row holds, removed from the bucket, then the notes; answers how many objects. */
async function removeAbandonedObjects(notes: string[]) {
  const named = new Map<string, string>();
  for (const note of notes) {
    try {
      const storedAs = fs.readFileSync(uploadPath(note), "utf8");
      if (STORED_NAME.test(storedAs)) named.set(note, storedAs);
    } catch {
      // Gone meanwhile: another process's sweep took it.
    }
  }
  const held = await heldStoredFiles([...named.values()]);
  const orphans = [...named.values()].filter((name) => !held.has(name));
  const store = mediaStore();
  // Stored on the disk now (MEDIA_STORE unset since): the bucket is out of reach, and its notes go.
  if (orphans.length && store.kind !== "disk") {
    try {
      await store.remove(orphans);
    } catch (error) {
      // The notes stay for the next sweep.
      logError("Media store: the hourly sweep could not remove the objects of abandoned uploads", error);
      return 0;
    }
    logLine(
      `Removed ${orphans.length} ${orphans.length === 1 ? "file" : "files"} of uploads a stopped process left in the bucket`,
    );
  }
  for (const note of notes) fs.rmSync(uploadPath(note), { force: true });
  return store.kind === "disk" ? 0 : orphans.length;
}

/** The names accepted files will be stored under: random, with their type's extension. */
export function nameMedia(files: AcceptedMedia[]): StoredMedia[] {
  return files.map((file) => ({
    fileName: file.storedAs ?? randomName(file.mimeType),
    mimeType: file.mimeType,
    size: file.size,
  }));
}

/**
 * Moves accepted files to their stored names, each in one rename. Called inside the transaction
 * that writes their rows, so a failed move undoes the rows; the caller removes the stored names
 * (removeMedia) when the transaction fails, and the temporary files in any case (discardUploads).
 * With a bucket the objects are there already (acceptMedia): they are only marked as kept.
 */
export function moveMediaIntoPlace(files: AcceptedMedia[], names: StoredMedia[]) {
  const store = mediaStore();
  files.forEach((file, index) => {
    const name = names[index].fileName;
    if (store.kind === "disk") return store.moveIntoPlace(file.tempPath, name);
    if (file.storedAs !== name) throw new Error(`Media: ${name} was not put in the bucket when accepted`);
    file.placed = true;
  });
}

/**
 * Removes stored files. Their rows are gone already, so a file that cannot be removed (the bucket
 * not answering) is logged by name for the operator, and the request goes on.
 */
export async function removeMedia(files: Pick<StoredMedia, "fileName">[]) {
  if (!files.length) return;
  try {
    await mediaStore().remove(files.map((file) => file.fileName));
  } catch (error) {
    logError("Media store: files of removed content were left behind", error);
  }
}

/** How long one look at the store answers /healthz: anyone may ask it, and a bucket's answer is a request to it. */
const HEALTH_REUSED_FOR_MS = 2000;
let lastHealth: { at: number; answer: Promise<"ok" | "unavailable"> } | undefined;

/** What /healthz says of where media files are kept: the folder writable, or the bucket answering. */
export function mediaStoreHealth(now = Date.now()): Promise<"ok" | "unavailable"> {
  if (!lastHealth || now - lastHealth.at >= HEALTH_REUSED_FOR_MS) {
    lastHealth = {
      at: now,
      answer: mediaStore()
        .problem()
        .then((problem) => (problem === null ? "ok" : "unavailable")),
    };
  }
  return lastHealth.answer;
}

/** Why media files cannot be stored now (for the start-up check), or null when they can. */
export const mediaStoreProblem = () => mediaStore().problem();

/** The start-up report's line on where media files are kept. */
export const mediaStoreLine = () => `Media: stored ${mediaStore().description}`;

/**
 * Where the sample content's pictures are copied to by name as it is seeded: UPLOAD_DIR itself,
 * or, with a bucket, a folder under it whose files `storeSeededMedia` then puts in the bucket.
 */
export function seededMediaFolder() {
  const { uploadDir } = getEnv();
  return mediaStore().kind === "disk" ? uploadDir : fs.mkdtempSync(path.join(uploadDir, ".seed-"));
}

export async function storeSeededMedia(folder: string) {
  const store = mediaStore();
  if (store.kind === "disk") return;
  try {
    for (const name of fs.readdirSync(folder)) {
      await store.put(path.join(folder, name), name, mediaTypeOfName(name) ?? "application/octet-stream");
    }
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
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
  const unavailable = () =>
    new Response("Media cannot be read right now", {
      status: 503,
      headers: { "Content-Type": "text/plain", "Retry-After": String(MEDIA_STORE_RETRY_AFTER_SECONDS) },
    });
  if (!STORED_NAME.test(name)) return notFound();
  // One look-up through each table's unique index on file_name, and the owning row by its key (the
  // education hub's images belong to the instance and are never hidden). The names are quoted so
  // PostgreSQL keeps their case.
  const row = (await statement(
    `SELECT m.mime_type AS "mimeType", p.author_id AS "ownerId", p.hidden_at AS "hiddenAt"
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
  let opened: OpenedMedia | null;
  try {
    opened = await mediaStore().open(name);
  } catch (error) {
    logError(`Media store: ${name} could not be read`, error);
    return unavailable();
  }
  if (!opened) return notFound();
  const { size } = opened;
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
  let stream: Readable | null;
  try {
    stream = await opened.read(range);
  } catch (error) {
    logError(`Media store: ${name} could not be read`, error);
    return unavailable();
  }
  if (!stream) return notFound();
  return new Response(Readable.toWeb(stream) as ReadableStream, {
    status,
    headers,
  });
}
