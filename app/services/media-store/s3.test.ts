import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { text } from "node:stream/consumers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startLocalS3, type LocalS3 } from "../../../tests/support/s3-server";
import { s3MediaStore } from "./s3.server";

/**
 * The S3 store against a real S3-compatible server: a file goes up in one streamed PUT, or in
 * parts, and comes back byte for byte, in ranges too; removal is idempotent; a server
 * that stopped is a problem the store names.
 */

let s3: LocalS3;
const folder = fs.mkdtempSync(path.join(os.tmpdir(), "circular-s3-store-"));

beforeAll(async () => {
  s3 = await startLocalS3();
});

afterAll(async () => {
  await s3?.stop();
  fs.rmSync(folder, { recursive: true, force: true });
});

const storeFor = (prefix: string, bucket = s3.bucket, options: Parameters<typeof s3MediaStore>[1] = {}) =>
  s3MediaStore(
    {
      kind: "s3",
      bucket,
      prefix,
      endpoint: s3.endpoint,
      region: "us-east-1",
      accessKeyId: "S3RVER",
      secretAccessKey: "S3RVER",
    },
    options,
  );

describe("the S3 media store", () => {
  it.each([
    ["in one streamed PUT", "a/b/", {}],
    ["in parts of 5 MB (Upload)", "a/c/", { singlePutMaxBytes: 0 }],
  ])("puts a file of 12 MB %s under the prefix and reads it back whole and in ranges", async (_, prefix, options) => {
    const store = storeFor(prefix, s3.bucket, options);
    // A repeating line, so each byte's place is readable.
    const line = "0123456789abcdef".repeat(4) + "\n";
    const body = line.repeat(Math.ceil((12 * 1024 * 1024) / line.length));
    const file = path.join(folder, "video.part");
    fs.writeFileSync(file, body);
    const name = "f".repeat(32) + ".mp4";

    await store.put(file, name, "video/mp4");
    expect(await s3.keys(prefix)).toEqual([prefix + name]);

    const opened = await store.open(name);
    expect(opened?.size).toBe(body.length);
    expect(await text((await opened!.read({ start: 0, end: body.length - 1 }))!)).toBe(body);
    const start = 7 * 1024 * 1024 + 3;
    expect(await text((await opened!.read({ start, end: start + 99 }))!)).toBe(body.slice(start, start + 100));

    // Removed between the look and the read (its post deleted meanwhile): nothing to read.
    await store.remove([name]);
    expect(await opened!.read({ start: 0, end: 9 })).toBeNull();
  });

  it("answers null for a name it does not hold, and removes names whether or not they are there", async () => {
    const store = storeFor("c/");
    const file = path.join(folder, "small.part");
    fs.writeFileSync(file, "bytes");
    await store.put(file, "e".repeat(32) + ".png", "image/png");
    expect(await store.open("d".repeat(32) + ".png")).toBeNull();

    await store.remove(["e".repeat(32) + ".png", "d".repeat(32) + ".png"]);
    expect(await s3.keys("c/")).toEqual([]);
    expect(await store.open("e".repeat(32) + ".png")).toBeNull();
  });

  it("has no problem while the server answers, and names the bucket once it stops", async () => {
    const store = storeFor("");
    expect(await store.problem()).toBeNull();
    const missing = storeFor("", "no-such-bucket");
    expect(await missing.problem()).toMatch(/^the bucket no-such-bucket answered 404/);
    await s3.stop();
    expect(await store.problem()).toMatch(/^the bucket media answered nothing/);
  });
});
