import type { Readable } from "node:stream";

/** Bytes `start` to `end` of a file, both included. */
export type ByteRange = { start: number; end: number };

/**
 * A stored file that is there: its size, and its bytes (a range, or all of them) when asked, or
 * null when it was removed in between.
 */
export type OpenedMedia = { size: number; read: (range: ByteRange) => Promise<Readable | null> };

type CommonStore = {
  /** Where the files are, as the start-up report says it. */
  description: string;
  /** The stored file of this name, or null when there is none. */
  open(name: string): Promise<OpenedMedia | null>;
  /** Removes stored files; one already gone is no error. Throws naming those that could not be removed. */
  remove(names: string[]): Promise<void>;
  /** Why files cannot be stored and read now, or null when they can; answers within a few seconds (for /healthz). */
  problem(): Promise<string | null>;
};

/**
 * Files under UPLOAD_DIR. A file is moved into place by one rename, synchronously, inside the
 * transaction that writes its row: a failed rename undoes the row.
 */
export type DiskMediaStore = CommonStore & { kind: "disk"; moveIntoPlace(tempPath: string, name: string): void };

/**
 * Objects in an S3-compatible bucket. A file is put when its upload is accepted, before any row is
 * written: a transaction may not wait on the network (it holds the database's write lock).
 */
export type ObjectMediaStore = CommonStore & { kind: "s3"; put(tempPath: string, name: string, mimeType: string): Promise<void> };

export type MediaStore = DiskMediaStore | ObjectMediaStore;
