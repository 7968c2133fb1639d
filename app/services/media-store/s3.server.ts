import fs from "node:fs";
import fsp from "node:fs/promises";
import type { Readable } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import type { MediaStoreConfig } from "../env.server";
import type { ObjectMediaStore } from "./types";

type S3Config = Extract<MediaStoreConfig, { kind: "s3" }>;

/** How long /healthz waits for the bucket to answer before calling it unavailable. */
const HEALTH_TIMEOUT_MS = 3000;
/** Objects removed at once (an account's erasure may remove hundreds). */
const REMOVALS_AT_ONCE = 8;

const isMissing = (error: unknown) => (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404;

/**
 * Files up to this size go up in one PUT streamed from their temporary file: nothing of them is
 * held in memory. lib-storage's Upload holds each 5 MB part it sends and reads ahead, so a file of
 * 10 MB (the largest a post takes) would be in memory whole: eight members sending four such
 * files at once raised the server's peak memory by 150 MB through Upload, and by 50 MB (as on the
 * disk) through streamed PUTs. Larger files (none today) go up in parts through Upload.
 */
const SINGLE_PUT_MAX_BYTES = 64 * 1024 * 1024;

/**
 * Media files as objects in an S3-compatible bucket, named `prefix + stored name`. Uploads stream
 * from their temporary file; reads stream the object's body, a byte range asked of the server as a
 * Range. `singlePutMaxBytes` is for tests of the multipart path.
 */
export function s3MediaStore(config: S3Config, { singlePutMaxBytes = SINGLE_PUT_MAX_BYTES } = {}): ObjectMediaStore {
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    // Servers other than AWS's name buckets in the path, not in the host name.
    forcePathStyle: config.endpoint !== undefined,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    // The SDK's default since 2025 adds CRC32 checksums and aws-chunked bodies to every upload,
    // which many S3-compatible servers refuse: checksums only where the API requires them.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    requestHandler: { connectionTimeout: 5000, requestTimeout: 60_000 },
  });
  const Bucket = config.bucket;
  const keyOf = (name: string) => config.prefix + name;
  return {
    kind: "s3",
    description: `in s3://${Bucket}/${config.prefix}${config.endpoint ? ` at ${config.endpoint}` : ` (AWS, ${config.region})`}`,
    async put(tempPath, name, mimeType) {
      const size = (await fsp.stat(tempPath)).size;
      const object = { Bucket, Key: keyOf(name), Body: fs.createReadStream(tempPath), ContentType: mimeType };
      if (size <= singlePutMaxBytes) {
        // A file's stream with its length is sent as it is read (UNSIGNED-PAYLOAD: no hash read first).
        await client.send(new PutObjectCommand({ ...object, ContentLength: size }));
        return;
      }
      // In parts of 5 MB, one at a time; a failed upload is aborted, leaving no parts behind.
      await new Upload({ client, queueSize: 1, params: object }).done();
    },
    async open(name) {
      let size: number;
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: keyOf(name) }));
        size = head.ContentLength ?? 0;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      return {
        size,
        async read({ start, end }) {
          try {
            const object = await client.send(new GetObjectCommand({ Bucket, Key: keyOf(name), Range: `bytes=${start}-${end}` }));
            return object.Body as Readable;
          } catch (error) {
            if (isMissing(error)) return null;
            throw error;
          }
        },
      };
    },
    async remove(names) {
      const failed: string[] = [];
      for (let at = 0; at < names.length; at += REMOVALS_AT_ONCE) {
        await Promise.all(
          names.slice(at, at + REMOVALS_AT_ONCE).map(async (name) => {
            try {
              await client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(name) }));
            } catch (error) {
              if (!isMissing(error)) failed.push(name);
            }
          }),
        );
      }
      if (failed.length) throw new Error(`the bucket did not remove ${failed.join(", ")}`);
    },
    async problem() {
      try {
        // The cheapest request that needs the bucket and the credentials (s3:ListBucket).
        await client.send(new HeadBucketCommand({ Bucket }), {
          abortSignal: AbortSignal.timeout(HEALTH_TIMEOUT_MS),
        });
        return null;
      } catch (error) {
        const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
        const cause = error instanceof Error ? `${error.name}: ${error.message.split("\n")[0]}` : String(error);
        return `the bucket ${Bucket} answered ${status ? `${status} (${cause})` : `nothing (${cause})`}`;
      }
    },
  };
}
