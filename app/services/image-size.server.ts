import fsp from "node:fs/promises";

/**
 * An image's width and height in pixels, read from its header (PNG, GIF, JPEG, WebP): no image
 * library is installed, so images are measured and refused when too large, never resized. Null
 * when the header does not say (a damaged file, another type).
 */
export async function imageSize(file: string): Promise<{ width: number; height: number } | null> {
  const handle = await fsp.open(file, "r");
  try {
    const buffer = Buffer.alloc(64 * 1024);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    return sizeFromHeader(buffer.subarray(0, bytesRead));
  } finally {
    await handle.close();
  }
}

export function sizeFromHeader(bytes: Buffer): { width: number; height: number } | null {
  if (bytes.length >= 24 && bytes.toString("ascii", 1, 4) === "PNG" && bytes.toString("ascii", 12, 16) === "IHDR") {
    return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  }
  if (bytes.length >= 10 && bytes.toString("ascii", 0, 3) === "GIF") {
    return { width: bytes.readUInt16LE(6), height: bytes.readUInt16LE(8) };
  }
  if (bytes.length >= 30 && bytes.toString("ascii", 0, 4) === "RIFF" && bytes.toString("ascii", 8, 12) === "WEBP") {
    const chunk = bytes.toString("ascii", 12, 16);
    if (chunk === "VP8X") return { width: 1 + bytes.readUIntLE(24, 3), height: 1 + bytes.readUIntLE(27, 3) };
    if (chunk === "VP8L") {
      const bits = bytes.readUInt32LE(21);
      return { width: 1 + (bits & 0x3fff), height: 1 + ((bits >> 14) & 0x3fff) };
    }
    if (chunk === "VP8 ") return { width: bytes.readUInt16LE(26) & 0x3fff, height: bytes.readUInt16LE(28) & 0x3fff };
    return null;
  }
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8) {
    // JPEG: walk the segments to the first start-of-frame, which carries the size.
    let at = 2;
    while (at + 9 < bytes.length) {
      if (bytes[at] !== 0xff) return null;
      const marker = bytes[at + 1]!;
      if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01 || marker === 0xff) {
        at += marker === 0xff ? 1 : 2;
        continue;
      }
      const length = bytes.readUInt16BE(at + 2);
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
        return { width: bytes.readUInt16BE(at + 7), height: bytes.readUInt16BE(at + 5) };
      }
      at += 2 + length;
    }
  }
  return null;
}

export const WHOLE_CHECKED_IMAGES = ["image/png", "image/gif", "image/webp", "image/jpeg"] as const;
export type WholeCheckedImage = (typeof WHOLE_CHECKED_IMAGES)[number];

/** How far from its end an image's trailer is looked for: tools may leave a little after it. */
const TRAILER_WINDOW = 4096;

/**
 * Whether an image of a recognised type reaches its end: a PNG's IEND chunk and a GIF's trailer
 * near the file's end (zero bytes after it aside), a WebP's whole RIFF length there, a JPEG's
 * segments up to its image data.
 * A file cut short (an upload that stopped, a header alone) is not an image a page can show.
 * A JPEG is not held to its end marker: phones append a video after it (motion photos).
 */
export async function isWholeImage(file: string, type: WholeCheckedImage) {
  const handle = await fsp.open(file, "r");
  try {
    const { size } = await handle.stat();
    // PNG and GIF are judged by their end, WebP and JPEG by their start: each reads only that.
    if (type === "image/png" || type === "image/gif") {
      const end = await endBeforePadding(handle, size);
      const tail = Buffer.alloc(Math.min(end, TRAILER_WINDOW));
      await handle.read(tail, 0, tail.length, end - tail.length);
      return type === "image/png" ? end >= 57 && tail.includes("IEND", 0, "ascii") : end >= 14 && tail.at(-1) === 0x3b;
    }
    const head = Buffer.alloc(Math.min(size, 64 * 1024));
    await handle.read(head, 0, head.length, 0);
    if (type === "image/webp") return size >= 30 && head.readUInt32LE(4) + 8 <= size;
    return jpegReachesItsData(head, size);
  } finally {
    await handle.close();
  }
}

/** Where a file's content ends, before the zero bytes some tools pad a file with (read back block by block). */
async function endBeforePadding(handle: fsp.FileHandle, size: number) {
  const block = Buffer.alloc(64 * 1024);
  for (let end = size; end > 0;) {
    const start = Math.max(0, end - block.length);
    await handle.read(block, 0, end - start, start);
    for (let at = end - start; at > 0; at -= 1) if (block[at - 1] !== 0) return start + at;
    end = start;
  }
  return 0;
}

/** Whether a JPEG's segments lead, within the file, to a start of scan followed by image data. */
function jpegReachesItsData(head: Buffer, size: number) {
  let at = 2;
  while (at + 4 <= head.length) {
    if (head[at] !== 0xff) return false;
    const marker = head[at + 1]!;
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      at += 2;
      continue;
    }
    const end = at + 2 + head.readUInt16BE(at + 2);
    if (marker === 0xda) return end < size;
    at = end;
  }
  return false;
}
