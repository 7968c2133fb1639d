import fs from "node:fs";
import path from "node:path";
import { getEnv } from "./env.server";

/**
 * The disk under UPLOAD_DIR and the database: telling a full disk from other failures, and how
 * much room is left for /healthz.
 */

/** A file write that failed for want of space (or of the user's quota). */
export function isFileStorageFull(error: unknown) {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "ENOSPC" || code === "EDQUOT";
}

/** A database write that failed because its disk is full. */
export function isDatabaseFull(error: unknown) {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && code.startsWith("SQLITE_FULL");
}

/** How a full disk is answered: 507 when a file could not be written, 503 (try again) for the database. */
export function storageFullStatus(error: unknown): 507 | 503 | null {
  if (isFileStorageFull(error)) return 507;
  if (isDatabaseFull(error)) return 503;
  return null;
}

/** One line for the operator, the error's first line included; no stack, nothing for the client. */
export function logStorageFull(request: Request, status: number, error: unknown) {
  const cause = error instanceof Error ? error.message.split("\n")[0] : String(error);
  console.error(`Out of storage space: ${request.method} ${new URL(request.url).pathname} answered ${status} (${cause})`);
}

/**
 * Below this much free space a disk is "low": fewer than four of the largest posts (5 files of
 * 10 MB) fit. Below FULL_BELOW_BYTES it is "full": not even one file of the largest size fits.
 */
export const LOW_BELOW_BYTES = 200 * 1024 * 1024;
export const FULL_BELOW_BYTES = 10 * 1024 * 1024;

export type StorageState = "ok" | "low" | "full";

/**
 * The state of the fuller of the two disks (UPLOAD_DIR's and the database's folder's), from the
 * space an unprivileged process may still use. A folder that cannot be asked is left out: the
 * database's own check reports a database that is gone. With media in a bucket (MEDIA_STORE),
 * UPLOAD_DIR holds only uploads being received, and only the database's disk counts.
 */
export function storageState(): StorageState {
  const env = getEnv();
  let least = Infinity;
  const folders =
    env.mediaStore.kind === "disk" ? [env.uploadDir, path.dirname(env.databasePath)] : [path.dirname(env.databasePath)];
  for (const dir of folders) {
    try {
      const stats = fs.statfsSync(dir);
      least = Math.min(least, stats.bavail * stats.bsize);
    } catch {
      // Reported elsewhere (the database check), or the folder is being restored.
    }
  }
  return least < FULL_BELOW_BYTES ? "full" : least < LOW_BELOW_BYTES ? "low" : "ok";
}
