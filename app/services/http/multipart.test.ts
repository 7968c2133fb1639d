import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { getEnv } from "../env.server";
import { sweepAbandonedUploads } from "../media.server";
import { MultipartError, multipartBoundary, readMultipart, type MultipartEvent } from "./multipart.server";

const BOUNDARY = "----form7MA4YWxkTrZu0gW";
const body = [
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="title"\r\n\r\nCrates\r\n`,
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="note"\r\n\r\nline one\r\n--not the boundary\r\n`,
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="media_0"; filename="a \\"b\\".jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
  "\xff\xd8\xff\r\n\r\n--",
  `\r\n--${BOUNDARY}--\r\nepilogue`,
].join("");

/** The body sent in chunks cut at `cuts`, as the network may cut it. */
function streamOf(bytes: Buffer, cuts: number[]) {
  const pieces = [0, ...cuts, bytes.length].slice(1).map((end, index, ends) => bytes.subarray(index ? ends[index - 1] : 0, end));
  return new ReadableStream<Uint8Array>({
    start(controller) {
      for (const piece of pieces) controller.enqueue(new Uint8Array(piece));
      controller.close();
    },
  });
}

/** The parts as they were read: each one's start, its bytes joined, and its end. */
async function partsOf(stream: ReadableStream<Uint8Array>) {
  const parts: { name: string; fileName: string | null; contentType: string | null; bytes: string }[] = [];
  for await (const event of readMultipart(stream, BOUNDARY, { maxParts: 10, maxHeaderBytes: 1024 })) {
    const current = parts.at(-1);
    if (event.type === "part")
      parts.push({ name: event.name, fileName: event.fileName, contentType: event.contentType, bytes: "" });
    else if (event.type === "data") current!.bytes += Buffer.from(event.bytes).toString("latin1");
    else expect(event satisfies MultipartEvent).toEqual({ type: "end" });
  }
  return parts;
}

describe("readMultipart", () => {
  const bytes = Buffer.from(body, "latin1");
  const expected = [
    { name: "title", fileName: null, contentType: null, bytes: "Crates" },
    { name: "note", fileName: null, contentType: null, bytes: "line one\r\n--not the boundary" },
    { name: "media_0", fileName: 'a "b".jpg', contentType: "image/jpeg", bytes: "\xff\xd8\xff\r\n\r\n--" },
  ];

  it("reads every part whole, wherever the network cuts the body", async () => {
    expect(await partsOf(streamOf(bytes, []))).toEqual(expected);
    for (let cut = 1; cut < bytes.length; cut++) expect(await partsOf(streamOf(bytes, [cut]))).toEqual(expected);
    // In pieces of every size from one byte up: a boundary falls across pieces in every way.
    for (let size = 1; size <= 64; size++) {
      const cuts = Array.from({ length: Math.ceil(bytes.length / size) - 1 }, (_, index) => (index + 1) * size);
      expect(await partsOf(streamOf(bytes, cuts))).toEqual(expected);
    }
  });

  it("refuses a body cut short, too many parts and a header past its limit", async () => {
    const read = (stream: ReadableStream<Uint8Array>, limits = { maxParts: 10, maxHeaderBytes: 1024 }) =>
      (async () => {
        for await (const _ of readMultipart(stream, BOUNDARY, limits));
      })();
    await expect(read(streamOf(bytes.subarray(0, 150), []))).rejects.toEqual(new MultipartError("malformed"));
    await expect(read(streamOf(bytes, []), { maxParts: 2, maxHeaderBytes: 1024 })).rejects.toEqual(
      new MultipartError("too-many-parts"),
    );
    await expect(read(streamOf(bytes, []), { maxParts: 10, maxHeaderBytes: 40 })).rejects.toEqual(
      new MultipartError("header-too-large"),
    );
  });

  it("finds the boundary in a Content-Type, quoted or not", () => {
    expect(multipartBoundary(`multipart/form-data; boundary=${BOUNDARY}`)).toBe(BOUNDARY);
    expect(multipartBoundary('multipart/form-data; charset=utf-8; boundary="a b"')).toBe("a b");
    expect(multipartBoundary("multipart/form-data")).toBeNull();
    expect(multipartBoundary("text/plain; boundary=x")).toBeNull();
  });
});

describe("sweepAbandonedUploads", () => {
  it("removes uploads left untouched for an hour, and nothing else", async () => {
    const dir = getEnv().uploadDir;
    fs.mkdirSync(dir, { recursive: true });
    const abandoned = path.join(dir, `.upload-${"a".repeat(32)}.part`);
    const receiving = path.join(dir, `.upload-${"b".repeat(32)}.part`);
    const stored = path.join(dir, `${"c".repeat(32)}.jpg`);
    for (const file of [abandoned, receiving, stored]) fs.writeFileSync(file, "x");
    const anHourAgo = new Date(Date.now() - 61 * 60_000);
    fs.utimesSync(abandoned, anHourAgo, anHourAgo);
    fs.utimesSync(stored, anHourAgo, anHourAgo);

    expect(await sweepAbandonedUploads()).toBe(1);
    expect([abandoned, receiving, stored].map((file) => fs.existsSync(file))).toEqual([false, true, true]);
  });
});
