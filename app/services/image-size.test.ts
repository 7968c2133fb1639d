import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { isWholeImage, type WholeCheckedImage } from "./image-size.server";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "circular-images-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const seed = (name: string) => fs.readFileSync(path.resolve("db/seed-media", name));
// A 1×1 GIF, whole: header, screen, colour table, image, data, trailer (0x3b).
const GIF = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");
const images: [WholeCheckedImage, Buffer][] = [
  ["image/png", seed("cargo-bike.png")],
  ["image/jpeg", seed("sorting-line.jpg")],
  ["image/webp", seed("solar-roof.webp")],
  ["image/gif", GIF],
];

let count = 0;
function written(bytes: Buffer) {
  const file = path.join(dir, `image-${++count}`);
  fs.writeFileSync(file, bytes);
  return file;
}

describe("isWholeImage", () => {
  it.each(images)("takes a whole %s, and one padded with zero bytes after its end", async (type, bytes) => {
    expect(await isWholeImage(written(bytes), type)).toBe(true);
    expect(await isWholeImage(written(Buffer.concat([bytes, Buffer.alloc(2 * 1024 * 1024)])), type)).toBe(true);
  });

  it.each(images)("refuses a %s cut short: its header alone, or its first half", async (type, bytes) => {
    expect(await isWholeImage(written(bytes.subarray(0, 30)), type)).toBe(false);
    if (type !== "image/gif")
      expect(await isWholeImage(written(bytes.subarray(0, bytes.length >> 1)), type)).toBe(type === "image/jpeg");
  });

  it("takes a JPEG with a video after its end, as phones write motion photos", async () => {
    const jpeg = seed("sorting-line.jpg");
    expect(await isWholeImage(written(Buffer.concat([jpeg, Buffer.alloc(8192, 7)])), "image/jpeg")).toBe(true);
  });
});
