import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { api, freePort, newClientAddress, registerMember, runServerExpectingExit, startServer } from "../support/server";

// What an operator meets: start-up, stopping, a locked or vanished database.
const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), "circular-ops-"));

/** The whole of what a failed start printed: exactly one line, with no stack trace. */
function expectOneLine(stderr: string, pattern: RegExp) {
  const lines = stderr.trim().split("\n");
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(pattern);
  expect(stderr).not.toMatch(/^\s+at /m);
}

describe("start-up", () => {
  it("says what it did: migrations, sample content, where mail goes, whose addresses it trusts", async () => {
    const server = await startServer({}, undefined, { fresh: true });
    await server.stop();
    const logs = server.logs();
    expect(logs).toMatch(/Database .*app\.db: created; \d+ migrations applied \(\d+ in all\)/);
    expect(logs).toContain("Sample content: seeded into the empty database");
    expect(logs).toMatch(/Mail: no SMTP_URL, so each mail is written to .*outbox as an \.eml file/);
    expect(logs).toContain("Client addresses: from X-Forwarded-For, behind 1 trusted proxy");

    const again = await startServer({}, server.dataDir);
    await again.stop();
    expect(again.logs()).toMatch(/app\.db: opened; no migration to apply/);
    expect(again.logs()).toContain("Sample content: none added, the database already has members");
  });

  it("stops with one line when DATABASE_PATH is a folder, and creates nothing", async () => {
    const dir = tempDir();
    const folder = path.join(dir, "app.db");
    fs.mkdirSync(folder);
    const result = await runServerExpectingExit({ DATABASE_PATH: folder, UPLOAD_DIR: path.join(dir, "uploads") });
    expect(result.code).toBe(1);
    expectOneLine(result.stderr, /^Start-up failed: DATABASE_PATH: .*app\.db is a folder, not a database file$/);
    expect(fs.readdirSync(dir).sort()).toEqual(["app.db"]);
  });

  it("stops with one line when the file is not a SQLite database, and leaves it as it was", async () => {
    const dir = tempDir();
    const file = path.join(dir, "app.db");
    fs.writeFileSync(file, "these are the minutes of the last members' meeting, not a database".repeat(100));
    const before = fs.readFileSync(file);
    const result = await runServerExpectingExit({ DATABASE_PATH: file, UPLOAD_DIR: path.join(dir, "uploads") });
    expect(result.code).toBe(1);
    expectOneLine(result.stderr, /^Start-up failed: DATABASE_PATH: .*app\.db is not a SQLite database/);
    expect(fs.readFileSync(file).equals(before)).toBe(true);
    expect(fs.readdirSync(dir)).toEqual(["app.db"]);
  });

  it("stops with one line when the port is taken, before creating a database", async () => {
    const blocker = net.createServer();
    const port = await freePort();
    await new Promise<void>((resolve) => blocker.listen(port, resolve));
    try {
      const dir = tempDir();
      const result = await runServerExpectingExit({
        PORT: String(port),
        DATABASE_PATH: path.join(dir, "data/app.db"),
        UPLOAD_DIR: path.join(dir, "data/uploads"),
      });
      expect(result.code).toBe(1);
      expectOneLine(result.stderr, new RegExp(`^Start-up failed: PORT: port ${port} is already in use by another program$`));
      expect(fs.readdirSync(dir)).toEqual([]);
    } finally {
      blocker.close();
    }
  });

  it("listens only on HOST when it is set", async () => {
    const server = await startServer({ HOST: "127.0.0.2" });
    try {
      expect(server.logs()).toContain(`listening on 127.0.0.2:${server.port}`);
      expect((await fetch(`http://127.0.0.2:${server.port}/healthz`)).status).toBe(200);
      await expect(fetch(`http://127.0.0.1:${server.port}/healthz`)).rejects.toThrow();
    } finally {
      await server.stop();
    }
  });
});

describe("a database that disappears", () => {
  it("is noticed while running, and not silently recreated empty at the next start", async () => {
    const server = await startServer();
    const member = await registerMember(server);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(path.join(server.dataDir, `app.db${suffix}`), { force: true });

    const health = await fetch(`${server.url}/healthz`);
    expect(health.status).toBe(503);
    expect(await health.json()).toEqual({ status: "unavailable", database: "unavailable", media: "ok", storage: "ok" });
    expect(server.logs()).toMatch(/Database problem: the database file .*app\.db has disappeared/);
    await server.stop();

    const restart = await runServerExpectingExit({
      DATABASE_PATH: path.join(server.dataDir, "app.db"),
      UPLOAD_DIR: path.join(server.dataDir, "uploads"),
    });
    expect(restart.code).toBe(1);
    expectOneLine(
      restart.stderr,
      /^Start-up failed: DATABASE_PATH: .*app\.db is missing, but a database was created there before\. .*NEW_DATABASE=1/,
    );
    expect(fs.existsSync(path.join(server.dataDir, "app.db"))).toBe(false);

    // Asked for, an empty one it is: the old member is gone.
    const fresh = await startServer({ NEW_DATABASE: "1", SEED: "0" }, server.dataDir);
    try {
      const login = await api(fresh, "/api/auth/login", {
        method: "POST",
        body: { email: member.email, password: member.password },
        headers: { "x-forwarded-for": newClientAddress() },
      });
      expect(login.status).toBe(401);
    } finally {
      await fresh.stop();
    }
  });
});

describe("a write that cannot get the database's lock", () => {
  it("answers 503 with Retry-After and a sentence, stores nothing, and reads keep flowing", async () => {
    const server = await startServer();
    const member = await registerMember(server);
    const outside = new Database(path.join(server.dataDir, "app.db"));
    const users = () => (outside.prepare("SELECT count(*) AS n FROM users").get() as { n: number }).n;
    try {
      const before = users();
      // Another program (a shell, a migration) holds the write lock.
      outside.exec("BEGIN IMMEDIATE");
      const address = newClientAddress();
      const [write, read] = await Promise.all([
        api(server, "/api/auth/register", {
          method: "POST",
          body: { username: "Locked Out", email: "locked@example.org", password: "compost-heap-7" },
          headers: { "x-forwarded-for": address },
        }),
        api(server, "/api/feed/trending", { token: member.token }),
      ]);
      expect(read.status).toBe(200);
      expect(write.status).toBe(503);
      expect(write.headers.get("retry-after")).toBe("5");
      expect(write.json).toEqual({
        success: false,
        message: "The service is busy right now and nothing was saved. Please try again in a few seconds.",
      });

      const page = await fetch(`${server.url}/auth/register`, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": newClientAddress() },
        body: new URLSearchParams({
          username: "Locked Page",
          email: "locked-page@example.org",
          password: "compost-heap-7",
          confirmPassword: "compost-heap-7",
          terms: "on",
        }),
      });
      expect(page.status).toBe(503);
      expect(page.headers.get("retry-after")).toBe("5");
      expect(await page.text()).toContain("nothing was saved");
      outside.exec("ROLLBACK");
      expect(users()).toBe(before);

      const retried = await api(server, "/api/auth/register", {
        method: "POST",
        body: { username: "Locked Out", email: "locked@example.org", password: "compost-heap-7" },
        headers: { "x-forwarded-for": address },
      });
      expect(retried.status).toBe(201);
      expect(server.logs()).not.toMatch(/^\s+at /m);
    } finally {
      outside.close();
      await server.stop();
    }
  });
});

describe("stopping", () => {
  it("stops `npm start` on SIGTERM: open requests finish with Connection: close, the WAL is folded back", async () => {
    const server = await startServer({}, undefined, { npmStart: true });
    const { port, dataDir } = server;

    // A request whose body is still on its way when the signal comes.
    const body = JSON.stringify({ email: "nobody@example.org", password: "whatever1" });
    const socket = net.connect(port, "127.0.0.1");
    let answer = "";
    socket.on("data", (chunk) => (answer += chunk));
    await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
    socket.write(
      `POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    const exited = server.stop();
    await expect.poll(() => server.logs()).toContain("SIGTERM received");
    socket.write(body.slice(10));

    expect(await exited).toBe(0);
    await expect.poll(() => answer).toMatch(/^HTTP\/1\.1 401/);
    expect(answer).toMatch(/^Connection: close$/im);
    expect(server.logs()).toContain("Stopped.");
    // Nothing is left listening, and the database is one self-contained file.
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
    const wal = path.join(dataDir, "app.db-wal");
    expect(!fs.existsSync(wal) || fs.statSync(wal).size === 0).toBe(true);
  });
});
