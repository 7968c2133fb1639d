import Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import * as schema from "../../db/schema";

/**
 * Migration 0028 (saved searches) on a database written before it: the rebuilt notifications keep
 * every row and their id sequence, so no id is handed out twice, and take the new type.
 */

const MIGRATIONS = path.resolve("db/migrations");
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "circular-migration-0028-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** The migrations folder as it was before `tag`: the journal cut there. */
function migrationsBefore(tag: string) {
  const folder = path.join(dir, "before");
  fs.cpSync(MIGRATIONS, folder, { recursive: true });
  const journalFile = path.join(folder, "meta", "_journal.json");
  const journal = JSON.parse(fs.readFileSync(journalFile, "utf8")) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((entry) => entry.tag === tag);
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

describe("migration 0028 (saved searches)", () => {
  it("keeps notifications, carries their id sequence and takes the saved-search match type", () => {
    const sqlite = new Database(path.join(dir, "app.db"));
    sqlite.pragma("foreign_keys = ON");
    const db = drizzle(sqlite, { schema });
    migrate(db, { migrationsFolder: migrationsBefore("0028_saved_searches") });

    const member = (name: string) =>
      sqlite.prepare("INSERT INTO users (username, email, password_hash) VALUES (?, ?, '!')").run(name, `${name}@example.org`)
        .lastInsertRowid as number;
    const [saver, seller] = [member("saver"), member("seller")];
    const insert = sqlite.prepare(
      "INSERT INTO notifications (recipient_id, type, actor_id, subject_type, subject_id) VALUES (?, ?, ?, 'user', ?)",
    );
    insert.run(saver, "follow", seller, seller);
    const last = insert.run(seller, "follow", saver, saver).lastInsertRowid as number;
    expect(() => insert.run(saver, "saved_search_match", seller, 1)).toThrow(/CHECK/);
    // The newest row goes, so only the carried sequence keeps its id from being handed out again.
    sqlite.prepare("DELETE FROM notifications WHERE id = ?").run(last);

    migrate(db, { migrationsFolder: MIGRATIONS });

    expect(sqlite.prepare("SELECT recipient_id, type FROM notifications").all()).toEqual([
      { recipient_id: saver, type: "follow" },
    ]);
    const match = insert.run(saver, "saved_search_match", seller, 1).lastInsertRowid as number;
    expect(match).toBeGreaterThan(last);
    sqlite.close();
  });
});
