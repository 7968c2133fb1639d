import { getEnv } from "../env.server";
import { diskMediaStore } from "./disk.server";
import type { MediaStore } from "./types";

export type { ByteRange, MediaStore, OpenedMedia } from "./types";

let store: MediaStore | undefined;

/**
 * Makes the bucket's store where MEDIA_STORE names one, loading the S3 SDK only then (a server
 * on its disk does not hold it in memory): the server's start runs it before anything stores a file.
 */
export async function loadMediaStore(): Promise<MediaStore> {
  if (store) return store;
  const { mediaStore: config, uploadDir } = getEnv();
  store = config.kind === "s3" ? (await import("./s3.server")).s3MediaStore(config) : diskMediaStore(uploadDir);
  return store;
}

/**
 * Where this process keeps media files: UPLOAD_DIR, or the bucket MEDIA_STORE names (made at
 * start by loadMediaStore). Only media.server uses it; features go through media.server.
 */
export function mediaStore(): MediaStore {
  if (store) return store;
  const { mediaStore: config, uploadDir } = getEnv();
  if (config.kind === "s3") throw new Error("MEDIA_STORE names a bucket, and loadMediaStore() did not run at start.");
  store = diskMediaStore(uploadDir);
  return store;
}
