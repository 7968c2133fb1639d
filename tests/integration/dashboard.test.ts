import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { co2eGramsOf } from "~/features/impact/factors";
import { formatCo2e } from "~/features/impact/format";
import type { Material, Treatment } from "~/features/impact/vocabulary";
import { openDatabase, type TestDatabase } from "../support/database";
import { api, registerMember, startServer, type TestServer } from "../support/server";

/**
 * The dashboard as a browser without JavaScript meets it, and GET /api/impact: a member's own
 * entries (written straight into the database, as the ledger would) summed into the cards, the
 * change against the period before and the trend's table; nobody else's.
 */

let server: TestServer;
let db: TestDatabase & { close(): void };
let member: Awaited<ReturnType<typeof registerMember>>;
let other: Awaited<ReturnType<typeof registerMember>>;
let newcomer: Awaited<ReturnType<typeof registerMember>>;
let orderId: number;

const DAY_MS = 24 * 60 * 60 * 1000;
/** Days are counted on the member's clock; the tz cookie pins it to UTC. */
const today = () => new Date().toISOString().slice(0, 10);
const daysAgo = (days: number) => new Date(Date.parse(`${today()}T00:00:00Z`) - days * DAY_MS).toISOString().slice(0, 10);

function addEntry(
  memberId: number,
  fields: { date: string; material: Material; treatment: Treatment; kg: number; revenueCents?: number; orderId?: number },
) {
  const grams = Math.round(fields.kg * 1000);
  // The member is the buyer of the order: they received the load, whose CO2e is the seller's.
  const co2eG = fields.orderId ? 0 : co2eGramsOf(fields.material, fields.treatment, grams);
  db.prepare(
    `INSERT INTO impact_entries (member_id, date, material, treatment, weight_g, revenue_cents, currency, source, order_id,
       role, counts_once, co2e_g, factor_table)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'epa-warm-v16')`,
  ).run(
    memberId,
    fields.date,
    fields.material,
    fields.treatment,
    grams,
    fields.revenueCents ?? null,
    fields.revenueCents === undefined ? null : "USD",
    fields.orderId ? "order" : "recorded",
    fields.orderId ?? null,
    fields.orderId ? "received" : "own",
    fields.orderId ? 0 : 1,
    co2eG,
  );
  return co2eG;
}

let co2eNowG = 0;
let co2eBeforeG = 0;

beforeAll(async () => {
  server = await startServer();
  [member, other, newcomer] = [await registerMember(server), await registerMember(server), await registerMember(server)];
  db = openDatabase(server);
  const listing = db
    .prepare(
      `INSERT INTO listings (seller_id, kind, title, description, category, material, condition, quantity, unit,
         weight_per_unit_kg, price_cents, quantity_left, handover)
       VALUES (?, 'sale', 'Oak planks', 'From a barn.', 'wood', 'wood', 'used', 4, 'piece', 20, 1000, 0, 'collection')`,
    )
    .run(other.id).lastInsertRowid;
  orderId = Number(
    db
      .prepare(
        `INSERT INTO orders (listing_id, buyer_id, seller_id, quantity, unit_price_cents, state, handover, weight_kg)
         VALUES (?, ?, ?, 4, 1000, 'completed', 'collection', 80)`,
      )
      .run(listing, member.id, other.id).lastInsertRowid,
  );
  // This period (the last 30 days): 1,330 kg, 80 of them confirmed by the other party of an order.
  co2eNowG += addEntry(member.id, { date: today(), material: "plastics", treatment: "recycled", kg: 1000, revenueCents: 12_000 });
  co2eNowG += addEntry(member.id, { date: daysAgo(3), material: "metals", treatment: "recycled", kg: 250 });
  co2eNowG += addEntry(member.id, { date: daysAgo(3), material: "wood", treatment: "reused", kg: 80, orderId });
  // The 30 days before: 500 kg.
  co2eBeforeG += addEntry(member.id, {
    date: daysAgo(40),
    material: "paper",
    treatment: "recycled",
    kg: 500,
    revenueCents: 4_000,
  });
  // Someone else's load never shows on the member's pages.
  addEntry(other.id, { date: today(), material: "glass", treatment: "recycled", kg: 777.777, revenueCents: 55_555 });
});

afterAll(async () => {
  db?.close();
  await server?.stop();
});

async function page(pathname: string, token = member.token) {
  const response = await fetch(server.url + pathname, {
    redirect: "manual",
    headers: { cookie: `session=${token}; tz=UTC`, "x-forwarded-for": member.address },
  });
  // React marks where one text ends and the next begins; a reader sees neither.
  return { status: response.status, html: (await response.text()).replaceAll("<!-- -->", "") };
}

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();

/** Each card of the "Key figures" list as its text. */
function cards(html: string) {
  const list = /<ul[^>]*aria-label="Key figures"[^>]*>([\s\S]*?)<\/ul>/.exec(html)?.[1] ?? "";
  return [...list.matchAll(/<li[^>]*>([\s\S]*?)<\/li>/g)].map((match) => text(match[1]!));
}

/** The trend's table as rows of cell texts, head and foot included. */
function tableRows(html: string) {
  const table = /<table[\s\S]*?<\/table>/.exec(html)?.[0] ?? "";
  return [...table.matchAll(/<tr[^>]*>([\s\S]*?)<\/tr>/g)].map((row) =>
    [...row[1]!.matchAll(/<t[hd][^>]*>([\s\S]*?)<\/t[hd]>/g)].map((cell) => text(cell[1]!)),
  );
}

describe("the dashboard without JavaScript", () => {
  it("adds up the member's own entries of the period in the cards, with the change against the period before", async () => {
    const { status, html } = await page("/app/dashboard");
    expect(status).toBe(200);
    expect(text(html)).toContain("Your last 30 days");
    expect(text(html)).not.toContain("sample data");
    const [waste, revenue, active, co2] = cards(html);
    expect(waste).toBe(
      "Waste Processed 1,330 kg +166% vs previous 30 days 80 kg confirmed by trading partners; the rest self-reported.",
    );
    expect(revenue).toBe("Revenue Generated $120 +200% vs previous 30 days Sales and paid loads; costs are on the report.");
    expect(active).toMatch(
      /^Active Users \d+ New this period Members who signed in or wrote anything, across the whole platform\.$/,
    );
    const ratio = Math.round(((co2eNowG - co2eBeforeG) / co2eBeforeG) * 1000) / 10;
    expect(co2).toBe(
      `CO2 Saved ${formatCo2e(co2eNowG / 1000)} +${ratio}% vs previous 30 days Against landfill, by U.S. EPA Waste Reduction Model (WARM), Version 16 (December 2023); method on the report .`,
    );
    expect(html).toContain('href="/app/reports#method"');
    // The order's load, which the member bought, shows as received, its CO2e not theirs (it is in none of the above).
    expect(text(html)).toContain("Your part in loads that changed hands");
    expect(text(html)).toContain("Received 80 kg Taken over from another member.");
    expect(text(html)).toContain("Diverted 0 kg");
    // Another member's 777.777 kg and $555.55 are theirs alone.
    expect(html).not.toContain("777.7");
    expect(html).not.toContain("555.55");
  });

  it("draws the trend as an image with a name, and gives its numbers in a table", async () => {
    const { html } = await page("/app/dashboard?period=30");
    expect(html).toMatch(
      /<svg role="img" aria-label="Weight per day by treatment over the last 30 days, 1,330 kg in all\. The figures are in the table below\."/,
    );
    // One path a treatment shown, not a rectangle a bar.
    const drawing = /<svg role="img"[\s\S]*?<\/svg>/.exec(html)![0];
    expect(drawing).not.toContain("<rect");
    expect(drawing.match(/<path /g)).toHaveLength(2);
    const rows = tableRows(html);
    expect(rows[0]).toEqual(["Day", "Reused", "Recycled", "Total"]);
    expect(rows).toHaveLength(1 + 30 + 1);
    expect(rows[30]!.slice(1)).toEqual(["0", "1,000", "1,000"]);
    expect(rows[27]!.slice(1)).toEqual(["80", "250", "330"]);
    expect(rows.slice(1, 31).filter((row) => row[3] !== "0")).toHaveLength(2);
    expect(rows[31]).toEqual(["All", "80", "1,250", "1,330"]);
    expect(html).toContain("<summary");
    expect(text(html)).toContain("Show the figures as a table");
  });

  it("shows weeks over 90 days, 7 days through the old range name, and the default for a period it does not know", async () => {
    const ninety = await page("/app/dashboard?period=90");
    expect(cards(ninety.html)[0]).toMatch(/^Waste Processed 1,830 kg New this period /);
    const weeks = tableRows(ninety.html);
    expect(weeks[0]![0]).toBe("Week");
    expect(weeks).toHaveLength(1 + 13 + 1);
    expect(weeks.at(-1)).toEqual(["All", "80", "1,750", "1,830"]);

    const seven = await page("/app/dashboard?range=7");
    expect(text(seven.html)).toContain("Your last 7 days");
    expect(cards(seven.html)[0]).toMatch(/^Waste Processed 1,330 kg New this period /);
    expect(seven.html).toMatch(/<a[^>]*aria-current="true"[^>]*>7 days<\/a>/);

    for (const query of ["period=14", "period=abc", "range=-1", "period=%00", "period=7.0"]) {
      const unknown = await page(`/app/dashboard?${query}`);
      expect(unknown.status, query).toBe(200);
      expect(text(unknown.html), query).toContain("Your last 30 days");
    }
  });

  it("lists the member's real activity with links", async () => {
    const { html } = await page("/app/dashboard");
    const activity = text(/aria-labelledby="activities-title"[\s\S]*?<\/section>/.exec(html)![0]);
    expect(activity).toContain("Recorded 1,000 kg of plastics, recycled");
    expect(activity).toContain(`Order #${orderId} completed: 80 kg of wood received`);
    expect(html).toContain(`href="/app/orders/${orderId}"`);
    expect(activity).not.toContain("glass");
  });

  it("invites a new member to record a first load instead of showing zeros as results", async () => {
    const { status, html } = await page("/app/dashboard", newcomer.token);
    expect(status).toBe(200);
    expect(text(html)).toContain("Nothing recorded yet");
    expect(html).toMatch(/<a[^>]*href="\/app\/impact\/new"[^>]*>.*Record your first load<\/a>/);
    expect(cards(html)).toEqual([]);
    expect(html).not.toContain("<table");
    expect(text(html)).toContain("Nothing yet.");
  });

  it("keeps the cards for a member whose loads are all older than the period, and says the period had none", async () => {
    const veteran = await registerMember(server);
    addEntry(veteran.id, { date: daysAgo(200), material: "glass", treatment: "recycled", kg: 12 });
    const { html } = await page("/app/dashboard?period=7", veteran.token);
    expect(cards(html)[0]).toBe("Waste Processed 0 kg No change 0 kg confirmed by trading partners; the rest self-reported.");
    expect(text(html)).toContain("No loads in the last 7 days. Choose a longer period, or record a load .");
    expect(html).not.toContain("<table");
  });

  it("puts the member's all-time impact and its achievements on the profile", async () => {
    const { html } = await page("/app/profile");
    const figures = text(html);
    // The 80 kg of wood this member received in an order is not theirs to claim as diverted.
    expect(figures).toContain("Weight diverted 1,750 kg");
    expect(figures).toContain(`CO2e avoided ${formatCo2e((co2eNowG + co2eBeforeG) / 1000)}`);
    expect(figures).toContain("Orders completed 1");
    expect(figures).toMatch(/First Load Earned/);
    expect(figures).toMatch(/First Trade Earned/);
    expect(figures).toContain("Tonne Diverted Earned");
  });
});

describe("GET /api/impact", () => {
  it("answers the caller's figures, the period before, the trend and the factor table", async () => {
    const { status, json } = await api(server, "/api/impact?period=30", { token: member.token, headers: { cookie: "tz=UTC" } });
    expect(status).toBe(200);
    expect(json.success).toBe(true);
    const data = json.data;
    expect(data.period).toEqual({ from: daysAgo(29), to: today(), days: 30 });
    expect(data.previous_period).toEqual({ from: daysAgo(59), to: daysAgo(30), days: 30 });
    expect(data.totals).toMatchObject({
      entries: 3,
      weight_kg: 1330,
      co2e_kg: co2eNowG / 1000,
      revenue_cents: 12_000,
      cost_cents: 0,
      confirmed_weight_kg: 80,
    });
    expect(data.previous).toMatchObject({ entries: 1, weight_kg: 500, co2e_kg: co2eBeforeG / 1000, revenue_cents: 4_000 });
    expect(data.series.bucket).toBe("day");
    expect(data.series.points).toHaveLength(30);
    expect(data.series.points.at(-1)).toMatchObject({ from: today(), to: today(), weight_kg: 1000 });
    expect(data.series.points.at(-1).by_treatment.recycled).toBe(1000);
    expect(data.series.points.reduce((sum: number, point: { weight_kg: number }) => sum + point.weight_kg, 0)).toBe(1330);
    expect(data.factors).toMatchObject({ name: "U.S. EPA Waste Reduction Model (WARM)", edition: "Version 16 (December 2023)" });
  });

  it("reads a range from and to, both days counted, and defaults to 30 days", async () => {
    const range = await api(server, `/api/impact?from=${daysAgo(40)}&to=${today()}`, { token: member.token });
    expect(range.status).toBe(200);
    expect(range.json.data.period).toEqual({ from: daysAgo(40), to: today(), days: 41 });
    expect(range.json.data.totals.weight_kg).toBe(1830);
    expect(range.json.data.series.bucket).toBe("week");
    const plain = await api(server, "/api/impact", { token: member.token, headers: { cookie: "tz=UTC" } });
    expect(plain.json.data.period.days).toBe(30);
    const week = await api(server, "/api/impact?period=90", { token: member.token, headers: { cookie: "tz=UTC" } });
    expect(week.json.data.series.points).toHaveLength(13);
    expect(week.json.data.totals.weight_kg).toBe(1830);
  });

  it("refuses a period or range it cannot read with a 400 and its reason", async () => {
    const refused = async (query: string) => {
      const { status, json } = await api(server, `/api/impact?${query}`, { token: member.token });
      expect(status, query).toBe(400);
      expect(json.success, query).toBe(false);
      return json.message as string;
    };
    expect(await refused("period=14")).toBe("The period is one of 7, 30, 90 days.");
    expect(await refused("period=-7")).toBe("The period is one of 7, 30, 90 days.");
    expect(await refused(`from=${today()}&to=${daysAgo(1)}`)).toBe("The start date must not be after the end date.");
    expect(await refused("from=2000-01-01&to=2020-01-01")).toBe("A range can cover at most 3,660 days.");
    expect(await refused(`from=${today()}`)).toBe("Give both a start date and an end date.");
    expect(await refused("from=2026-02-30&to=2026-03-01")).toBe("Dates are written as YYYY-MM-DD.");
  });

  it("needs a session, and reads only", async () => {
    const anonymous = await api(server, "/api/impact");
    expect(anonymous.status).toBe(401);
    expect(anonymous.json).toEqual({ success: false, message: "Authentication required. Please sign in." });
    const posted = await api(server, "/api/impact", { method: "POST", token: member.token, body: {} });
    expect(posted.status).toBe(405);
  });
});
