import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { impactEntries, notifications } from "../../../db/schema";
import { addMember } from "../../../tests/support/unit-factories";
import { entryViewOf } from "~/features/impact/entries.server";
import { LEDGER_PAGE_ROWS } from "~/features/impact/store/ledger-pages.server";
import { getDb } from "~/services/database/db.server";
import { exportAccount } from "./export.server";

const download = async (memberId: number) => new Response((await exportAccount(memberId))!.body).text();

describe("the account export", () => {
  it("writes the ledger into the document a page at a time, exactly as one JSON.stringify would", async () => {
    const member = await addMember("Long ledger");
    const count = LEDGER_PAGE_ROWS * 2 + 7;
    await getDb()
      .insert(impactEntries)
      .values(
        Array.from({ length: count }, (_, i) => ({
          memberId: member.id,
          // Most on one day, so pages end inside it; written newest first.
          date: i % 5 ? "2026-04-02" : `2026-03-${String(28 - (i % 28)).padStart(2, "0")}`,
          material: "metals" as const,
          treatment: "recycled" as const,
          weightG: 1000 + i,
          note: i === 3 ? 'Two lines\nand "quotes"' : null,
          source: "recorded" as const,
          co2eG: 10 + i,
          factorTable: "epa-warm-v16",
        })),
      )
      .run();
    const text = await download(member.id);
    const document = JSON.parse(text);
    expect(text).toBe(JSON.stringify(document, null, 2));
    const stored = await getDb()
      .select()
      .from(impactEntries)
      .where(eq(impactEntries.memberId, member.id))
      .orderBy(asc(impactEntries.date), asc(impactEntries.id))
      .all();
    expect(document.impact_entries).toHaveLength(count);
    expect(document.impact_entries).toEqual(stored.map(entryViewOf));
    // In its place among the other keys.
    const keys = Object.keys(document);
    expect(keys.slice(keys.indexOf("reviews"), keys.indexOf("reviews") + 4)).toEqual([
      "reviews",
      "reports",
      "impact_entries",
      "notifications",
    ]);
  });

  it("writes a long list in pieces, exactly as one JSON.stringify would", async () => {
    const member = await addMember("Many notices");
    const other = await addMember("Notifier");
    await getDb()
      .insert(notifications)
      .values(
        Array.from({ length: 450 }, (_, i) => ({
          recipientId: member.id,
          type: "follow" as const,
          actorId: other.id,
          subjectType: "user" as const,
          subjectId: other.id,
          excerpt: i === 7 ? 'A line\nand "quotes"' : `Notice ${i}`,
        })),
      )
      .run();
    const account = (await exportAccount(member.id))!;
    const pieces: string[] = [];
    const reader = account.body.getReader();
    const decoder = new TextDecoder();
    for (let next = await reader.read(); !next.done; next = await reader.read()) pieces.push(decoder.decode(next.value));
    const text = pieces.join("");
    const document = JSON.parse(text);
    expect(text).toBe(JSON.stringify(document, null, 2));
    expect(document.notifications).toHaveLength(450);
    // No piece holds the whole list: the server answers others between them.
    expect(Math.max(...pieces.map((piece) => piece.length))).toBeLessThan(text.length / 2);
  });

  it("writes an empty ledger as an empty list", async () => {
    const member = await addMember("No ledger");
    const text = await download(member.id);
    expect(text).toContain('\n  "impact_entries": [],\n');
    expect(text).toBe(JSON.stringify(JSON.parse(text), null, 2));
  });

  it("gives the feed's preferences as the member has them, defaults when they never chose", async () => {
    const member = await addMember("Feed defaults");
    const document = JSON.parse(await download(member.id));
    expect(document.preferences.feed).toEqual({ categories: [], post_types: [], location: null });
  });

  it("is nothing for an account that does not exist", async () => {
    expect(await exportAccount(999_999_999)).toBeNull();
  });
});
