import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase } from "~/services/db.server";

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

describe("the database file", () => {
  it("keeps no readable copy of a blanked secret: a finished job's reset link is gone from the file and its WAL", () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), "secure-delete-"));
    folders.push(folder);
    const file = path.join(folder, "app.db");
    const db = openDatabase(file);
    const sqlite = db.$client;
    const secret = "reset-token-e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";
    const insert = sqlite.prepare("INSERT INTO jobs (kind, payload, run_at) VALUES ('mail', ?, 0)");
    const ids = [1, 2, 3, 4, 5].map((n) => Number(insert.run(JSON.stringify({ link: `${secret}-${n}` })).lastInsertRowid));
    sqlite.pragma("wal_checkpoint(TRUNCATE)");
    for (const id of ids) sqlite.prepare("UPDATE jobs SET payload = NULL, state = 'done' WHERE id = ?").run(id);
    sqlite.pragma("wal_checkpoint(TRUNCATE)");
    const bytes = [file, `${file}-wal`]
      .filter((name) => fs.existsSync(name))
      .map((name) => fs.readFileSync(name).toString("latin1"));
    sqlite.close();
    for (const text of bytes) expect(text).not.toContain(secret);
  });
});
