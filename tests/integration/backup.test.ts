import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import * as tar from "tar";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { multipart, type Part } from "../support/multipart";
import { api, registerMember, startServer, type TestServer } from "../support/server";

/**
 * `npm run backup` and `npm run restore`, on the real server and real files: a backup
 * taken while the server serves requests is restored into a new, empty data folder, and a server
 * started there knows the member, their old token, their post and its picture, byte for byte.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const PNG = fs.readFileSync(path.join(root, "db/seed-media/cargo-bike.png"));
const JPEG = fs.readFileSync(path.join(root, "db/seed-media/sorting-line.jpg"));

type Run = { code: number | null; stdout: string; stderr: string };

/** Runs `node scripts/<name>.js ...args` (or `npm run <name> -- ...args`) with the given environment. */
function runScript(
  name: "backup" | "restore",
  args: string[],
  env: Record<string, string>,
  { viaNpm = false } = {},
): Promise<Run> {
  const [command, commandArgs] = viaNpm
    ? ["npm", ["run", "--silent", name, "--", ...args]]
    : [process.execPath, [path.join(root, `scripts/${name}.js`), ...args]];
  const child = spawn(command, commandArgs as string[], {
    cwd: root,
    env: { ...env, SKIP_BUILD_CHECK: "1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk) => (stdout += chunk));
  child.stderr.on("data", (chunk) => (stderr += chunk));
  return new Promise((resolve) => child.on("exit", (code) => resolve({ code, stdout, stderr })));
}

/** A failure is one line on stderr naming the problem, never a stack trace, and exit code 1. */
function expectOneLineFailure(run: Run, pattern: RegExp) {
  expect(run.code, run.stdout + run.stderr).toBe(1);
  const lines = run.stderr.trim().split("\n");
  expect(lines, run.stderr).toHaveLength(1);
  expect(lines[0]).toMatch(pattern);
  expect(run.stderr + run.stdout).not.toMatch(/\n\s+at /);
}

/** The environment a server on `dataDir` runs with, JWT_SECRET unset: the restore's destination. */
function envFor(dataDir: string, base: Record<string, string>) {
  const env: Record<string, string> = {
    ...base,
    DATABASE_PATH: path.join(dataDir, "app.db"),
    UPLOAD_DIR: path.join(dataDir, "uploads"),
  };
  delete env.JWT_SECRET;
  return env;
}

/** Every file under a folder with a hash of its bytes: a restore that fails must leave this unchanged. */
function snapshot(dir: string): Record<string, string> {
  const found: Record<string, string> = {};
  if (!fs.existsSync(dir)) return found;
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    found[path.relative(dir, full)] = createHash("sha256").update(fs.readFileSync(full)).digest("hex");
  }
  return found;
}

async function createPost(server: TestServer, token: string, parts: Part[]) {
  const response = await fetch(`${server.url}/api/posts`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: multipart(parts),
  });
  return { status: response.status, json: (await response.json()) as any };
}

const workDir = fs.mkdtempSync(path.join(os.tmpdir(), "circular-backup-"));
let server: TestServer;
let member: Awaited<ReturnType<typeof registerMember>>;
let post: { id: number; title: string; media: { url: string; type: string }[] };
const archive = path.join(workDir, "nightly.tar.gz");
const restoredDir = path.join(workDir, "restored");

beforeAll(async () => {
  server = await startServer();
  member = await registerMember(server);
  const created = await createPost(server, member.token, [
    ["title", "Pallets to spare before the move"],
    ["content", "Forty EUR pallets, collect from the yard."],
    ["category", "recycling"],
    ["media_0", PNG, "pallets.png", "image/png"],
  ]);
  expect(created.status).toBe(201);
  post = created.json.data.post;
  expect(post.media).toHaveLength(1);
});

afterAll(async () => {
  await server?.stop();
  fs.rmSync(workDir, { recursive: true, force: true });
});

describe("npm run backup", () => {
  it("says what is missing when FILE is not given", async () => {
    expectOneLineFailure(
      await runScript("backup", [], server.env),
      /^Backup failed: missing FILE\. Usage: npm run backup -- FILE/,
    );
  });

  it("refuses to overwrite an existing FILE unless --force is given", async () => {
    const taken = path.join(workDir, "taken.tar.gz");
    fs.writeFileSync(taken, "an older backup");
    expectOneLineFailure(
      await runScript("backup", [taken], server.env),
      /^Backup failed: .*taken\.tar\.gz already exists: .*--force/,
    );
    expect(fs.readFileSync(taken, "utf8")).toBe("an older backup");

    const forced = await runScript("backup", [taken, "--force"], server.env);
    expect(forced.code, forced.stderr).toBe(0);
    expect(fs.readFileSync(taken).subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
  });

  it("says on PostgreSQL that it does not copy the database and points to pg_dump, writing nothing", async () => {
    const file = path.join(workDir, "postgres.tar.gz");
    expectOneLineFailure(
      await runScript("backup", [file], { ...server.env, DATABASE_URL: "postgres://circular@127.0.0.1:5432/circular" }),
      /^Backup failed: DATABASE_URL is set: the database is PostgreSQL, which npm run backup does not copy\. Back it up with pg_dump/,
    );
    expect(fs.existsSync(file)).toBe(false);
  });

  it("refuses a destination folder it cannot write to", async () => {
    expectOneLineFailure(
      await runScript("backup", [path.join(workDir, "missing-folder", "x.tar.gz")], server.env),
      /^Backup failed: cannot write to the folder .*missing-folder/,
    );
  });

  it("copies the database, the secret and the media while the server keeps serving", { timeout: 60_000 }, async () => {
    // Members keep reading and publishing (with pictures) for as long as the backup runs.
    let backupDone = false;
    const answers: number[] = [];
    const traffic = (async () => {
      for (let i = 0; !backupDone; i++) {
        const created = await createPost(server, member.token, [
          ["title", `Busy evening ${i}`],
          ["content", "Published while the backup ran."],
          ["category", "recycling"],
          ["media_0", JPEG, "busy.jpg", "image/jpeg"],
        ]);
        const feed = await api(server, "/api/feed/personalized", { token: member.token });
        answers.push(created.status, feed.status);
      }
    })();
    const run = await runScript("backup", [archive], server.env, { viaNpm: true });
    backupDone = true;
    await traffic;

    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^Database: copied \d+ pages .* online backup; integrity check ok$/m);
    expect(run.stdout).toMatch(/^Secret: .*secret included$/m);
    expect(run.stdout).toMatch(/^Media: \d+ files? /m);
    expect(run.stdout).toContain(`Backup complete: ${archive}`);
    expect(answers.length).toBeGreaterThan(0);
    expect(
      answers.every((status) => status === 200 || status === 201),
      answers.join(","),
    ).toBe(true);

    expect(fs.statSync(archive).mode & 0o777).toBe(0o600);
    // Nothing but the archive is left beside it (no temporary name, no staging folder), and the
    // server's folder holds only what the server itself keeps there.
    expect(fs.readdirSync(workDir).filter((name) => name.startsWith("."))).toEqual([]);
    expect(
      fs.readdirSync(server.dataDir).filter((name) => !/^(app\.db(-wal|-shm|\.created)?|secret|uploads)$/.test(name)),
    ).toEqual([]);

    const names: string[] = [];
    await tar.list({ file: archive, onReadEntry: (entry) => names.push(entry.path) });
    expect(names.slice(0, 3)).toEqual(["manifest.json", "database.sqlite", "secret"]);
    expect(names).toContain(`uploads/${post.media[0]!.url.split("/").pop()}`);
  });
});

describe("npm run restore", () => {
  it("refuses while the server runs, even with --force", async () => {
    expectOneLineFailure(
      await runScript("restore", [archive, "--force"], server.env),
      /^Restore failed: the database .*app\.db is in use: stop the server before restoring$/,
    );
  });

  it(
    "puts a backup into a new data folder: the old token works, the post and its picture are there",
    { timeout: 60_000 },
    async () => {
      await server.stop();
      const secret = fs.readFileSync(path.join(server.dataDir, "secret"));

      const run = await runScript("restore", [archive], envFor(restoredDir, server.env));
      expect(run.code, run.stdout + run.stderr).toBe(0);
      expect(run.stdout).toMatch(/^Database: integrity check ok$/m);
      expect(run.stdout).toContain("Restore complete");
      // The secret comes from the backup (JWT_SECRET is unset), with the database and media 0600.
      expect(fs.readFileSync(path.join(restoredDir, "secret"))).toEqual(secret);
      for (const file of ["app.db", "secret"]) expect(fs.statSync(path.join(restoredDir, file)).mode & 0o777).toBe(0o600);
      for (const file of fs.readdirSync(path.join(restoredDir, "uploads"))) {
        expect(fs.statSync(path.join(restoredDir, "uploads", file)).mode & 0o777).toBe(0o600);
      }
      expect(fs.readdirSync(restoredDir).sort()).toEqual(["app.db", "secret", "uploads"]);

      // Every picture the restored database names is there, as it was.
      const db = new Database(path.join(restoredDir, "app.db"), { readonly: true });
      const files = db.prepare("SELECT file_name AS name FROM post_media").all() as { name: string }[];
      db.close();
      for (const { name } of files) {
        expect(fs.readFileSync(path.join(restoredDir, "uploads", name)), name).toEqual(
          fs.readFileSync(path.join(server.dataDir, "uploads", name)),
        );
      }

      const restored = await startServer({}, restoredDir);
      try {
        const profile = await api(restored, "/api/users/profile", { token: member.token });
        expect(profile.status).toBe(200);
        expect(profile.json.user).toMatchObject({ id: member.id, email: member.email });

        const again = await api(restored, `/api/posts/${post.id}`, { token: member.token });
        expect(again.status).toBe(200);
        expect(again.json.data.post).toMatchObject({ title: post.title, media: post.media });

        const picture = await fetch(restored.url + post.media[0]!.url);
        expect(picture.status).toBe(200);
        expect(Buffer.from(await picture.arrayBuffer())).toEqual(PNG);
      } finally {
        await restored.stop();
      }
    },
  );

  it("refuses to replace an existing database without --force, and changes nothing", async () => {
    const before = snapshot(restoredDir);
    expectOneLineFailure(
      await runScript("restore", [archive], envFor(restoredDir, server.env)),
      /^Restore failed: there is already a database at .*app\.db.*--force/,
    );
    expect(snapshot(restoredDir)).toEqual(before);
  });

  describe("refuses a file that is not a sound backup, and changes nothing", () => {
    const bad: Record<string, () => Promise<string>> = {
      "a text file": async () => {
        const file = path.join(workDir, "notes.tar.gz");
        fs.writeFileSync(file, "not an archive at all\n");
        return file;
      },
      "a truncated backup": async () => {
        const file = path.join(workDir, "truncated.tar.gz");
        const bytes = fs.readFileSync(archive);
        fs.writeFileSync(file, bytes.subarray(0, Math.floor(bytes.length / 2)));
        return file;
      },
      "an archive without a manifest": async () => {
        const file = path.join(workDir, "other.tar.gz");
        await tar.create({ file, gzip: true, cwd: restoredDir }, ["app.db"]);
        return file;
      },
      "a backup whose database is damaged": async () => {
        // The manifest is made to match, so only SQLite's integrity check can tell.
        const unpacked = fs.mkdtempSync(path.join(workDir, "unpacked-"));
        await tar.extract({ file: archive, cwd: unpacked });
        const database = path.join(unpacked, "database.sqlite");
        const bytes = fs.readFileSync(database);
        const pageSize = bytes.readUInt16BE(16);
        for (let page = 2; page * pageSize < bytes.length; page += 3)
          bytes.fill(0xa5, page * pageSize + 8, page * pageSize + 200);
        fs.writeFileSync(database, bytes);
        const manifestFile = path.join(unpacked, "manifest.json");
        const manifest = JSON.parse(fs.readFileSync(manifestFile, "utf8"));
        manifest.database.sha256 = createHash("sha256").update(bytes).digest("hex");
        fs.writeFileSync(manifestFile, JSON.stringify(manifest));
        const file = path.join(workDir, "damaged.tar.gz");
        await tar.create({ file, gzip: true, cwd: unpacked }, fs.readdirSync(unpacked));
        return file;
      },
    };
    const problems: Record<string, RegExp> = {
      "a text file": /is not a readable backup archive/,
      "a truncated backup": /is not a readable backup archive/,
      "an archive without a manifest": /is not a Circular Hub backup/,
      "a backup whose database is damaged": /the database in .*(fails SQLite's integrity check|is not a usable SQLite database)/,
    };

    it.each(Object.keys(bad))("%s", async (kind) => {
      const file = await bad[kind]!();
      // Into the restored folder with --force: the data there stays as it was.
      const before = snapshot(restoredDir);
      expectOneLineFailure(await runScript("restore", [file, "--force"], envFor(restoredDir, server.env)), problems[kind]!);
      expect(snapshot(restoredDir)).toEqual(before);
      // The marker is the restored server's, written at its start.
      expect(fs.readdirSync(restoredDir).sort()).toEqual(["app.db", "app.db.created", "secret", "uploads"]);

      // Into an empty folder: no database, secret or media appear.
      const empty = fs.mkdtempSync(path.join(workDir, "empty-"));
      expectOneLineFailure(await runScript("restore", [file], envFor(empty, server.env)), problems[kind]!);
      expect(snapshot(empty)).toEqual({});
    });
  });
});

describe("mail waiting in a backup", () => {
  let sending: TestServer;
  const waitingArchive = path.join(workDir, "waiting-mail.tar.gz");
  const jobsIn = (dataDir: string) => {
    const db = new Database(path.join(dataDir, "app.db"), { readonly: true });
    try {
      return db
        .prepare("SELECT kind, state, payload IS NULL AS emptied, last_error FROM jobs WHERE kind = 'password-reset-mail'")
        .all();
    } finally {
      db.close();
    }
  };

  beforeAll(async () => {
    // A mail server that refuses: the reset mail waits for its next try when the backup is taken.
    sending = await startServer({ SMTP_URL: "smtp://127.0.0.1:9" });
    const waiting = await registerMember(sending);
    const asked = await api(sending, "/api/auth/forgot-password", { method: "POST", body: { email: waiting.email } });
    expect(asked.status).toBe(200);
    for (let tries = 0; !/failed on attempt 1/.test(sending.logs()); tries++) {
      expect(tries, sending.logs()).toBeLessThan(200);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const run = await runScript("backup", [waitingArchive], sending.env);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    await sending.stop();
  });

  it("is said and not sent by a restore, unless the operator asks for it", async () => {
    const heldDir = path.join(workDir, "held");
    const held = await runScript("restore", [waitingArchive], envFor(heldDir, sending.env));
    expect(held.code, held.stdout + held.stderr).toBe(0);
    expect(held.stdout).toMatch(
      /^Mail: 1 mail was waiting to be sent when the backup was taken \(1 password-reset-mail; the oldest queued \d{4}-.*\): not sent, .*--send-waiting-mail to send them$/m,
    );
    expect(jobsIn(heldDir)).toEqual([
      {
        kind: "password-reset-mail",
        state: "failed",
        emptied: 1,
        last_error: expect.stringMatching(/^not sent: restored from the backup of /),
      },
    ]);

    const sentDir = path.join(workDir, "sent");
    const sent = await runScript("restore", [waitingArchive, "--send-waiting-mail"], envFor(sentDir, sending.env));
    expect(sent.code, sent.stdout + sent.stderr).toBe(0);
    expect(sent.stdout).toMatch(
      /^Mail: 1 mail was waiting .*: they will be sent when the server starts \(--send-waiting-mail\)/m,
    );
    expect(jobsIn(sentDir)).toEqual([
      { kind: "password-reset-mail", state: "pending", emptied: 0, last_error: expect.any(String) },
    ]);
  });

  it("is nothing to say when none waited", async () => {
    const run = await runScript("restore", [archive], envFor(path.join(workDir, "quiet"), server.env));
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^Mail: none was waiting to be sent when the backup was taken$/m);
  });
});
