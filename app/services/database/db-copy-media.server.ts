import fsp from "node:fs/promises";
import path from "node:path";
import { mediaTypeOfName } from "../media.server";
import type { ObjectMediaStore } from "../media-store/types";
import { describeError } from "./backup-files.server";
import type { Log } from "./backup-format.server";

/** A progress line at most this often (and at the end). */
const PROGRESS_EVERY_MS = 2000;

export type MediaCopy = {
  files: number;
  copied: number;
  present: number;
  bytes: number;
  unheld: number;
  vanished: string[];
  failed: string[];
};

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * Puts every stored file of UPLOAD_DIR that a row holds (`held`: the names in the features' media
 * columns) in the bucket under its own name, one at a time, streamed from the disk. A file no row
 * holds is no one's (a removal that failed, a file put there by hand) and is left where it is,
 * counted. Dot files are left: uploads in progress (`.upload-*.part`) and seeding folders
 * are never stored media. An object already there with the same size is kept, so a copy cut off
 * can be run again. A file gone between the listing and its reading is reported, not fatal (the
 * server removed it with its row, or someone else did: either way no row needs it); a file the
 * bucket refuses is reported and makes the command fail, after the others were tried.
 */
export async function copyMedia(
  uploadDir: string,
  held: ReadonlySet<string>,
  store: ObjectMediaStore,
  log: Log,
): Promise<MediaCopy> {
  let entries: string[];
  try {
    entries = (await fsp.readdir(uploadDir, { withFileTypes: true }))
      .filter((entry) => entry.isFile() && !entry.name.startsWith("."))
      .map((entry) => entry.name)
      .sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    entries = [];
  }
  const unheld = entries.filter((name) => !held.has(name)).length;
  entries = entries.filter((name) => held.has(name));
  const result: MediaCopy = { files: entries.length, copied: 0, present: 0, bytes: 0, unheld, vanished: [], failed: [] };
  log(`Media: ${entries.length.toLocaleString("en-US")} files in ${uploadDir}, to ${store.description}`);
  let lastLine = Date.now();
  for (const [at, name] of entries.entries()) {
    const file = path.join(uploadDir, name);
    try {
      let size: number;
      try {
        size = (await fsp.stat(file)).size;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
        result.vanished.push(name);
        continue;
      }
      const existing = await store.open(name);
      if (existing?.size === size) {
        result.present++;
      } else {
        await store.put(file, name, mediaTypeOfName(name) ?? "application/octet-stream");
        result.copied++;
        result.bytes += size;
      }
    } catch (error) {
      result.failed.push(name);
      log(`Media: ${name} could not be copied: ${describeError(error)}`);
    }
    if (at + 1 === entries.length || Date.now() - lastLine >= PROGRESS_EVERY_MS) {
      lastLine = Date.now();
      log(
        `media: ${(at + 1).toLocaleString("en-US")} / ${entries.length.toLocaleString("en-US")} files (${megabytes(result.bytes)} sent)`,
      );
    }
  }
  return result;
}
