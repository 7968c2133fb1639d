import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayIn } from "~/features/impact/periods";
import type { EntryView } from "~/features/impact/wire";
import { requestOrder } from "../support/factories";
import { api, registerMember, startServer, type TestServer } from "../support/server";

/**
 * Every figure the ledger shows is the sum of its entries. Entries are written the ways members
 * write them (the API, and a real order completed by both parties), then the dashboard's cards
 * and table, /api/impact, the report's totals and breakdowns and the CSV are each checked against
 * the sum of the entries the ledger lists, before and after an edit and a delete.
 */

let server: TestServer;
type Member = Awaited<ReturnType<typeof registerMember>>;
let member: Member;
let partner: Member;

const today = () => todayIn("UTC");

beforeAll(async () => {
  server = await startServer();
  [member, partner] = [await registerMember(server), await registerMember(server)];
});

afterAll(async () => {
  await server?.stop();
});

const call = (who: Member, pathname: string, init: { method?: string; body?: unknown } = {}) =>
  api(server, pathname, { ...init, token: who.token, headers: { "x-forwarded-for": who.address } });

async function page(who: Member, pathname: string) {
  const response = await fetch(server.url + pathname, {
    redirect: "manual",
    headers: { cookie: `session=${who.token}; tz=UTC`, "x-forwarded-for": who.address },
  });
  return { status: response.status, text: (await response.text()).replaceAll("<!-- -->", "") };
}

const plain = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replaceAll("&amp;", "&")
    .replaceAll("&#x27;", "'")
    .replace(/\s+/g, " ")
    .trim();

/** Every entry of the member's ledger in the range, all pages of the list read. */
async function ledger(who: Member, from: string, to: string): Promise<EntryView[]> {
  const entries: EntryView[] = [];
  for (let pageNumber = 1; ; pageNumber++) {
    const { status, json } = await call(who, `/api/impact/entries?from=${from}&to=${to}&page=${pageNumber}`);
    expect(status).toBe(200);
    entries.push(...json.data.entries);
    expect(json.data.pagination.total).toBeGreaterThanOrEqual(entries.length);
    if (!json.data.pagination.hasMore) {
      expect(json.data.pagination.total).toBe(entries.length);
      return entries;
    }
  }
}

/** Sums in whole grams and cents, as the ledger keeps them, so nothing is lost to floating point. */
function sums(entries: EntryView[]) {
  const grams = (kg: number) => Math.round(kg * 1000);
  const money = entries.filter((entry) => entry.currency === "USD");
  return {
    entries: entries.length,
    weightG: entries.reduce((total, entry) => total + grams(entry.weight_kg), 0),
    co2eG: entries.reduce((total, entry) => total + grams(entry.co2e_kg), 0),
    confirmedG: entries.filter((entry) => entry.source === "order").reduce((total, entry) => total + grams(entry.weight_kg), 0),
    revenueCents: money.reduce((total, entry) => total + Math.max(entry.revenue_cents!, 0), 0),
    costCents: money.reduce((total, entry) => total + Math.max(-entry.revenue_cents!, 0), 0),
  };
}

const usd = (cents: number) =>
  new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", minimumFractionDigits: cents % 100 ? 2 : 0 }).format(
    cents / 100,
  );
// Every weight and CO2e figure is kg to two decimals at most, with thousands separators, on every page.
const kgText = (grams: number) => new Intl.NumberFormat("en-US", { maximumFractionDigits: 2 }).format(grams / 1000);

/** Checks every figure shown for the last 30 days against the ledger's own entries. */
async function expectEveryFigureToAddUp(who: Member) {
  const from = addDays(today(), -29);
  const entries = await ledger(who, from, today());
  const expected = sums(entries);

  const { json } = await call(who, "/api/impact?period=30");
  expect(json.data.totals).toMatchObject({
    entries: expected.entries,
    weight_kg: expected.weightG / 1000,
    co2e_kg: expected.co2eG / 1000,
    confirmed_weight_kg: expected.confirmedG / 1000,
    revenue_cents: expected.revenueCents,
    cost_cents: expected.costCents,
  });
  const seriesG = json.data.series.points.reduce(
    (total: number, point: { weight_kg: number }) => total + Math.round(point.weight_kg * 1000),
    0,
  );
  expect(seriesG).toBe(expected.weightG);

  const dashboard = plain((await page(who, "/app/dashboard?period=30")).text);
  expect(dashboard).toContain(`Waste Processed ${kgText(expected.weightG)} kg`);
  expect(dashboard).toContain(`CO2 Saved ${kgText(expected.co2eG)} kg CO2e`);
  expect(dashboard).toContain(`Revenue Generated ${usd(expected.revenueCents)}`);

  const report = (await page(who, `/app/reports?from=${from}&to=${today()}`)).text;
  const figure = (term: string) => plain(new RegExp(`<dt[^>]*>${term}</dt><dd[^>]*>(.*?)</dd>`).exec(report)?.[1] ?? "");
  expect(figure("Weight")).toBe(`${kgText(expected.weightG)} kg`);
  expect(figure("CO2e avoided")).toBe(`${kgText(expected.co2eG)} kg CO2e`);
  expect(figure("Revenue")).toBe(usd(expected.revenueCents));
  expect(figure("Costs")).toBe(usd(expected.costCents));
  // Each breakdown adds up to the total too.
  for (const key of ["plastics", "wood", "organics", "recycled", "composted", "landfilled"]) {
    const row = new RegExp(`<tr data-key="${key}">(.*?)</tr>`).exec(report)?.[1];
    const part = entries.filter((entry) => entry.material === key || entry.treatment === key);
    if (part.length === 0) {
      expect(row, key).toBeUndefined();
      continue;
    }
    expect(`${plain(row!)} `, key).toContain(` ${kgText(sums(part).weightG)} `);
  }

  const csv = await fetch(`${server.url}/api/impact/export?from=${from}&to=${today()}`, {
    headers: { authorization: `Bearer ${who.token}`, "x-forwarded-for": who.address },
  });
  const lines = (await csv.text()).trimEnd().split("\r\n");
  const header = lines[0]!.split(",");
  const rows = lines.slice(1).map((line) => line.split(","));
  expect(rows).toHaveLength(expected.entries);
  const column = (name: string) => rows.map((row) => row[header.indexOf(name)]!);
  expect(column("weight_kg").reduce((total, cell) => total + Math.round(Number(cell) * 1000), 0)).toBe(expected.weightG);
  expect(column("co2e_kg").reduce((total, cell) => total + Math.round(Number(cell) * 1000), 0)).toBe(expected.co2eG);
  return { entries, expected };
}

describe("the ledger's figures", () => {
  it("equal the sums of the entries written through the API and by a completed order, everywhere they show", async () => {
    const recorded = [
      { date: today(), material: "plastics", weight_kg: 1200.125, treatment: "recycled", revenue_cents: 15_050 },
      { date: addDays(today(), -3), material: "organics", weight_kg: 0.001, treatment: "composted" },
      { date: addDays(today(), -10), material: "plastics", weight_kg: 333.333, treatment: "landfilled", revenue_cents: -2_500 },
      { date: addDays(today(), -29), material: "wood", weight_kg: 75.5, treatment: "energy_recovery", note: "=SUM(A1)" },
      // Outside the period: in none of the figures.
      { date: addDays(today(), -30), material: "glass", weight_kg: 999, treatment: "recycled", revenue_cents: 99_900 },
    ];
    for (const body of recorded) expect((await call(member, "/api/impact/entries", { method: "POST", body })).status).toBe(201);

    // A real order: the partner sells pallets, the member buys them, both confirm with a weighed total.
    const listing = await call(partner, "/api/listings", {
      method: "POST",
      body: {
        kind: "sale",
        title: "Pallet offcuts",
        description: "Dry softwood offcuts from a warehouse.",
        category: "wood",
        material: "wood",
        condition: "scrap",
        quantity: 20,
        unit: "piece",
        weight_per_unit_kg: 12.5,
        price_cents: 150,
        location: "Ghent",
        handover: "collection",
      },
    });
    expect(listing.status).toBe(201);
    const orderId = (await requestOrder(server, member, listing.json.data.listing.id, { quantity: 8 })).id;
    const move = (who: Member, body: object) => call(who, `/api/orders/${orderId}/transitions`, { method: "POST", body });
    expect((await move(partner, { action: "accept" })).status).toBe(200);
    expect((await move(partner, { action: "complete", weight_kg: 96.4 })).status).toBe(200);
    expect((await move(member, { action: "complete" })).status).toBe(200);

    const { entries } = await expectEveryFigureToAddUp(member);
    const fromOrder = entries.find((entry) => entry.source === "order")!;
    expect(fromOrder).toMatchObject({
      order_id: orderId,
      weight_kg: 96.4,
      material: "wood",
      treatment: "recycled",
      revenue_cents: -1_200,
    });
    const partnerSide = await ledger(partner, today(), today());
    expect(partnerSide).toEqual([expect.objectContaining({ order_id: orderId, weight_kg: 96.4, revenue_cents: 1_200 })]);
    await expectEveryFigureToAddUp(partner);

    // The order is in both ledgers and once in the platform's figure: today the member's own load and the order's weight.
    // (Other tests' servers are separate, so this server's platform is these two members.)
    for (const who of [member, partner]) {
      const report = plain((await page(who, `/app/reports?from=${today()}&to=${today()}`)).text);
      expect(report).toContain(`The whole platform in the same dates: ${kgText(1_200_125 + 96_400)} kg`);
    }
    // The seller handed the pallets over and holds their CO2e, fate pending; the buyer received them, without CO2e.
    expect(fromOrder).toMatchObject({ role: "received", co2e_kg: 0 });
    expect(partnerSide).toEqual([expect.objectContaining({ role: "diverted", co2e_kg: expect.any(Number) })]);
    expect(partnerSide[0]!.co2e_kg).toBeGreaterThan(0);

    // An edit that moves an entry to another day, material and treatment, and a delete: still the sums.
    const plastics = entries.find((entry) => entry.material === "plastics" && entry.treatment === "recycled")!;
    const edited = await call(member, `/api/impact/entries/${plastics.id}`, {
      method: "PATCH",
      body: { date: addDays(today(), -5), material: "metals", treatment: "reused", weight_kg: 10.01, revenue_cents: -99 },
    });
    expect(edited.status).toBe(200);
    const organics = entries.find((entry) => entry.material === "organics")!;
    expect((await call(member, `/api/impact/entries/${organics.id}`, { method: "DELETE" })).status).toBe(200);
    const after = await expectEveryFigureToAddUp(member);
    expect(after.entries).toHaveLength(entries.length - 1);
  });

  it("are public across members: GET /api/impact/platform answers without signing in, each kilogram once", async () => {
    const anyone = (query = "") =>
      api(server, `/api/impact/platform${query}`, { headers: { "x-forwarded-for": member.address } });
    const before = await anyone();
    expect(before.status).toBe(200);
    expect(before.json.data.factors).toMatchObject({ key: "epa-warm-v16" });
    const load = { date: today(), material: "glass", weight_kg: 40, treatment: "recycled" };
    const recorded = await call(member, "/api/impact/entries", { method: "POST", body: load });
    expect(recorded.status).toBe(201);
    const after = await anyone();
    expect(after.status).toBe(200);
    expect(after.json.data.totals.weight_kg - before.json.data.totals.weight_kg).toBeCloseTo(40, 3);
    expect(after.json.data.totals.co2e_kg - before.json.data.totals.co2e_kg).toBeCloseTo(recorded.json.data.entry.co2e_kg, 3);
    expect(after.json.data.totals.members).toBeGreaterThanOrEqual(1);
    const longAgo = await anyone("?from=2001-01-01&to=2001-01-31");
    expect(longAgo.json.data).toMatchObject({ totals: { weight_kg: 0, co2e_kg: 0, members: 0, transfers: 0 }, by_treatment: [] });
    expect((await anyone("?from=2026-02-30")).status).toBe(400);
    const backwards = await anyone("?from=2026-03-02&to=2026-03-01");
    expect(backwards).toMatchObject({
      status: 400,
      json: { success: false, message: "The start date must not be after the end date." },
    });
  });
});
