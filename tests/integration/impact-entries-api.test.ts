import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requestOrder } from "../support/factories";
import { api, registerMember, startServer, type TestServer } from "../support/server";

/**
 * The ledger's entries API against the real server and database: a member records, lists,
 * filters, pages through, changes and deletes their loads; every refusal answers its status and
 * changes nothing; a completed order gives both parties an entry they cannot rewrite.
 */

let server: TestServer;
type Member = Awaited<ReturnType<typeof registerMember>>;
let member: Member;
let other: Member;

beforeAll(async () => {
  server = await startServer();
  [member, other] = [await registerMember(server), await registerMember(server)];
});

afterAll(async () => {
  await server?.stop();
});

const load = { date: "2025-03-14", material: "metals", weight_kg: 250, treatment: "recycled" };

const call = (who: Member, pathname: string, init: { method?: string; body?: unknown } = {}) =>
  api(server, pathname, { ...init, token: who.token });
const record = (body: unknown, who = member) => call(who, "/api/impact/entries", { method: "POST", body });
const list = (query = "", who = member) => call(who, `/api/impact/entries${query}`);
const totalOf = async (who = member) => (await list("", who)).json.data.pagination.total as number;

describe("recording and reading entries", () => {
  it("records a load and answers it with its CO2e worked out from the factor table", async () => {
    const response = await record({ ...load, revenue_cents: 4200, note: "Yard 2", source: "order", co2e_kg: 1e9 });
    expect(response.status).toBe(201);
    // 0.25 t × 1.10231 short tons a tonne × (0.02025 − (−4.39116)) t CO2e for mixed metals recycled, by hand from the CSV.
    expect(response.json).toMatchObject({
      success: true,
      message: "Load recorded: 1,215.69 kg CO2e avoided.",
      data: {
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
      },
    });
    const { id } = response.json.data.entry;
    expect((await call(member, `/api/impact/entries/${id}`)).json.data.entry).toEqual(response.json.data.entry);
  });

  it("lists the member's entries newest day first, filtered, 25 a page, with the total", async () => {
    for (let day = 1; day <= 27; day++) {
      const date = `2025-01-${String(day).padStart(2, "0")}`;
      expect((await record({ ...load, date, weight_kg: day, material: day % 2 ? "paper" : "glass" })).status).toBe(201);
    }
    const first = await list();
    expect(first.status).toBe(200);
    expect(first.json.data.pagination).toEqual({ page: 1, limit: 25, total: 28, hasMore: true });
    expect(first.json.data.entries[0]).toMatchObject({ date: "2025-03-14" });
    expect(first.json.data.entries[1]).toMatchObject({ date: "2025-01-27", weight_kg: 27 });
    const second = await list("?page=2");
    expect(second.json.data.pagination).toEqual({ page: 2, limit: 25, total: 28, hasMore: false });
    expect(second.json.data.entries.map((entry: { weight_kg: number }) => entry.weight_kg)).toEqual([3, 2, 1]);

    const filtered = await list("?from=2025-01-10&to=2025-01-14&material=paper&treatment=recycled");
    expect(filtered.json.data.entries.map((entry: { date: string }) => entry.date)).toEqual(["2025-01-13", "2025-01-11"]);
    expect(filtered.json.data.pagination.total).toBe(2);
    expect((await list("?treatment=composted")).json.data.pagination.total).toBe(0);
    // Another member's ledger is their own.
    expect((await list("", other)).json.data.pagination.total).toBe(0);
  });

  it("answers bad filters with a 400 naming them", async () => {
    for (const query of [
      "?page=0",
      "?page=two",
      "?from=2026-02-30",
      "?material=gold",
      "?treatment=buried",
      "?from=2025-02-01&to=2025-01-01",
    ]) {
      const response = await list(query);
      expect(response.status, query).toBe(400);
      expect(response.json.success).toBe(false);
    }
  });

  it("serves the materials, the treatments and the factor table", async () => {
    const response = await call(member, "/api/impact/materials");
    expect(response.status).toBe(200);
    const { materials, treatments, factors, grid } = response.json.data;
    expect(materials).toHaveLength(10);
    expect(materials).toContainEqual({
      key: "textiles",
      label: "Textiles",
      factor_row: "carpet",
      proxy: expect.stringContaining("Carpet"),
    });
    expect(materials).toContainEqual(expect.objectContaining({ key: "mixed", factor_row: null, why_zero: expect.any(String) }));
    expect(treatments.map((treatment: { key: string }) => treatment.key)).toEqual([
      "collected",
      "reused",
      "recycled",
      "composted",
      "energy_recovery",
      "landfilled",
    ]);
    expect(factors).toMatchObject({ key: "epa-warm-v16", name: expect.stringContaining("WARM"), edition: expect.any(String) });
    const metals = grid.find((row: { material: string }) => row.material === "metals");
    const recycled = metals.treatments.find((cell: { treatment: string }) => cell.treatment === "recycled");
    expect(recycled.kg_co2e_per_kg).toBeCloseTo(4.86275, 4);
    expect((await api(server, "/api/impact/materials")).status).toBe(401);
  });
});

describe("changing and deleting entries", () => {
  it("changes any field, works the CO2e out again, and deletes", async () => {
    const { id } = (await record({ ...load, revenue_cents: -1500 })).json.data.entry;
    const changed = await call(member, `/api/impact/entries/${id}`, {
      method: "PATCH",
      body: { weight_kg: 12.5, material: "wood", treatment: "landfilled", note: "Offcuts" },
    });
    expect(changed.status).toBe(200);
    expect(changed.json.data.entry).toMatchObject({
      id,
      weight_kg: 12.5,
      material: "wood",
      treatment: "landfilled",
      co2e_kg: 0,
      revenue_cents: -1500,
      note: "Offcuts",
    });
    const before = await totalOf();
    const deleted = await call(member, `/api/impact/entries/${id}`, { method: "DELETE" });
    expect(deleted.status).toBe(200);
    expect(deleted.json).toEqual({ success: true, message: "Entry deleted." });
    expect(await totalOf()).toBe(before - 1);
    expect((await call(member, `/api/impact/entries/${id}`)).status).toBe(404);
  });
});

describe("refusals change nothing", () => {
  it("refuses bad loads with a 400 and a message naming the field", async () => {
    const before = await totalOf();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...load, weight_kg: -5 }, "weight_kg", "The weight must be above zero"],
      [{ ...load, weight_kg: 0 }, "weight_kg", "The weight must be above zero"],
      [{ ...load, weight_kg: 100_000_001 }, "weight_kg", "A single entry can weigh at most 100,000 t."],
      [{ ...load, date: "2999-01-01" }, "date", "The date cannot be in the future."],
      [{ ...load, date: "2026-02-30" }, "date", "Give a real calendar date as YYYY-MM-DD"],
      [{ ...load, material: "uranium" }, "material", "Choose one of the materials"],
      [{ ...load, treatment: "buried" }, "treatment", "Choose what happened to the load"],
      [{ ...load, revenue_cents: 1.5 }, "revenue_cents", "Give the revenue in cents as a whole number (negative for a cost)"],
    ];
    for (const [body, field, message] of cases) {
      const response = await record(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.json).toMatchObject({ success: false, message, errors: { [field]: message } });
    }
    expect((await record("{nope")).status).toBe(400);
    expect(await totalOf()).toBe(before);
  });

  it("answers another member's entry 404 for GET, PATCH and DELETE, as a missing one, and leaves it as it was", async () => {
    const { id } = (await record({ ...load, weight_kg: 7 })).json.data.entry;
    const path = `/api/impact/entries/${id}`;
    const missing = await call(other, "/api/impact/entries/99999999");
    expect(missing.status).toBe(404);
    for (const init of [{}, { method: "PATCH", body: { weight_kg: 1 } }, { method: "DELETE" }]) {
      const response = await call(other, path, init);
      expect(response.status, init.method ?? "GET").toBe(404);
      expect(response.json).toEqual(missing.json);
    }
    expect((await call(member, path)).json.data.entry).toMatchObject({ weight_kg: 7 });
    expect((await call(member, "/api/impact/entries/abc")).status).toBe(404);
  });

  it("refuses a PATCH that breaks a rule, and keeps the entry", async () => {
    const { id } = (await record({ ...load, weight_kg: 8 })).json.data.entry;
    const path = `/api/impact/entries/${id}`;
    expect((await call(member, path, { method: "PATCH", body: { weight_kg: -1 } })).status).toBe(400);
    expect((await call(member, path, { method: "PATCH", body: { date: "2999-01-01" } })).status).toBe(400);
    expect((await call(member, path, { method: "PATCH", body: {} })).status).toBe(400);
    expect((await call(member, path)).json.data.entry).toMatchObject({ weight_kg: 8, date: load.date });
  });

  it("allows 300 loads an hour, then answers 429 with Retry-After and writes nothing", async () => {
    const busy = await registerMember(server);
    for (let written = 0; written < 300; written++) expect((await record({ ...load, weight_kg: 1 }, busy)).status).toBe(201);
    const refused = await record(load, busy);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(refused.json.message).toMatch(/recording loads too often/);
    expect(await totalOf(busy)).toBe(300);
  });

  it("asks for a session", async () => {
    expect((await api(server, "/api/impact/entries")).status).toBe(401);
    expect((await api(server, "/api/impact/entries", { method: "POST", body: load })).status).toBe(401);
    expect((await api(server, "/api/impact/entries/1", { method: "DELETE" })).status).toBe(401);
  });
});

describe("entries from a completed order", () => {
  it("gives both parties an entry of the weighed total, confirmed by the other party, that neither can rewrite", async () => {
    const [seller, buyer] = [await registerMember(server), await registerMember(server)];
    const listing = await call(seller, "/api/listings", {
      method: "POST",
      body: {
        kind: "sale",
        title: "Baled clear PET",
        description: "About 250 kg a bale, sorted and baled last week.",
        category: "plastics",
        material: "plastics",
        condition: "scrap",
        quantity: 4,
        unit: "piece",
        weight_per_unit_kg: 250,
        price_cents: 4000,
        location: "Leeds",
        handover: "collection",
      },
    });
    expect(listing.status).toBe(201);
    const orderId = (await requestOrder(server, buyer, listing.json.data.listing.id, { quantity: 2 })).id;
    const move = (who: Member, body: unknown) => call(who, `/api/orders/${orderId}/transitions`, { method: "POST", body });
    expect((await move(seller, { action: "accept" })).status).toBe(200);
    // The seller corrects the listed 500 kg to what the scale showed.
    expect((await move(seller, { action: "complete", weight_kg: 487.35 })).status).toBe(200);
    expect(await totalOf(seller)).toBe(0);
    expect((await move(buyer, { action: "complete" })).json.data.order).toMatchObject({ state: "completed", weight_kg: 487.35 });

    const common = { material: "plastics", treatment: "recycled", weight_kg: 487.35, source: "order", order_id: orderId };
    const sellerEntries = (await list("", seller)).json.data;
    const buyerEntries = (await list("", buyer)).json.data;
    expect(sellerEntries.pagination.total).toBe(1);
    expect(buyerEntries.pagination.total).toBe(1);
    expect(sellerEntries.entries[0]).toMatchObject({ ...common, role: "diverted", revenue_cents: 8000 });
    expect(buyerEntries.entries[0]).toMatchObject({ ...common, role: "received", revenue_cents: -8000 });
    // The load's CO2e is claimed once: by the seller who handed it over, until a later holder sets its fate.
    expect(sellerEntries.entries[0].co2e_kg).toBeGreaterThan(0);
    expect(buyerEntries.entries[0].co2e_kg).toBe(0);

    const path = `/api/impact/entries/${buyerEntries.entries[0].id}`;
    for (const init of [{ method: "PATCH", body: { weight_kg: 5000 } }, { method: "DELETE" }]) {
      const response = await call(buyer, path, init);
      expect(response.status, init.method).toBe(403);
      expect(response.json.message).toMatch(/completed order/);
    }
    expect((await call(buyer, path)).json.data.entry).toEqual(buyerEntries.entries[0]);
    // The seller's side is not the buyer's to see.
    expect((await call(buyer, `/api/impact/entries/${sellerEntries.entries[0].id}`)).status).toBe(404);
  });
});
