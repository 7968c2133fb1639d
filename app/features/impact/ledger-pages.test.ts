import { describe, expect, it } from "vitest";
import { impactEntries } from "../../../db/schema";
import { addMember } from "../../../tests/support/unit-factories";
import { getDb, sqliteClient } from "~/services/database/db.server";
import { entriesCsv } from "./export.server";
import { LEDGER_QUERIES, ledgerPages } from "./store/ledger-pages.server";

function addEntries(memberId: number, dates: string[]) {
  return getDb()
    .insert(impactEntries)
    .values(
      dates.map((date) => ({
        memberId,
        date,
        material: "paper" as const,
        treatment: "recycled" as const,
        weightG: 1000,
        source: "recorded" as const,
        co2eG: 100,
        factorTable: "epa-warm-v16",
      })),
    )
    .returning({ id: impactEntries.id, date: impactEntries.date })
    .all();
}

/** What a single ORDER BY over the whole ledger answers. */
const inOrder = (rows: { id: number; date: string }[]) =>
  [...rows].sort((a, b) => a.date.localeCompare(b.date) || a.id - b.id).map((row) => row.id);

async function readAll(next: () => Promise<{ id: number }[]>) {
  const ids: number[] = [];
  for (let page = await next(); page.length; page = await next()) ids.push(...page.map((row) => row.id));
  return ids;
}

describe("reading a ledger a page at a time", () => {
  // Dates written out of order, most of them on two days, so pages end inside a day.
  const dates = [
    ...Array.from({ length: 9 }, () => "2026-01-05"),
    "2026-01-01",
    ...Array.from({ length: 7 }, () => "2026-01-03"),
    "2026-01-09",
    "2026-01-03",
    "2026-01-01",
  ];

  it("answers every entry exactly once, in (date, id) order, whatever the page size", async () => {
    const member = await addMember("Seeker");
    const other = await addMember("Neighbour");
    const rows = await addEntries(member.id, dates);
    await addEntries(other.id, ["2026-01-03", "2026-01-05", "2026-01-04"]);
    for (const pageRows of [1, 2, 3, 7, 9, 10, 20, 500]) {
      expect(await readAll(ledgerPages(member.id, null, pageRows)), `pages of ${pageRows}`).toEqual(inOrder(rows));
    }
  });

  it("keeps within the range across pages that end inside a day", async () => {
    const member = await addMember("Ranged");
    const rows = await addEntries(member.id, dates);
    const range = { from: "2026-01-02", to: "2026-01-05", days: 4 };
    const expected = inOrder(rows.filter((row) => row.date >= range.from && row.date <= range.to));
    expect(expected).toHaveLength(17);
    for (const pageRows of [1, 4, 8, 16, 17, 18])
      expect(await readAll(ledgerPages(member.id, range, pageRows))).toEqual(expected);
  });

  it("answers nothing more once the last page was read", async () => {
    const member = await addMember("Short");
    await addEntries(member.id, ["2026-02-01", "2026-02-01"]);
    const next = ledgerPages(member.id, null, 2);
    expect(await next()).toHaveLength(2);
    expect(await next()).toEqual([]);
    expect(await next()).toEqual([]);
  });

  it("writes each entry once in the CSV across its pieces, 1,200 of them on one day", async () => {
    const member = await addMember("One busy day");
    const rows = await addEntries(member.id, [
      ...Array.from({ length: 600 }, () => "2026-03-02"),
      ...Array.from({ length: 600 }, (_, i) => (i % 2 ? "2026-03-01" : "2026-03-02")),
    ]);
    const lines = (await new Response(entriesCsv(member, null)).text()).split("\r\n").slice(1, -1);
    expect(lines.map((line) => Number(line.split(",")[0]))).toEqual(inOrder(rows));
  });

  it("seeks in the (member, date, id) index to the page's first entry, without sorting", async () => {
    const plan = (sql: string) =>
      (
        sqliteClient(getDb()).prepare(`EXPLAIN QUERY PLAN ${sql}`).all({
          member: 1,
          from: "2026-01-01",
          to: "2026-12-31",
          afterDate: "2026-02-01",
          afterId: 10,
          limit: 500,
        }) as { detail: string }[]
      ).map((step) => step.detail);
    const index = "USING INDEX impact_entries_member_date_idx";
    expect(plan(LEDGER_QUERIES.first)).toEqual([`SEARCH impact_entries ${index} (member_id=? AND date>? AND date<?)`]);
    // The rest of a day starts at the entry after the last one sent, not at the day's first.
    expect(plan(LEDGER_QUERIES.restOfDay)).toEqual([`SEARCH impact_entries ${index} (member_id=? AND date=? AND id>?)`]);
    expect(plan(LEDGER_QUERIES.laterDays)).toEqual([`SEARCH impact_entries ${index} (member_id=? AND date>? AND date<?)`]);
  });
});
