import { describe, expect, it } from "vitest";
import { impactEntries } from "../../../db/schema";
import { addMember } from "../../../tests/support/unit-factories";
import { getDb } from "~/services/database/db.server";
import { csvField, entriesCsv, exportFileName, guardText } from "./export.server";
import { co2eGramsOf } from "./factors";

async function addEntry(memberId: number, date: string, weightG: number, note: string | null = null) {
  return (
    await getDb()
      .insert(impactEntries)
      .values({
        memberId,
        date,
        material: "plastics",
        treatment: "recycled",
        weightG,
        note,
        source: "recorded",
        co2eG: co2eGramsOf("plastics", "recycled", weightG),
        factorTable: "epa-warm-v16",
      })
      .returning({ id: impactEntries.id })
      .get()
  ).id;
}

const read = async (stream: ReadableStream<Uint8Array>) => new Response(stream).text();

describe("the CSV export", () => {
  it("quotes fields with quotes, commas and line breaks, and leaves plain ones alone", () => {
    expect(csvField("plain text")).toBe("plain text");
    expect(csvField('say "hi", then go')).toBe('"say ""hi"", then go"');
    expect(csvField("two\nlines")).toBe('"two\nlines"');
  });

  it("puts an apostrophe before text a spreadsheet would run as a formula", () => {
    for (const start of ["=", "+", "-", "@", "\t", "\r"]) expect(guardText(`${start}SUM(A1)`)).toBe(`'${start}SUM(A1)`);
    expect(guardText("a = b")).toBe("a = b");
  });

  it("names the file after the range, or -all", () => {
    expect(exportFileName({ from: "2026-01-01", to: "2026-01-31", days: 31 })).toBe(
      "circular-hub-impact-2026-01-01-2026-01-31.csv",
    );
    expect(exportFileName(null)).toBe("circular-hub-impact-all.csv");
  });

  it("streams the member's own entries in the range, oldest date first, past the size of one step", async () => {
    const member = await addMember("Exporter");
    const other = await addMember("Not exported");
    await addEntry(other.id, "2026-03-01", 5000);
    const ids: number[] = [];
    // More than one step of rows, written newest first so the order comes from the query.
    for (let day = 28; day >= 1; day--)
      for (let n = 0; n < 25; n++) ids.push(await addEntry(member.id, `2026-02-${String(day).padStart(2, "0")}`, 1234));
    await addEntry(member.id, "2026-03-02", 1000, '=HYPERLINK("x"), "quoted"');

    const lines = (await read(entriesCsv(member, { from: "2026-02-01", to: "2026-02-28", days: 28 }))).split("\r\n");
    expect(lines[0]).toBe(
      "id,date,material,treatment,weight_kg,co2e_kg,revenue_cents,currency,source,order_id,note,factor_table,role",
    );
    expect(lines.at(-1)).toBe("");
    const rows = lines.slice(1, -1).map((line) => line.split(","));
    expect(rows).toHaveLength(700);
    expect(rows.map((row) => row[1])).toEqual([...rows.map((row) => row[1]!)].sort());
    expect(rows[0]).toEqual([
      rows[0]![0],
      "2026-02-01",
      "plastics",
      "recycled",
      "1.234",
      String(co2eGramsOf("plastics", "recycled", 1234) / 1000),
      "",
      "",
      "recorded",
      "",
      "",
      "epa-warm-v16",
      "own",
    ]);

    const all = (await read(entriesCsv(member, null))).split("\r\n");
    expect(all).toHaveLength(1 + 701 + 1);
    expect(all.at(-2)).toContain(`,"'=HYPERLINK(""x""), ""quoted""",epa-warm-v16`);
  });
});
