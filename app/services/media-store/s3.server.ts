import fs from "node:fs";
import type { Readable } from "node:stream";
import { DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, HeadObjectCommand, S3Client } from "@aws-sdk/client-s3";
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
 * Media files as objects in an S3-compatible bucket, named `prefix + stored name`. Uploads stream
 * from their temporary file in parts of 5 MB, two sent at once (lib-storage's Upload: a few parts in
 * memory, never the whole of a large file); reads stream the object's body, a byte range asked of
 * the server as a Range.
 */
export function s3MediaStore(config: S3Config): ObjectMediaStore {
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
      const upload = new Upload({
        client,
        queueSize: 2,
        params: { Bucket, Key: keyOf(name), Body: fs.createReadStream(tempPath), ContentType: mimeType },
      });
      await upload.done();
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
