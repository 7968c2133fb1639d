import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { afterEach, describe, expect, it } from "vitest";
import { isUploadInProgress } from "../media.server";
import { listFiles } from "./backup-files.server";

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

function mediaFolder() {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "circular-media-"));
  folders.push(folder);
  return folder;
}

/**
 * A thread that does what a server receiving uploads does to its media folder, over and over:
 * writes an upload's temporary file and renames it into place, and removes a file.
 */
function receiveUploadsInto(folder: string) {
  const stop = new Int32Array(new SharedArrayBuffer(4));
  const worker = new Worker(
    `
    const fs = require("node:fs");
    const path = require("node:path");
    const { workerData: { folder, stop } } = require("node:worker_threads");
    for (let i = 0; Atomics.load(stop, 0) === 0; i++) {
      const part = path.join(folder, ".upload-" + (i % 16).toString(16).padStart(32, "0") + ".part");
      fs.writeFileSync(part, "bytes");
      fs.renameSync(part, path.join(folder, "received-" + (i % 16) + ".webp"));
      fs.rmSync(path.join(folder, "received-" + ((i + 8) % 16) + ".webp"), { force: true });
    }
    `,
    { eval: true, workerData: { folder, stop } },
  );
  return async () => {
    Atomics.store(stop, 0, 1);
    await new Promise((resolve) => worker.once("exit", resolve));
  };
}

describe("listFiles", () => {
  it("lists the files under a folder, in subfolders too, sorted, and leaves the names it is told to", () => {
    const folder = mediaFolder();
    fs.mkdirSync(path.join(folder, "seed"));
    fs.writeFileSync(path.join(folder, "b.webp"), "12345");
    fs.writeFileSync(path.join(folder, "seed", "a.webp"), "1");
    fs.writeFileSync(path.join(folder, `.upload-${"0".repeat(32)}.part`), "half");
    fs.symlinkSync(path.join(folder, "b.webp"), path.join(folder, "link.webp"));
    const listed = listFiles(folder, { leave: isUploadInProgress });
    expect(listed.map(({ name, bytes }) => ({ name, bytes }))).toEqual([
      { name: "b.webp", bytes: 5 },
      { name: "seed/a.webp", bytes: 1 },
    ]);
  });

  it("lists a folder a server is receiving uploads into without failing, and never an upload in progress", async () => {
    const folder = mediaFolder();
    for (let i = 0; i < 200; i++) fs.writeFileSync(path.join(folder, `kept-${i}.webp`), "old");
    const stop = receiveUploadsInto(folder);
    try {
      for (let round = 0; round < 300; round++) {
        const names = listFiles(folder, { leave: isUploadInProgress }).map((file) => file.name);
        expect(names.filter((name) => name.startsWith("kept-"))).toHaveLength(200);
        expect(names.filter((name) => name.startsWith(".upload-"))).toEqual([]);
      }
    } finally {
      await stop();
    }
  });
});
