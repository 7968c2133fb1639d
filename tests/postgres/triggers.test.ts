import { describe, expect, it } from "vitest";
import { migratedDatabase, migratedSqlite } from "./database";
import { both, members, refusals, type Engines } from "./engines";

const engines: Engines = { sqlite: migratedSqlite(), pool: await migratedDatabase() };
await members(engines, 3);

const DAY_MS = 86_400_000;
const AT = Date.UTC(2026, 2, 14, 23, 30);

describe("the triggers PostgreSQL twins from SQLite", () => {
  it("keep the audit log append-only, with SQLite's message", async () => {
    await both(engines, "INSERT INTO audit_log (admin_id, action, target_type, target_id) VALUES (1, 'hide', 'post', 7)");
    expect(await refusals(engines, "UPDATE audit_log SET note = 'changed'")).toEqual({
      sqlite: "the audit log is append-only",
      pg: "the audit log is append-only",
    });
    expect(await refusals(engines, "DELETE FROM audit_log")).toEqual({
      sqlite: "the audit log is append-only",
      pg: "the audit log is append-only",
    });
    await expect(engines.pool.query("TRUNCATE audit_log")).rejects.toThrow("the audit log is append-only");
    const rows = await both(engines, "SELECT action, note FROM audit_log");
    expect(rows.pg).toEqual([{ action: "hide", note: "" }]);
    expect(rows.pg).toEqual(rows.sqlite);
  });

  it("refuse a role outside the closed set on insert and update, as SQLite does", async () => {
    const message = "user_type must be one of: user, admin";
    expect(
      await refusals(
        engines,
        "INSERT INTO users (username, email, password_hash, user_type) VALUES ('r', 'r@x.test', '!', 'root')",
      ),
    ).toEqual({ sqlite: message, pg: message });
    expect(await refusals(engines, "UPDATE users SET user_type = 'root' WHERE id = 2")).toEqual({ sqlite: message, pg: message });
    expect(await refusals(engines, "UPDATE users SET user_type = 'admin' WHERE id = 2")).toEqual({ sqlite: null, pg: null });
    const roles = await both(engines, "SELECT id, user_type FROM users ORDER BY id");
    expect(roles.pg).toEqual(roles.sqlite);
  });

  it("keep the impact day sums through inserts, updates and deletes of impact entries", async () => {
    const sums = async () => ({
      days: await both(engines, "SELECT * FROM impact_days ORDER BY member_id, date, material, treatment, currency"),
      memberDays: await both(engines, "SELECT * FROM impact_member_days ORDER BY member_id, date, currency"),
      platformDays: await both(engines, "SELECT * FROM impact_platform_days ORDER BY date, treatment"),
    });
    const expectSame = async () => {
      const now = await sums();
      for (const table of Object.values(now)) expect(table.pg).toEqual(table.sqlite);
      return now;
    };
    const record = `INSERT INTO impact_entries (id, member_id, date, material, treatment, weight_g, revenue_cents, currency,
      source, role, co2e_g, factor_table, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'recorded', 'own', ?, 'defra-2025', ?, ?)`;
    await both(engines, record, [1, 1, "2026-03-14", "plastics", "recycled", 5000, 1200, "GBP", 9000, AT, AT]);
    await both(engines, record, [2, 1, "2026-03-14", "plastics", "recycled", 2500, -300, "GBP", 4500, AT, AT]);
    await both(engines, record, [3, 2, "2026-03-15", "metals", "reused", 800, null, null, 2400, AT + DAY_MS, AT + DAY_MS]);
    const afterInserts = await expectSame();
    expect(afterInserts.days.pg[0]).toMatchObject({
      member_id: 1,
      entries: 2,
      weight_g: 7500,
      revenue_cents: 1200,
      cost_cents: 300,
    });

    // A trade: the seller diverts, the buyer receives (and the sums count the handover once).
    await both(
      engines,
      `INSERT INTO listings (id, seller_id, kind, title, description, category, material, condition, quantity, unit,
        price_cents, quantity_left, handover) VALUES (1, 1, 'sale', 'Pallets', 'Wooden pallets', 'wood', 'wood', 'used', 4, 'piece', 500, 4, 'collection')`,
    );
    await both(
      engines,
      `INSERT INTO orders (id, listing_id, buyer_id, seller_id, quantity, unit_price_cents, handover) VALUES (1, 1, 2, 1, 2, 500, 'collection')`,
    );
    const trade = `INSERT INTO impact_entries (member_id, date, material, treatment, weight_g, source, order_id, role, counts_once,
      co2e_g, factor_table, created_at, updated_at) VALUES (?, '2026-03-15', 'wood', 'reused', 30000, 'order', 1, ?, ?, 12000, 'defra-2025', ?, ?)`;
    await both(engines, trade, [1, "diverted", 1, AT, AT]);
    await both(engines, trade, [2, "received", 0, AT, AT]);
    await expectSame();

    await both(engines, "UPDATE impact_entries SET weight_g = 6000, date = '2026-03-16', treatment = 'composted' WHERE id = 1");
    await both(engines, "UPDATE impact_entries SET counts_once = 1 WHERE role = 'received'");
    await expectSame();

    await both(engines, "DELETE FROM impact_entries WHERE id IN (2, 3)");
    const afterDeletes = await expectSame();
    // A day whose last entry went is gone, not left at zero.
    expect(afterDeletes.memberDays.pg.some((row) => row.member_id === 2 && row.date === "2026-03-15" && row.entries === 0)).toBe(
      false,
    );
  });

  it("record the days a member was active, on the UTC day of what they wrote", async () => {
    await both(engines, "INSERT INTO follows (follower_id, author_id, created_at) VALUES (3, 1, ?)", [AT]);
    await both(engines, "INSERT INTO follows (follower_id, author_id, created_at) VALUES (3, 2, ?)", [AT + 60_000]);
    await both(engines, "INSERT INTO sessions (id, user_id, expires_at, created_at) VALUES ('s1', 3, ?, ?)", [
      AT + DAY_MS,
      AT + DAY_MS,
    ]);
    await both(
      engines,
      `INSERT INTO posts (author_id, title, content, category, created_at) VALUES (2, 'Hello', 'First post', 'general', ?)`,
      [AT + 2 * DAY_MS],
    );
    const days = await both(engines, "SELECT day, user_id FROM activity_days ORDER BY day, user_id");
    expect(days.pg).toEqual(days.sqlite);
    expect(days.pg).toContainEqual({ day: "2026-03-14", user_id: 3 });
    expect(days.pg).toContainEqual({ day: "2026-03-15", user_id: 3 });
  });
});
