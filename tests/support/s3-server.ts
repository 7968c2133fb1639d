import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import S3rver from "s3rver";

export type LocalS3 = {
  endpoint: string;
  bucket: string;
  /** The environment that points a server's media at `prefix` in the bucket. */
  env: (prefix: string) => Record<string, string>;
  /** The names of the objects under `prefix`, sorted. */
  keys: (prefix: string) => Promise<string[]>;
  stop: () => Promise<void>;
};

const KEY = "S3RVER";

/**
 * A real S3-compatible server on a free port (s3rver, keeping objects in a temporary folder) with
 * one bucket: the server under test talks to it over HTTP as it would to any other.
 */
export async function startLocalS3(bucket = "media"): Promise<LocalS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "circular-s3-"));
  const server = new S3rver({ port: 0, address: "127.0.0.1", silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    endpoint,
    forcePathStyle: true,
    region: "us-east-1",
    credentials: { accessKeyId: KEY, secretAccessKey: KEY },
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  let stopped = false;
  return {
    endpoint,
    bucket,
    env: (prefix) => ({
      MEDIA_STORE: `s3://${bucket}/${prefix}`,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: KEY,
      S3_SECRET_ACCESS_KEY: KEY,
    }),
    async keys(prefix) {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix }));
      return (listed.Contents ?? []).map((object) => object.Key!).sort();
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      client.destroy();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        // The app's client keeps its connections open: closing waits for none of them.
        server.httpServer.closeAllConnections();
      });
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
