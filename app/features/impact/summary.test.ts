import { describe, expect, it } from "vitest";
import { impactEntries, users } from "../../../db/schema";
import { addListing, addMember } from "../../../tests/support/unit-factories";
import { getDb, sqliteClient } from "~/services/database/db.server";
import { co2eGramsOf } from "./factors";
import { lastDays } from "./periods";
import { activeUsers, impactReport, impactSummary, memberImpact, platformTotals } from "./store/summary.server";
import type { Material, Treatment } from "./vocabulary";

const TODAY = "2026-11-23";

async function addEntry(
  memberId: number,
  fields: {
    date: string;
    material: Material;
    treatment: Treatment;
    kg: number;
    revenue?: number;
    currency?: string;
    orderId?: number;
    once?: boolean;
  },
) {
  const weightG = Math.round(fields.kg * 1000);
  await getDb()
    .insert(impactEntries)
    .values({
      memberId,
      date: fields.date,
      material: fields.material,
      treatment: fields.treatment,
      weightG,
      revenueCents: fields.revenue ?? null,
      currency: fields.revenue === undefined ? null : (fields.currency ?? "USD"),
      source: fields.orderId ? "order" : "recorded",
      orderId: fields.orderId ?? null,
      // An order's seller diverted the load and holds its CO2e; its buyer received it, without.
      role: fields.orderId ? (fields.once === false ? "received" : "diverted") : "own",
      countsOnce: fields.once ?? true,
      co2eG: fields.once === false ? 0 : co2eGramsOf(fields.material, fields.treatment, weightG),
      factorTable: "epa-warm-v16",
    })
    .run();
}

describe("the ledger's sums", () => {
  it("adds a member's own entries of the period, compares them with the period before, and draws the trend", async () => {
    const member = await addMember("Sums");
    const other = await addMember("Other");
    await addEntry(member.id, { date: "2026-11-23", material: "plastics", treatment: "recycled", kg: 1000, revenue: 12_000 });
    await addEntry(member.id, { date: "2026-11-17", material: "metals", treatment: "recycled", kg: 250, revenue: -3_000 });
    await addEntry(member.id, { date: "2026-11-16", material: "paper", treatment: "landfilled", kg: 40 });
    await addEntry(other.id, { date: "2026-11-20", material: "glass", treatment: "recycled", kg: 999 });

    const summary = await impactSummary(member, lastDays(7, TODAY));
    expect(summary.totals).toMatchObject({
      entries: 2,
      weight_kg: 1250,
      co2e_kg: 1042.542 + 1215.688,
      revenue_cents: 12_000,
      cost_cents: 3_000,
      confirmed_weight_kg: 0,
    });
    expect(summary.previous).toMatchObject({ entries: 1, weight_kg: 40, co2e_kg: 0 });
    expect(summary.series.bucket).toBe("day");
    expect(summary.series.points.map((point) => point.weight_kg)).toEqual([250, 0, 0, 0, 0, 0, 1000]);
    expect(summary.series.points[6]!.by_treatment.recycled).toBe(1000);
    expect(summary.factors).toEqual({
      key: "epa-warm-v16",
      name: "U.S. EPA Waste Reduction Model (WARM)",
      edition: "Version 16 (December 2023)",
    });
  });

  it("counts money in the instance's currency only, in the period and in the one before, and every load's weight", async () => {
    const member = await addMember("Currencies");
    // This week: the same day in two currencies; the week before: a cost and a sale in euros.
    await addEntry(member.id, { date: "2026-11-20", material: "metals", treatment: "reused", kg: 2, revenue: 500 });
    await addEntry(member.id, {
      date: "2026-11-20",
      material: "metals",
      treatment: "reused",
      kg: 3,
      revenue: 700,
      currency: "EUR",
    });
    await addEntry(member.id, { date: "2026-11-10", material: "glass", treatment: "recycled", kg: 4, revenue: -200 });
    await addEntry(member.id, {
      date: "2026-11-16",
      material: "glass",
      treatment: "recycled",
      kg: 6,
      revenue: 900,
      currency: "EUR",
    });
    // A day outside both weeks counts in neither.
    await addEntry(member.id, { date: "2026-11-09", material: "glass", treatment: "recycled", kg: 50, revenue: 50 });

    const summary = await impactSummary(member, lastDays(7, TODAY));
    expect(summary.totals).toMatchObject({ entries: 2, weight_kg: 5, revenue_cents: 500, cost_cents: 0 });
    expect(summary.previous).toMatchObject({ entries: 2, weight_kg: 10, revenue_cents: 0, cost_cents: 200 });
    expect(summary.series.points.map((point) => point.by_treatment.reused)).toEqual([0, 0, 0, 5, 0, 0, 0]);
  });

  it("reports by material and treatment, with the diversion rate of the loads whose fate is known", async () => {
    const member = await addMember("Report");
    await addEntry(member.id, { date: "2026-10-01", material: "organics", treatment: "composted", kg: 300 });
    await addEntry(member.id, { date: "2026-10-02", material: "organics", treatment: "landfilled", kg: 100 });
    await addEntry(member.id, { date: "2026-10-03", material: "mixed", treatment: "collected", kg: 5000 });
    const report = await impactReport(member, { from: "2026-10-01", to: "2026-10-31", days: 31 });
    expect(report.by_material.map((row) => [row.material, row.weight_kg])).toEqual([
      ["organics", 400],
      ["mixed", 5000],
    ]);
    expect(report.by_treatment.map((row) => row.treatment)).toEqual(["collected", "composted", "landfilled"]);
    expect(report.diversion_rate).toBe(0.75);
    expect(report.factor_tables).toEqual(["epa-warm-v16"]);
  });

  it("counts an order once across members, though it is in both parties' ledgers", async () => {
    const seller = await addMember("Seller");
    const buyer = await addMember("Buyer");
    const listingId = await addListing(seller);
    const orderId = Number(
      sqliteClient(getDb())
        .prepare(
          `INSERT INTO orders (listing_id, buyer_id, seller_id, quantity, unit_price_cents, state, handover) VALUES (?, ?, ?, 1, 0, 'completed', 'collection')`,
        )
        .run(listingId, buyer.id, seller.id).lastInsertRowid,
    );
    const range = { from: "2030-01-01", to: "2030-01-31", days: 31 };
    const before = await platformTotals(range);
    await addEntry(seller.id, { date: "2030-01-05", material: "wood", treatment: "reused", kg: 80, orderId, once: true });
    await addEntry(buyer.id, { date: "2030-01-05", material: "wood", treatment: "reused", kg: 80, orderId, once: false });
    expect((await platformTotals(range)).totals.weight_kg - before.totals.weight_kg).toBe(80);
    expect((await impactSummary(buyer, range)).totals.confirmed_weight_kg).toBe(80);
    // The buyer received the load: the seller diverted it, and its saving is the seller's.
    expect(await memberImpact(buyer.id)).toEqual({
      weight_diverted_kg: 0,
      co2e_kg: 0,
      orders_completed: 1,
    });
    expect(await memberImpact(seller.id)).toEqual({
      weight_diverted_kg: 80,
      co2e_kg: co2eGramsOf("wood", "reused", 80_000) / 1000,
      orders_completed: 1,
    });
  });

  it("counts members who signed in or wrote, not the sample members", async () => {
    const range = { from: "2031-05-01", to: "2031-05-07", days: 7 };
    expect(await activeUsers(range)).toBe(0);
    const [{ id }] = await getDb()
      .insert(users)
      .values({ username: "Active", email: "active-sums@example.org", passwordHash: "$2b$hash" })
      .returning()
      .all();
    sqliteClient(getDb()).prepare(`INSERT INTO activity_days (day, user_id) VALUES ('2031-05-03', ?)`).run(id);
    const sample = await addMember("Sample");
    sqliteClient(getDb()).prepare(`INSERT INTO activity_days (day, user_id) VALUES ('2031-05-03', ?)`).run(sample.id);
    expect(await activeUsers(range)).toBe(1);
  });
});
