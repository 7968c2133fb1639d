import { count, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { impactDays, impactEntries } from "../../../db/schema";
import { addListing, addMember } from "../../../tests/support/unit-factories";
import { moveOrder, requestOrder } from "~/features/exchange/orders.server";
import type { Viewer } from "~/services/access.server";
import { getDb } from "~/services/database/db.server";
import { resetRateLimits } from "~/services/rate-limit.server";
import { serverTimeZone } from "~/services/http/time-zone.server";
import { co2eGramsOf } from "./factors";
import {
  changeEntry,
  deleteEntry,
  ENTRIES_PER_HOUR,
  getEntry,
  listEntries,
  recordEntry,
  type EntryInput,
} from "./entries.server";
import { todayIn } from "./periods";

const load: EntryInput = { date: "2025-03-14", material: "metals", weight_kg: 250, treatment: "recycled" };

const entryCount = async () => (await getDb().select({ n: count() }).from(impactEntries).get())!.n;
const weightInDays = async (memberId: number) =>
  (await getDb().select({ weightG: impactDays.weightG }).from(impactDays).where(eq(impactDays.memberId, memberId)).all()).reduce(
    (sum, row) => sum + row.weightG,
    0,
  );

async function recorded(viewer: Viewer, input: Partial<EntryInput> = {}) {
  const outcome = await recordEntry(viewer, { ...load, ...input });
  if (!outcome.ok) throw new Error(outcome.message);
  return outcome.entry;
}

beforeEach(() => resetRateLimits());

describe("recordEntry", () => {
  it("keeps whole grams and the CO2e worked out with the current factor table", async () => {
    const member = await addMember("Rosa");
    const outcome = await recordEntry(member, { ...load, revenue_cents: 4200, note: "Yard 2" });
    // 0.25 t × 1.10231 short tons a tonne × (landfill 0.02025 − recycle −4.39116) t CO2e = 1.215688 t, by hand from the CSV.
    expect(outcome).toMatchObject({
      ok: true,
      message: "Load recorded: 1,215.69 kg CO2e avoided.",
      entry: {
        ...load,
        revenue_cents: 4200,
        currency: "USD",
        note: "Yard 2",
        source: "recorded",
        order_id: null,
        co2e_kg: 1215.688,
        factor_table: "epa-warm-v16",
      },
    });
    expect(await weightInDays(member.id)).toBe(250_000);
  });

  it("stores no money without an amount, and says so when a treatment emitted more than landfill", async () => {
    const member = await addMember("Wim");
    const outcome = await recordEntry(member, { ...load, material: "wood", treatment: "energy_recovery", weight_kg: 10 });
    expect(outcome).toMatchObject({ ok: true, entry: { revenue_cents: null, currency: null } });
    expect(outcome.ok && outcome.entry.co2e_kg).toBeLessThan(0);
    expect(outcome.ok && outcome.message).toMatch(/^Load recorded: [\d.]+ kg CO2e more than landfill\.$/);
  });

  it("records a load sent twice under one submission key once, and answers the first entry again", async () => {
    const member = await addMember("Twice");
    const other = await addMember("Same key");
    const first = await recordEntry(member, { ...load, submission_key: "form-6f1c2a9e" });
    const again = await recordEntry(member, { ...load, submission_key: "form-6f1c2a9e" });
    expect(again).toMatchObject({ ok: true, entry: { id: first.ok && first.entry.id } });
    expect((await listEntries(member, { page: 1 })).pagination.total).toBe(1);
    // Keys are the member's own: another member's load under the same key is theirs.
    expect(await recordEntry(other, { ...load, submission_key: "form-6f1c2a9e" })).toMatchObject({ ok: true });
    expect((await listEntries(other, { page: 1 })).pagination.total).toBe(1);
    expect(await recordEntry(member, { ...load, submission_key: "no good" })).toMatchObject({ ok: false, reason: "invalid" });
  });

  it("refuses bad input and writes nothing", async () => {
    const member = await addMember("Nell");
    const before = await entryCount();
    expect(await recordEntry(member, { ...load, weight_kg: 0 })).toMatchObject({
      ok: false,
      reason: "invalid",
      errors: { weight_kg: "The weight must be above zero" },
    });
    expect(await recordEntry(member, { ...load, date: "2999-01-01" })).toMatchObject({
      ok: false,
      reason: "invalid",
      message: "The date cannot be in the future.",
    });
    expect(await recordEntry(member, { ...load, material: "gold" as never })).toMatchObject({ ok: false, reason: "invalid" });
    expect(await entryCount()).toBe(before);
  });

  it(`allows ${ENTRIES_PER_HOUR} entries an hour; refusals for bad input do not count`, async () => {
    const member = await addMember("Script");
    await recordEntry(member, { ...load, weight_kg: -1 });
    for (let written = 0; written < ENTRIES_PER_HOUR; written++) await recorded(member, { weight_kg: 1 });
    const refused = await recordEntry(member, load);
    expect(refused).toMatchObject({ ok: false, reason: "rate-limited", message: /recording loads too often/ });
    expect(refused.ok ? 0 : refused.retryAfterSeconds).toBeGreaterThan(0);
    expect((await listEntries(member, { page: 1 })).pagination.total).toBe(ENTRIES_PER_HOUR);
  });
});

describe("changeEntry and deleteEntry", () => {
  it("work the CO2e out again on a change and keep the money unless it is changed", async () => {
    const member = await addMember("Ada");
    const entry = await recorded(member, { revenue_cents: 900 });
    const changed = await changeEntry(member, entry.id, { material: "wood", weight_kg: 12.5, treatment: "reused" });
    expect(changed).toMatchObject({
      ok: true,
      entry: { id: entry.id, material: "wood", weight_kg: 12.5, treatment: "reused", revenue_cents: 900, currency: "USD" },
    });
    expect(changed.ok && changed.entry.co2e_kg).toBe(co2eGramsOf("wood", "reused", 12_500) / 1000);
    expect(await changeEntry(member, entry.id, { revenue_cents: null, note: "Pallets" })).toMatchObject({
      ok: true,
      entry: { revenue_cents: null, currency: null, note: "Pallets" },
    });
    expect(await weightInDays(member.id)).toBe(12_500);
    expect(await changeEntry(member, entry.id, { weight_kg: -3 })).toMatchObject({ ok: false, reason: "invalid" });
    expect(await getEntry(member, entry.id)).toMatchObject({ weight_kg: 12.5 });

    expect(await deleteEntry(member, entry.id)).toEqual({ ok: true, message: "Entry deleted." });
    expect(await getEntry(member, entry.id)).toBeNull();
    expect(await weightInDays(member.id)).toBe(0);
  });

  it("keep the currency money was written in while the same amount is sent back, as the edit form does", async () => {
    const member = await addMember("Eur");
    const entry = await recorded(member, { revenue_cents: 1_200 });
    // As if CURRENCY had since changed: the stored money is in another currency than the instance's.
    await getDb().update(impactEntries).set({ currency: "EUR" }).where(eq(impactEntries.id, entry.id)).run();
    expect(await changeEntry(member, entry.id, { revenue_cents: 1_200, note: "Same money" })).toMatchObject({
      ok: true,
      entry: { revenue_cents: 1_200, currency: "EUR", note: "Same money" },
    });
    expect(await changeEntry(member, entry.id, { revenue_cents: 1_300 })).toMatchObject({
      ok: true,
      entry: { revenue_cents: 1_300, currency: "USD" },
    });
  });

  it("answer another member's entry and a missing one alike, and change nothing", async () => {
    const owner = await addMember("Owner");
    const other = await addMember("Other");
    const entry = await recorded(owner);
    const missing = { ok: false, reason: "not-found", message: "This entry does not exist.", errors: {} };
    expect(await changeEntry(other, entry.id, { weight_kg: 1 })).toEqual(missing);
    expect(await deleteEntry(other, entry.id)).toEqual(missing);
    expect(await changeEntry(other, 999_999, { weight_kg: 1 })).toEqual(missing);
    expect(await getEntry(other, entry.id)).toBeNull();
    expect(await getEntry(owner, entry.id)).toMatchObject({ weight_kg: 250 });
  });
});

describe("listEntries", () => {
  it("lists the member's own entries newest day first, filtered, 25 a page with the total", async () => {
    const member = await addMember("Lister");
    await addMember("Neighbour");
    for (let day = 1; day <= 28; day++)
      await recorded(member, { date: `2025-02-${String(day).padStart(2, "0")}`, weight_kg: day });
    await recorded(member, { date: "2025-02-28", material: "glass", weight_kg: 99 });
    const first = await listEntries(member, { page: 1 });
    expect(first.pagination).toEqual({ page: 1, limit: 25, total: 29, hasMore: true });
    expect(first.entries.slice(0, 3).map((entry) => [entry.date, entry.weight_kg])).toEqual([
      ["2025-02-28", 99],
      ["2025-02-28", 28],
      ["2025-02-27", 27],
    ]);
    expect(await listEntries(member, { page: 2 })).toMatchObject({
      pagination: { total: 29, hasMore: false },
      entries: { length: 4 },
    });
    expect(
      (await listEntries(member, { page: 1, from: "2025-02-10", to: "2025-02-12" })).entries.map((entry) => entry.weight_kg),
    ).toEqual([12, 11, 10]);
    expect((await listEntries(member, { page: 1, material: "glass" })).pagination.total).toBe(1);
    expect((await listEntries(member, { page: 1, treatment: "composted" })).pagination.total).toBe(0);
  });
});

describe("entries from orders", () => {
  async function completed(seller: Viewer, buyer: Viewer, listingId: number, quantity: number, weight_kg?: number) {
    const request = await requestOrder(buyer, { listing_id: listingId, quantity });
    if (!request.ok) throw new Error(request.message);
    const id = request.order.id;
    expect(await moveOrder(seller, id, "accept")).toMatchObject({ ok: true });
    expect(await moveOrder(seller, id, "complete", { weight_kg })).toMatchObject({ ok: true });
    // One confirmation writes nothing yet.
    expect(await getDb().select().from(impactEntries).where(eq(impactEntries.orderId, id)).all()).toEqual([]);
    expect(await moveOrder(buyer, id, "complete")).toMatchObject({ ok: true, order: { state: "completed" } });
    return id;
  }

  it("writes one entry for each party at completion, with the weighed total, the seller's revenue and the buyer's cost", async () => {
    const seller = await addMember("Seller");
    const buyer = addMember("Buyer");
    const listingId = await addListing(seller, {
      category: "metals",
      material: "metals",
      unit: "kg",
      quantity: 500,
      weightPerUnitKg: null,
      priceCents: 30,
    });
    const orderId = await completed(seller, await buyer, listingId, 400, 398.2);
    const co2e = co2eGramsOf("metals", "recycled", 398_200) / 1000;
    const common = {
      date: todayIn(serverTimeZone()),
      material: "metals",
      treatment: "recycled",
      weight_kg: 398.2,
      source: "order",
      order_id: orderId,
      currency: "USD",
    };
    // The seller diverted the load and is credited its CO2e; the buyer received it, without: the saving is claimed once.
    // The money is the weighed 398.2 kg at 30 cents, not the 400 kg asked for: the weight settles the price.
    expect((await listEntries(seller, { page: 1 })).entries).toEqual([
      expect.objectContaining({ ...common, role: "diverted", co2e_kg: co2e, revenue_cents: 11_946 }),
    ]);
    expect((await listEntries(await buyer, { page: 1 })).entries).toEqual([
      expect.objectContaining({ ...common, role: "received", co2e_kg: 0, revenue_cents: -11_946 }),
    ]);
    const rows = await getDb().select().from(impactEntries).where(eq(impactEntries.orderId, orderId)).all();
    expect(rows.map((row) => [row.memberId, row.countsOnce])).toEqual(
      expect.arrayContaining([
        [seller.id, true],
        [(await buyer).id, false],
      ]),
    );

    // Neither party may rewrite what both confirmed.
    const entry = (await listEntries(await buyer, { page: 1 })).entries[0]!;
    const fixed = { ok: false, reason: "forbidden", message: expect.stringMatching(/completed order/) };
    expect(await changeEntry(await buyer, entry.id, { weight_kg: 1 })).toMatchObject(fixed);
    expect(await deleteEntry(await buyer, entry.id)).toMatchObject(fixed);
    expect(await getEntry(await buyer, entry.id)).toMatchObject({ weight_kg: 398.2 });
  });

  it("counts goods reused, works the weight out from the pieces, and writes nothing when the weight is unknown", async () => {
    const seller = await addMember("Chairs");
    const buyer = addMember("Office");
    await completed(seller, await buyer, await addListing(seller, { priceCents: 0, kind: "free" }), 2);
    expect((await listEntries(await buyer, { page: 1 })).entries).toEqual([
      expect.objectContaining({ material: "mixed", treatment: "reused", weight_kg: 25, revenue_cents: null, currency: null }),
    ]);

    const before = await entryCount();
    await completed(seller, await buyer, await addListing(seller, { weightPerUnitKg: null }), 1);
    expect(await entryCount()).toBe(before);
  });
});
