import Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import * as schema from "../../db/schema";

/**
 * Migration 0026 (offers and counters) on a database written before it: orders gain their offer
 * and counter columns without being rebuilt (dropping them would cascade to their history), and
 * the rebuilt order_events and notifications keep every row and their id sequences, so no id is
 * handed out twice.
 */

const MIGRATIONS = path.resolve("db/migrations");
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "circular-migration-0026-"));
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

describe("migration 0026 (offers and counters)", () => {
  it("keeps orders, their history and notifications, carries the id sequences and takes the new values", () => {
    const sqlite = new Database(path.join(dir, "app.db"));
    sqlite.pragma("foreign_keys = ON");
    const db = drizzle(sqlite, { schema });
    migrate(db, { migrationsFolder: migrationsBefore("0026_offers_counters") });

    const member = (name: string) =>
      sqlite.prepare("INSERT INTO users (username, email, password_hash) VALUES (?, ?, '!')").run(name, `${name}@example.org`)
        .lastInsertRowid as number;
    const [seller, buyer] = [member("seller"), member("buyer")];
    const listing = sqlite
      .prepare(
        `INSERT INTO listings (seller_id, kind, title, description, category, material, condition, unit, price_cents,
           location, handover, status, is_sample, quantity, quantity_left)
         VALUES (?, 'sale', 'Chairs', 'Sound.', 'furniture', 'mixed', 'used', 'piece', 2500, 'Leeds', 'collection', 'active', 0, 3, 3)`,
      )
      .run(seller).lastInsertRowid as number;
    const order = sqlite
      .prepare(
        "INSERT INTO orders (listing_id, buyer_id, seller_id, quantity, unit_price_cents, handover) VALUES (?, ?, ?, 1, 2500, 'collection')",
      )
      .run(listing, buyer, seller).lastInsertRowid as number;
    const event = sqlite.prepare("INSERT INTO order_events (order_id, action, state, actor_id) VALUES (?, ?, ?, ?)");
    event.run(order, "request", "requested", buyer);
    const last = event.run(order, "decline", "declined", seller).lastInsertRowid as number;
    const notice = sqlite
      .prepare(
        "INSERT INTO notifications (recipient_id, type, actor_id, subject_type, subject_id) VALUES (?, 'order_requested', ?, 'order', ?)",
      )
      .run(seller, buyer, order).lastInsertRowid as number;
    // The newest rows go, so only the carried sequences keep their ids from being handed out again.
    sqlite.prepare("DELETE FROM order_events WHERE id = ?").run(last);
    sqlite.prepare("DELETE FROM notifications WHERE id = ?").run(notice);

    migrate(db, { migrationsFolder: MIGRATIONS });

    expect(sqlite.prepare("SELECT action, price_cents FROM order_events").all()).toEqual([
      { action: "request", price_cents: null },
    ]);
    expect(sqlite.prepare("SELECT offer_price_cents, counter_price_cents FROM orders").all()).toEqual([
      { offer_price_cents: null, counter_price_cents: null },
    ]);
    const counter = event.run(order, "counter", "requested", seller).lastInsertRowid as number;
    expect(counter).toBeGreaterThan(last);
    const countered = sqlite
      .prepare(
        "INSERT INTO notifications (recipient_id, type, actor_id, subject_type, subject_id) VALUES (?, 'order_countered', ?, 'order', ?)",
      )
      .run(buyer, seller, order).lastInsertRowid as number;
    expect(countered).toBeGreaterThan(notice);
    expect(() => event.run(order, "haggle", "requested", seller)).toThrow(/CHECK/);
    sqlite.close();
  });
});
