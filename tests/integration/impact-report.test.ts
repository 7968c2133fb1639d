import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { co2eGramsOf } from "~/features/impact/factors";
import { addDays, todayIn } from "~/features/impact/periods";
import type { Material, Treatment } from "~/features/impact/vocabulary";
import { openDatabase, type TestDatabase } from "../support/database";
import { registerMember, startServer, type TestServer } from "../support/server";

/**
 * The report page and the CSV export as a browser without JavaScript and a spreadsheet meet
 * them: every figure on the page equals the sum of the entries written into the database, an
 * entry of another member never counts, a bad range is a 400 with its reason, and the CSV holds
 * one guarded, quoted row per own entry.
 */

let server: TestServer;
type Member = Awaited<ReturnType<typeof registerMember>>;
let member: Member;
let partner: Member;

type Seeded = {
  id: number;
  memberId: number;
  date: string;
  material: Material;
  treatment: Treatment;
  weightG: number;
  co2eG: number;
  revenueCents: number | null;
  currency: string | null;
  note: string | null;
  source: "order" | "recorded";
  orderId: number | null;
  role: "own" | "diverted" | "received";
  countsOnce: boolean;
};
const seeded: Seeded[] = [];

const FROM = "2025-03-01";
const TO = "2025-03-31";
const inRange = (entry: Seeded) => entry.date >= FROM && entry.date <= TO;
const NOTE_WITH_QUOTES = 'Bales, "grade A"\nsecond line';
const NOTE_FORMULA = "=1+2";

const database = () => openDatabase(server);

function addEntry(
  db: TestDatabase,
  owner: Member,
  fields: {
    date: string;
    material: Material;
    treatment: Treatment;
    kg: number;
    revenue?: number;
    currency?: string;
    note?: string;
    orderId?: number;
    once?: boolean;
  },
) {
  const weightG = Math.round(fields.kg * 1000);
  const entry: Omit<Seeded, "id"> = {
    memberId: owner.id,
    date: fields.date,
    material: fields.material,
    treatment: fields.treatment,
    weightG,
    // An order's buyer received the load: its CO2e is the seller's (the entry that counts once).
    co2eG: fields.orderId && fields.once === false ? 0 : co2eGramsOf(fields.material, fields.treatment, weightG),
    revenueCents: fields.revenue ?? null,
    currency: fields.revenue === undefined ? null : (fields.currency ?? "USD"),
    note: fields.note ?? null,
    source: fields.orderId ? "order" : "recorded",
    orderId: fields.orderId ?? null,
    role: fields.orderId ? (fields.once === false ? "received" : "diverted") : "own",
    countsOnce: fields.once ?? true,
  };
  const id = Number(
    db
      .prepare(
        `INSERT INTO impact_entries (member_id, date, material, treatment, weight_g, revenue_cents, currency, note, source, order_id,
           role, counts_once, co2e_g, factor_table) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'epa-warm-v16')`,
      )
      .run(
        entry.memberId,
        entry.date,
        entry.material,
        entry.treatment,
        entry.weightG,
        entry.revenueCents,
        entry.currency,
        entry.note,
        entry.source,
        entry.orderId,
        entry.role,
        entry.countsOnce ? 1 : 0,
        entry.co2eG,
      ).lastInsertRowid,
  );
  seeded.push({ id, ...entry });
}

beforeAll(async () => {
  server = await startServer();
  [member, partner] = [await registerMember(server), await registerMember(server)];
  const db = database();
  try {
    const listingId = Number(
      db
        .prepare(
          `INSERT INTO listings (seller_id, kind, title, description, category, material, condition, quantity, unit,
             weight_per_unit_kg, price_cents, quantity_left, handover)
           VALUES (?, 'sale', 'Pallet offcuts', 'From a warehouse.', 'wood', 'wood', 'scrap', 400, 'kg', NULL, 20, 0, 'collection')`,
        )
        .run(partner.id).lastInsertRowid,
    );
    const orderId = Number(
      db
        .prepare(
          `INSERT INTO orders (listing_id, buyer_id, seller_id, quantity, unit_price_cents, state, handover, buyer_confirmed_at,
             seller_confirmed_at, weight_kg) VALUES (?, ?, ?, 400, 20, 'completed', 'collection', 1, 1, 400)`,
        )
        .run(listingId, member.id, partner.id).lastInsertRowid,
    );
    addEntry(db, member, {
      date: "2025-03-03",
      material: "plastics",
      treatment: "recycled",
      kg: 1200.5,
      revenue: 15_000,
      note: NOTE_WITH_QUOTES,
    });
    addEntry(db, member, { date: "2025-03-10", material: "paper", treatment: "landfilled", kg: 300, revenue: -2_500 });
    addEntry(db, member, { date: "2025-03-12", material: "mixed", treatment: "reused", kg: 10, revenue: 500, currency: "EUR" });
    addEntry(db, member, { date: "2025-03-15", material: "organics", treatment: "composted", kg: 820.25, note: NOTE_FORMULA });
    addEntry(db, member, { date: "2025-03-20", material: "metals", treatment: "collected", kg: 75 });
    addEntry(db, member, {
      date: "2025-03-25",
      material: "wood",
      treatment: "recycled",
      kg: 400,
      revenue: -8_000,
      orderId,
      once: false,
    });
    addEntry(db, member, { date: "2025-04-02", material: "glass", treatment: "recycled", kg: 50 });
    // The other party's side of the order, and a load of its own: never in the member's figures.
    addEntry(db, partner, { date: "2025-03-25", material: "wood", treatment: "recycled", kg: 400, revenue: 8_000, orderId });
    addEntry(db, partner, { date: "2025-03-05", material: "glass", treatment: "recycled", kg: 999 });
  } finally {
    db.close();
  }
});

afterAll(async () => {
  await server?.stop();
});

async function page(who: Member, pathname: string) {
  const response = await fetch(server.url + pathname, {
    redirect: "manual",
    headers: { cookie: `session=${who.token}`, "x-forwarded-for": who.address },
  });
  // React marks where one text ends and the next begins; a reader sees neither.
  return { status: response.status, html: (await response.text()).replaceAll("<!-- -->", "") };
}

async function download(pathname: string, who?: Member) {
  const response = await fetch(server.url + pathname, {
    redirect: "manual",
    headers: who ? { cookie: `session=${who.token}`, "x-forwarded-for": who.address } : {},
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

// Every weight and CO2e figure is kg to two decimals at most (features/impact/format.ts).
const kg = (grams: number) => new Intl.NumberFormat("en-US", { maximumFractionDigits: 2 }).format(grams / 1000);
const share = (part: number, whole: number) =>
  new Intl.NumberFormat("en-US", { style: "percent", maximumFractionDigits: 1 }).format(part / whole);
const usd = (cents: number) =>
  new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", minimumFractionDigits: cents % 100 ? 2 : 0 }).format(
    cents / 100,
  );
const sum = (entries: Seeded[], pick: (entry: Seeded) => number) => entries.reduce((total, entry) => total + pick(entry), 0);
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replaceAll("&#x27;", "'")
    .replaceAll("&quot;", '"')
    .replaceAll("&amp;", "&")
    .replace(/\s+/g, " ");

/** The cells of the breakdown row for `key`, as text. */
function rowCells(html: string, key: string) {
  const row = new RegExp(`<tr data-key="${key}">(.*?)</tr>`).exec(html);
  if (!row) return null;
  return [...row[1]!.matchAll(/<t[hd][^>]*>(.*?)<\/t[hd]>/g)].map((cell) => text(cell[1]!).trim());
}

/** A figure of the totals by its term: the first <dd> after the <dt>. */
function figure(html: string, term: string) {
  const found = new RegExp(`<dt[^>]*>${term}</dt><dd[^>]*>(.*?)</dd>`).exec(html);
  return found ? text(found[1]!).trim() : null;
}

/** RFC 4180, as a spreadsheet reads it. */
function parseCsv(csv: string) {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < csv.length; i++) {
    const char = csv[i]!;
    if (quoted && char === '"' && csv[i + 1] === '"') {
      field += '"';
      i++;
    } else if (quoted && char === '"') {
      quoted = false;
    } else if (quoted) {
      field += char;
    } else if (char === '"') {
      quoted = true;
    } else if (char === ",") {
      row.push(field);
      field = "";
    } else if (char === "\r" && csv[i + 1] === "\n") {
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
      i++;
    } else {
      field += char;
    }
  }
  expect(field).toBe("");
  return rows;
}

describe("the report page", () => {
  it("shows totals, both breakdowns and the diversion rate equal to the sums of the member's own entries", async () => {
    const { status, html } = await page(member, `/app/reports?from=${FROM}&to=${TO}`);
    expect(status).toBe(200);
    const mine = seeded.filter((entry) => entry.memberId === member.id && inRange(entry));
    const weight = sum(mine, (entry) => entry.weightG);
    const confirmed = sum(
      mine.filter((entry) => entry.source === "order"),
      (entry) => entry.weightG,
    );
    expect(figure(html, "Weight")).toBe(`${kg(weight)} kg`);
    expect(html).toContain(`${mine.length} entries`);
    expect(figure(html, "CO2e avoided")).toBe(`${kg(sum(mine, (entry) => entry.co2eG))} kg CO2e`);
    expect(html).toContain("U.S. EPA Waste Reduction Model (WARM), Version 16 (December 2023)");

    // Money counts the instance's currency only (USD here): the EUR revenue is left out.
    const usdEntries = mine.filter((entry) => entry.currency === "USD");
    const revenue = sum(usdEntries, (entry) => Math.max(entry.revenueCents!, 0));
    const costs = sum(usdEntries, (entry) => Math.max(-entry.revenueCents!, 0));
    expect(figure(html, "Revenue")).toBe(usd(revenue));
    expect(figure(html, "Costs")).toBe(usd(costs));
    expect(figure(html, "Net")).toBe(usd(revenue - costs));

    // Confirmed by the other party and self-reported, apart.
    const evidence = text(html);
    expect(evidence).toContain(`Confirmed by the other party (from completed orders) ${kg(confirmed)} kg`);
    expect(evidence).toContain(
      `Self-reported (loads you recorded) ${kg(weight - confirmed)} kg · ${kg(
        sum(
          mine.filter((entry) => entry.source === "recorded"),
          (entry) => entry.co2eG,
        ),
      )} kg CO2e`,
    );
    // The member received the order's load: its weight is theirs to show, its CO2e the seller's.
    expect(evidence).toContain(
      `Received ${kg(
        sum(
          mine.filter((entry) => entry.role === "received"),
          (entry) => entry.weightG,
        ),
      )} kg Taken over from another member.`,
    );

    for (const material of new Set(mine.map((entry) => entry.material))) {
      const of = mine.filter((entry) => entry.material === material);
      const grams = sum(of, (entry) => entry.weightG);
      expect(rowCells(html, material)).toEqual([
        expect.any(String),
        kg(grams),
        share(grams, weight),
        kg(sum(of, (entry) => entry.co2eG)),
        kg(
          sum(
            of.filter((entry) => entry.source === "order"),
            (entry) => entry.weightG,
          ),
        ),
        String(of.length),
      ]);
    }
    for (const treatment of new Set(mine.map((entry) => entry.treatment))) {
      const of = mine.filter((entry) => entry.treatment === treatment);
      const grams = sum(of, (entry) => entry.weightG);
      expect(rowCells(html, treatment)?.slice(1, 4)).toEqual([
        kg(grams),
        share(grams, weight),
        kg(sum(of, (entry) => entry.co2eG)),
      ]);
    }
    // The April glass is outside the dates; the partner's glass is not the member's.
    expect(rowCells(html, "glass")).toBeNull();

    // Not landfilled among loads with a known fate: the collected metals are left out.
    const known = mine.filter((entry) => entry.treatment !== "collected");
    const knownGrams = sum(known, (entry) => entry.weightG);
    const landfilled = sum(
      known.filter((entry) => entry.treatment === "landfilled"),
      (entry) => entry.weightG,
    );
    expect(figure(html, "Diversion rate")).toBe(share(knownGrams - landfilled, knownGrams));
    expect(html).toContain("collected loads are left out");
  });

  it("adds the whole platform's figures with an order counted once", async () => {
    const { html } = await page(member, `/app/reports?from=${FROM}&to=${TO}`);
    const db = database();
    try {
      // Every member's entries of the dates, seeded here or anywhere else: the platform's own sum.
      const platform = db
        .prepare(
          `SELECT sum(weight_g) AS weight_g, sum(co2e_g) AS co2e_g FROM impact_entries WHERE counts_once = 1 AND date BETWEEN ? AND ?`,
        )
        .get(FROM, TO) as { weight_g: number; co2e_g: number };
      expect(text(html)).toContain(`in the same dates: ${kg(platform.weight_g)} kg and ${kg(platform.co2e_g)} kg CO2e avoided`);
      const both = seeded.filter((entry) => entry.orderId !== null);
      expect(both).toHaveLength(2);
      expect(platform.weight_g).toBe(
        sum(
          seeded.filter((entry) => inRange(entry) && entry.countsOnce),
          (entry) => entry.weightG,
        ),
      );
    } finally {
      db.close();
    }
  });

  it("shows the other member only their own entries", async () => {
    const { html } = await page(partner, `/app/reports?from=${FROM}&to=${TO}`);
    const theirs = seeded.filter((entry) => entry.memberId === partner.id && inRange(entry));
    expect(figure(html, "Weight")).toBe(`${kg(sum(theirs, (entry) => entry.weightG))} kg`);
    expect(rowCells(html, "plastics")).toBeNull();
    expect(rowCells(html, "glass")?.[1]).toBe(kg(999_000));
  });

  it("names the factor table, its licence, the method and every zero cell's reason", async () => {
    const { html } = await page(member, `/app/reports?from=${FROM}&to=${TO}`);
    const method = text(/<section id="method".*?<\/section>/s.exec(html)![0]);
    expect(method).toContain("U.S. EPA Waste Reduction Model (WARM)");
    expect(method).toContain("Version 16");
    expect(method).toContain("public domain");
    expect(method).toContain("U.S. EPA, Waste Reduction Model (WARM), Version 16, 2023");
    expect(method).toContain("CO2e avoided = weight in tonnes × 1.10231");
    expect(method).toContain("Carpet is the nearest row to textiles");
    // Each zero cell points to its reason, written once under the table.
    const reasons = [...method.matchAll(/\((\d+)\) ([^(]+?\.)(?= \(|\s*$)/g)].map((match) => [match[1], match[2]]);
    const numberOf = (why: string) => reasons.find(([, text]) => text === why)?.[0];
    expect(numberOf("A collected load claims no treatment yet, so it counts zero.")).toBeDefined();
    expect(numberOf("No row fits a mixed load, so mixed loads count zero.")).toBeDefined();
    expect(numberOf("The table has no compost factor for Glass, so this counts zero.")).toBeDefined();
    expect(html).toContain(`href="#zero-${numberOf("No row fits a mixed load, so mixed loads count zero.")}"`);
  });

  it("defaults to the last 30 days on the member's clock and links the CSV of those dates", async () => {
    const { status, html } = await page(member, "/app/reports");
    expect(status).toBe(200);
    const today = todayIn(Intl.DateTimeFormat().resolvedOptions().timeZone);
    const from = addDays(today, -29);
    expect(html).toContain(`value="${from}"`);
    expect(html).toContain(`value="${today}"`);
    expect(html).toContain(`href="/api/impact/export?from=${from}&amp;to=${today}"`);
    expect(html).toContain(`href="/app/reports?from=${today.slice(0, 4)}-01-01&amp;to=${today}"`);
  });

  it("says plainly when the dates hold no entry, and how to record one", async () => {
    const { status, html } = await page(member, "/app/reports?from=2020-01-01&to=2020-01-31");
    expect(status).toBe(200);
    expect(html).toContain("No entries between January 1, 2020 and January 31, 2020.");
    expect(html).toContain('href="/app/impact/new"');
    expect(figure(html, "Weight")).toBeNull();
  });

  it.each([
    ["/app/reports?from=2025-03-31&to=2025-03-01", "The start date must not be after the end date."],
    ["/app/reports?from=2026-02-30&to=2026-03-01", "Dates are written as YYYY-MM-DD."],
    ["/app/reports?from=2000-01-01&to=2025-01-01", "A range can cover at most 3,660 days."],
    ["/app/reports?from=2025-03-01", "Give both a start date and an end date."],
    ["/app/reports?from=yesterday&to=today", "Dates are written as YYYY-MM-DD."],
  ])("answers %s with 400, the form and the reason", async (pathname, message) => {
    const { status, html } = await page(member, pathname);
    expect(status).toBe(400);
    expect(html).toContain(message);
    expect(html).toMatch(/<form[^>]* action="\/app\/reports" method="get"/);
    expect(figure(html, "Weight")).toBeNull();
  });
});

describe("GET /api/impact/export", () => {
  it("downloads the member's own entries of the range, header row first, oldest first, quoted and guarded", async () => {
    const response = await download(`/api/impact/export?from=${FROM}&to=${TO}`, member);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="circular-hub-impact-${FROM}-${TO}.csv"`);
    const [header, ...rows] = parseCsv(response.text);
    expect(header).toEqual([
      "id",
      "date",
      "material",
      "treatment",
      "weight_kg",
      "co2e_kg",
      "revenue_cents",
      "currency",
      "source",
      "order_id",
      "note",
      "factor_table",
      "role",
    ]);
    const mine = seeded.filter((entry) => entry.memberId === member.id && inRange(entry));
    expect(rows.map((row) => Number(row[0])).sort()).toEqual(mine.map((entry) => entry.id).sort());
    expect(rows.map((row) => row[1])).toEqual(mine.map((entry) => entry.date).sort());
    // Each figure adds up to the page's.
    expect(
      sum(
        rows.map((row) => ({ weightG: Math.round(Number(row[4]) * 1000) }) as Seeded),
        (entry) => entry.weightG,
      ),
    ).toBe(sum(mine, (entry) => entry.weightG));
    for (const entry of mine) {
      const row = rows.find((each) => Number(each[0]) === entry.id)!;
      expect(row.slice(2, 10)).toEqual([
        entry.material,
        entry.treatment,
        String(entry.weightG / 1000),
        String(entry.co2eG / 1000),
        entry.revenueCents === null ? "" : String(entry.revenueCents),
        entry.currency ?? "",
        entry.source,
        entry.orderId === null ? "" : String(entry.orderId),
      ]);
      expect(row[11]).toBe("epa-warm-v16");
      expect(row[12]).toBe(entry.role);
    }
    const notes = rows.map((row) => row[10]);
    expect(notes).toContain(NOTE_WITH_QUOTES);
    expect(notes).toContain(`'${NOTE_FORMULA}`);
    expect(response.text).toContain(`"Bales, ""grade A""\nsecond line"`);
  });

  it("downloads every entry without dates, and none of another member's", async () => {
    const response = await download("/api/impact/export", member);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="circular-hub-impact-all.csv"');
    const rows = parseCsv(response.text).slice(1);
    expect(rows.map((row) => Number(row[0])).sort()).toEqual(
      seeded
        .filter((entry) => entry.memberId === member.id)
        .map((entry) => entry.id)
        .sort(),
    );
  });

  it("answers 401 without a session and 400 for a bad range", async () => {
    const anonymous = await download(`/api/impact/export?from=${FROM}&to=${TO}`);
    expect(anonymous.status).toBe(401);
    expect(JSON.parse(anonymous.text)).toMatchObject({ success: false });
    const backwards = await download(`/api/impact/export?from=${TO}&to=${FROM}`, member);
    expect(backwards.status).toBe(400);
    expect(JSON.parse(backwards.text)).toEqual({ success: false, message: "The start date must not be after the end date." });
    const half = await download(`/api/impact/export?to=${TO}`, member);
    expect(half.status).toBe(400);
    const impossible = await download("/api/impact/export?from=2026-02-30&to=2026-03-01", member);
    expect(impossible.status).toBe(400);
  });
});
