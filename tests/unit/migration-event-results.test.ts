import Database from "better-sqlite3";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { afterAll, describe, expect, it } from "vitest";

/**
 * Migration 0031 rebuilds impact_entries so an entry may come from an event's results. On a
 * database written before it: the entries stay, no id is handed out twice, and the sums by day
 * (kept by triggers that went with the old table) still follow an insert and a delete, the delete
 * of an event taking its entries with it.
 */

const MIGRATIONS = path.resolve("db/migrations");
const TAG = "0031_event_results";
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "circular-migration-0031-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

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

const entry = `INSERT INTO impact_entries (member_id, date, material, treatment, weight_g, source, co2e_g, factor_table, event_id)
  VALUES (@member, '2026-03-02', 'metals', 'recycled', @weight, @source, @co2e, 'epa-warm-v16', @event)`;

describe("migration 0031 (event results in the ledger)", () => {
  it("keeps the entries and the id sequence, and the sums by day follow event entries in and out", () => {
    const sqlite = new Database(path.join(dir, "app.db"));
    sqlite.pragma("foreign_keys = ON");
    const db = drizzle(sqlite);
    migrate(db, { migrationsFolder: migrationsBefore(TAG) });

    const member = Number(
      sqlite.prepare("INSERT INTO users (username, email, password_hash) VALUES ('organiser', 'o@example.org', '!')").run()
        .lastInsertRowid,
    );
    const insert = sqlite.prepare(entry.replace(", event_id)", ")").replace(", @event)", ")"));
    insert.run({ member, weight: 5000, source: "recorded", co2e: 100 });
    const gone = Number(insert.run({ member, weight: 3000, source: "recorded", co2e: 60 }).lastInsertRowid);
    sqlite.prepare("DELETE FROM impact_entries WHERE id = ?").run(gone);

    migrate(db, { migrationsFolder: MIGRATIONS });

    const platform = () =>
      sqlite.prepare("SELECT sum(weight_g) AS weight_g, sum(co2e_g) AS co2e_g FROM impact_platform_days").get();
    const memberDays = () =>
      sqlite.prepare("SELECT sum(weight_g) AS weight_g, sum(recycled_g) AS recycled_g FROM impact_member_days").get();
    expect(sqlite.prepare("SELECT count(*) AS n FROM impact_entries").get()).toEqual({ n: 1 });
    expect(platform()).toEqual({ weight_g: 5000, co2e_g: 100 });

    const event = Number(
      sqlite
        .prepare(
          `INSERT INTO events (organiser_id, title, kind, starts_at, ends_at, time_zone, place)
           VALUES (?, 'Clean-up', 'cleanup', 1772400000000, 1772407200000, 'UTC', 'The park')`,
        )
        .run(member).lastInsertRowid,
    );
    const added = sqlite.prepare(entry).run({ member, weight: 7000, source: "event", co2e: 70, event });
    // The id of the deleted entry is not handed out again.
    expect(Number(added.lastInsertRowid)).toBe(gone + 1);
    expect(platform()).toEqual({ weight_g: 12_000, co2e_g: 170 });
    expect(memberDays()).toEqual({ weight_g: 12_000, recycled_g: 12_000 });

    // An event entry names its event; no other entry does.
    expect(() => sqlite.prepare(entry).run({ member, weight: 1, source: "event", co2e: 0, event: null })).toThrow(/CHECK/);
    expect(() => sqlite.prepare(entry).run({ member, weight: 1, source: "recorded", co2e: 0, event })).toThrow(/CHECK/);

    sqlite.prepare("DELETE FROM events WHERE id = ?").run(event);
    expect(platform()).toEqual({ weight_g: 5000, co2e_g: 100 });
    expect(memberDays()).toEqual({ weight_g: 5000, recycled_g: 5000 });
    sqlite.close();
  });
});
