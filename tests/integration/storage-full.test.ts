import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { multipart, type Part } from "../support/multipart";
import { registerMember, startServer, type TestServer } from "../support/server";

/**
 * A full disk, for real: UPLOAD_DIR, and separately the database's folder, on a small tmpfs that
 * the test fills. Mounting needs root (as the tests run on CI); where it cannot be done the test
 * fails and says why rather than pass without having run.
 */

const STORAGE_FULL = "The server is out of storage space. Nothing was saved.";
const mounts: string[] = [];
const servers: TestServer[] = [];
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "circular-full-"));

/** A folder on its own filesystem of `size` (tmpfs), unmounted after the tests. */
function smallDisk(name: string, size: string) {
  const dir = path.join(scratch, name);
  fs.mkdirSync(dir, { recursive: true });
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", `size=${size},mode=0700`, "tmpfs", dir], { stdio: "pipe" });
  } catch (error) {
    throw new Error(
      `This test needs to mount a small tmpfs (as root) to fill a disk for real, and could not: ${String((error as { stderr?: Buffer }).stderr ?? error)}`,
    );
  }
  mounts.push(dir);
  return dir;
}

/** Writes a file that takes every byte left on the disk of `dir`. */
function fillDisk(dir: string) {
  const filler = path.join(dir, "filler");
  const fd = fs.openSync(filler, "a");
  const chunk = Buffer.alloc(64 * 1024, 1);
  try {
    for (;;) {
      try {
        fs.writeSync(fd, chunk);
      } catch (error) {
        if ((error as { code?: string }).code !== "ENOSPC") throw error;
        // The last pages may still take a smaller piece.
        for (let bytes = 32 * 1024; bytes >= 512; bytes /= 2) {
          try {
            while (fs.writeSync(fd, chunk.subarray(0, bytes)) > 0);
          } catch {
            // This size no longer fits: try a smaller one.
          }
        }
        return filler;
      }
    }
  } finally {
    fs.closeSync(fd);
  }
}

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  for (const dir of mounts) {
    try {
      execFileSync("umount", [dir], { stdio: "pipe" });
    } catch {
      // Something still holds a file there: detach it now, it goes once that lets go.
      execFileSync("umount", ["-l", dir], { stdio: "pipe" });
    }
  }
  fs.rmSync(scratch, { recursive: true, force: true });
});

const JPEG = fs.readFileSync(path.resolve("db/seed-media/sorting-line.jpg"));
const text: Part[] = [
  ["title", "Crate library for the market"],
  ["content", "We lend reusable crates to traders."],
  ["category", "food_waste"],
];

describe("UPLOAD_DIR's disk is full", () => {
  let server: TestServer;
  let member: Awaited<ReturnType<typeof registerMember>>;
  let uploads: string;
  // Bigger than the whole disk: the write fails with ENOSPC part way through.
  const photo = Buffer.concat([JPEG, Buffer.alloc(3 * 1024 * 1024)]);

  beforeAll(async () => {
    uploads = smallDisk("uploads", "2m");
    server = await startServer({ UPLOAD_DIR: uploads });
    servers.push(server);
    member = await registerMember(server);
  });

  it("answers an API upload 507 with the reason, keeps no part of the file, and logs one line", async () => {
    const filesBefore = fs.readdirSync(uploads).sort();
    const response = await fetch(`${server.url}/api/posts`, {
      method: "POST",
      headers: { authorization: `Bearer ${member.token}` },
      body: multipart([...text, ["media_0", photo, "crates.jpg", "image/jpeg"]]),
    });
    expect(response.status).toBe(507);
    expect(await response.json()).toEqual({ success: false, message: STORAGE_FULL });
    expect(fs.readdirSync(uploads).sort()).toEqual(filesBefore);
    const lines = server.logs().split("\n");
    expect(lines.filter((line) => line.startsWith("Out of storage space:"))).toEqual([
      expect.stringMatching(/^Out of storage space: POST \/api\/posts answered 507 \(ENOSPC: no space left on device/),
    ]);
    expect(server.logs()).not.toMatch(/^\s+at /m);
  });

  it("answers the page's form (JavaScript off) with the error page, 507", async () => {
    const filesBefore = fs.readdirSync(uploads).sort();
    const response = await fetch(`${server.url}/app/community`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie: `session=${member.token}`, origin: server.url, "x-forwarded-for": member.address },
      body: multipart([...text, ["media", photo, "crates.jpg", "image/jpeg"]]),
    });
    expect(response.status).toBe(507);
    const html = (await response.text()).replaceAll("<!-- -->", "");
    expect(html).toContain("Out of storage space");
    expect(html).toContain(STORAGE_FULL);
    expect(fs.readdirSync(uploads).sort()).toEqual(filesBefore);
  });

  it("is reported by /healthz: storage full, 503", async () => {
    const response = await fetch(`${server.url}/healthz`);
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ status: "unavailable", database: "ok", media: "ok", storage: "full" });
  });
});

describe("the database's disk is full", () => {
  let server: TestServer;
  let member: Awaited<ReturnType<typeof registerMember>>;
  let databaseDir: string;

  beforeAll(async () => {
    databaseDir = smallDisk("database", "16m");
    // SQLite's file on a full disk: PostgreSQL's disk is its operator's to watch.
    server = await startServer({ DATABASE_PATH: path.join(databaseDir, "app.db") }, undefined, { engine: "sqlite" });
    servers.push(server);
    member = await registerMember(server);
  });

  const publish = () =>
    fetch(`${server.url}/api/posts`, {
      method: "POST",
      headers: { authorization: `Bearer ${member.token}`, "content-type": "application/json" },
      body: JSON.stringify({ title: "A long report", content: "Sorted and weighed. ".repeat(480), category: "food_waste" }),
    });

  it("answers a write 503 with Retry-After and the reason, and writes again once there is room", async () => {
    const filler = fillDisk(databaseDir);
    // The database's journal may still have room from earlier writes: writes go on until it is used up.
    let response = await publish();
    for (let attempt = 0; response.status === 201 && attempt < 2_000; attempt++) response = await publish();
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("60");
    expect(await response.json()).toEqual({ success: false, message: STORAGE_FULL });
    await expect
      .poll(() => server.logs())
      .toMatch(/^Out of storage space: POST \/api\/posts answered 503 \(database or disk is full\)$/m);

    const health = await fetch(`${server.url}/healthz`);
    expect(health.status).toBe(503);
    expect(await health.json()).toEqual({ status: "unavailable", database: "ok", media: "ok", storage: "full" });

    fs.rmSync(filler);
    expect((await publish()).status).toBe(201);
  });
});
