import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { openDatabase, sqliteClient } from "~/services/database/db.server";
import { users } from "../../db/schema";

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
    const sqlite = sqliteClient(db);
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

  it("hands back the statement it prepared for the same SQL, reading rows as objects even after the ORM read it as arrays", async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), "statements-"));
    folders.push(folder);
    const db = openDatabase(path.join(folder, "app.db"));
    try {
      sqliteClient(db)
        .prepare("INSERT INTO users (username, email, password_hash, created_at) VALUES ('Ana', 'ana@example.org', 'x', 0)")
        .run();
      const query = db.select({ id: users.id, username: users.username }).from(users).where(eq(users.username, "Ana"));
      // Drizzle reads selected fields as arrays (raw mode) and leaves the statement so.
      expect(await query.get()).toEqual({ id: 1, username: "Ana" });
      const { sql } = query.toSQL();
      const statement = sqliteClient(db).prepare(sql);
      expect(statement.get("Ana")).toEqual({ id: 1, username: "Ana" });
      statement.pluck(true);
      expect(sqliteClient(db).prepare(sql)).toBe(statement);
      expect(statement.get("Ana")).toEqual({ id: 1, username: "Ana" });
    } finally {
      sqliteClient(db).close();
    }
  });
});
