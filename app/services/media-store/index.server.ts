import { getEnv } from "../env.server";
import { diskMediaStore } from "./disk.server";
import { s3MediaStore } from "./s3.server";
import type { MediaStore } from "./types";

export type { ByteRange, MediaStore, OpenedMedia } from "./types";

let store: MediaStore | undefined;

/**
 * Where this process keeps media files: UPLOAD_DIR, or the bucket MEDIA_STORE names. Only
 * media.server uses it; features go through media.server.
 */
export function mediaStore(): MediaStore {
  if (store) return store;
  const { mediaStore: config, uploadDir } = getEnv();
  store = config.kind === "s3" ? s3MediaStore(config) : diskMediaStore(uploadDir);
  return store;
}
