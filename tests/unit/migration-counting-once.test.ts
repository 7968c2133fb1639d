import Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import * as schema from "../../db/schema";

/**
 * Migration 0024 on a database written before it: each completed order had two entries, both
 * with the load's CO2e, the seller's marked to count once across members. After it the seller's
 * is `diverted` (unchanged), the buyer's `received` (no CO2e), and every figure across members is
 * what it was: each order still counts once.
 */

const MIGRATIONS = path.resolve("db/migrations");
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "circular-migration-0024-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** The migrations folder as it was before counting once: the journal cut before 0024. */
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

type Sums = Record<string, number>;
const acrossMembers = (sqlite: Database.Database) =>
  sqlite
    .prepare(
      `SELECT treatment, sum(once_weight_g) AS weight_g, sum(once_co2e_g) AS co2e_g FROM impact_days GROUP BY treatment ORDER BY treatment`,
    )
    .all() as Sums[];

describe("migration 0024 (counting each kilogram once)", () => {
  it("moves old order entries to diverted and received, the buyer's CO2e to none, figures across members unchanged", () => {
    const sqlite = new Database(path.join(dir, "app.db"));
    sqlite.pragma("foreign_keys = ON");
    const db = drizzle(sqlite, { schema });
    migrate(db, { migrationsFolder: migrationsBefore("0024_counting_once") });

    // In SQL: the schema's users and listings have columns later migrations add.
    const member = (username: string) =>
      Number(
        sqlite
          .prepare("INSERT INTO users (username, email, password_hash) VALUES (?, ?, '!')")
          .run(username, `${username}@example.org`).lastInsertRowid,
      );
    const [seller, otherSeller, buyer] = [member("seller"), member("other"), member("buyer")];
    const order = (sellerId: number) => {
      const listingId = Number(
        sqlite
          .prepare(
            `INSERT INTO listings (seller_id, kind, title, description, category, material, condition, unit, price_cents,
               handover, quantity, quantity_left)
             VALUES (?, 'sale', 'Scrap', 'Offcuts.', 'metals', 'metals', 'scrap', 'kg', 10, 'collection', 500, 0)`,
          )
          .run(sellerId).lastInsertRowid,
      );
      // In SQL: the schema's orders have columns later migrations add.
      return sqlite
        .prepare(
          `INSERT INTO orders (listing_id, buyer_id, seller_id, quantity, unit_price_cents, state, handover)
           VALUES (?, ?, ?, 500, 10, 'completed', 'collection')`,
        )
        .run(listingId, buyer, sellerId).lastInsertRowid as number;
    };
    const [metalOrder, woodOrder] = [order(seller), order(otherSeller)];
    // As the ledger wrote them before: both parties with the same weight and CO2e.
    const insert =
      sqlite.prepare(`INSERT INTO impact_entries (member_id, date, material, treatment, weight_g, revenue_cents, currency,
        source, order_id, counts_once, co2e_g, factor_table) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'epa-warm-v16')`);
    insert.run(seller, "2026-03-02", "metals", "recycled", 486_000, 4860, "USD", "order", metalOrder, 1, 1_940_000);
    insert.run(buyer, "2026-03-02", "metals", "recycled", 486_000, -4860, "USD", "order", metalOrder, 0, 1_940_000);
    insert.run(otherSeller, "2026-03-09", "wood", "reused", 50_000, null, null, "order", woodOrder, 1, 110_000);
    insert.run(buyer, "2026-03-09", "wood", "reused", 50_000, null, null, "order", woodOrder, 0, 110_000);
    insert.run(buyer, "2026-03-10", "paper", "recycled", 20_000, null, null, "recorded", null, 1, 70_000);
    const before = acrossMembers(sqlite);
    const lastId = (sqlite.prepare(`SELECT max(id) AS id FROM impact_entries`).get() as { id: number }).id;

    migrate(db, { migrationsFolder: MIGRATIONS });

    expect(acrossMembers(sqlite)).toEqual(before);
    // The platform's own sums (what GET /api/impact/platform reads) hold the same figures, and its two transfers.
    expect(
      sqlite
        .prepare(
          `SELECT treatment, sum(weight_g) AS weight_g, sum(co2e_g) AS co2e_g FROM impact_platform_days GROUP BY treatment ORDER BY treatment`,
        )
        .all(),
    ).toEqual(before);
    expect(sqlite.prepare(`SELECT sum(handovers) AS transfers FROM impact_platform_days`).get()).toEqual({ transfers: 2 });
    const entries = sqlite.prepare(`SELECT member_id, order_id, role, co2e_g, counts_once FROM impact_entries ORDER BY id`).all();
    expect(entries).toEqual([
      { member_id: seller, order_id: metalOrder, role: "diverted", co2e_g: 1_940_000, counts_once: 1 },
      { member_id: buyer, order_id: metalOrder, role: "received", co2e_g: 0, counts_once: 0 },
      { member_id: otherSeller, order_id: woodOrder, role: "diverted", co2e_g: 110_000, counts_once: 1 },
      { member_id: buyer, order_id: woodOrder, role: "received", co2e_g: 0, counts_once: 0 },
      { member_id: buyer, order_id: null, role: "own", co2e_g: 70_000, counts_once: 1 },
    ]);
    const memberSums = (id: number) =>
      sqlite
        .prepare(
          `SELECT sum(weight_g) AS weight_g, sum(co2e_g) AS co2e_g, sum(diverted_g) AS diverted_g, sum(received_g) AS received_g,
            sum(pending_g) AS pending_g, sum(pending_co2e_g) AS pending_co2e_g, sum(cost_cents) AS cost_cents
          FROM impact_member_days WHERE member_id = ?`,
        )
        .get(id);
    // The buyer keeps the weight they took over and their money, and only the CO2e of their own load.
    expect(memberSums(buyer)).toEqual({
      weight_g: 556_000,
      co2e_g: 70_000,
      diverted_g: 0,
      received_g: 536_000,
      pending_g: 0,
      pending_co2e_g: 0,
      cost_cents: 4860,
    });
    // The seller keeps the load's CO2e, as diverted with its fate pending.
    expect(memberSums(seller)).toEqual({
      weight_g: 486_000,
      co2e_g: 1_940_000,
      diverted_g: 486_000,
      received_g: 0,
      pending_g: 486_000,
      pending_co2e_g: 1_940_000,
      cost_cents: 0,
    });
    // The sums by day still follow each new entry, and no id is handed out again.
    const next = insert.run(buyer, "2026-03-11", "glass", "recycled", 1_000, null, null, "recorded", null, 1, 300);
    expect(Number(next.lastInsertRowid)).toBeGreaterThan(lastId);
    expect(memberSums(buyer)).toMatchObject({ weight_g: 557_000, co2e_g: 70_300 });
    sqlite.close();
  });
});
