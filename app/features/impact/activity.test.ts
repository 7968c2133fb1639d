import { describe, expect, it } from "vitest";
import { addListing, addMember } from "../../../tests/support/unit-factories";
import { getDb, sqliteClient } from "~/services/database/db.server";
import { recentActivity } from "./activity.server";
import { co2eGramsOf } from "./factors";
import { changeOf, co2eAvoided, formatCo2e, formatEnteredKg, formatKg } from "./format";
import type { Material, Treatment } from "./vocabulary";

const sql = (text: string, ...params: unknown[]) =>
  sqliteClient(getDb())
    .prepare(text)
    .run(...params);
const at = (minute: number) => Date.UTC(2026, 10, 20, 12, minute);

function addEntry(memberId: number, material: Material, treatment: Treatment, kg: number, minute: number, orderId?: number) {
  const grams = kg * 1000;
  const { lastInsertRowid } = sql(
    `INSERT INTO impact_entries (member_id, date, material, treatment, weight_g, source, role, order_id, counts_once, co2e_g, factor_table, created_at, updated_at)
     VALUES (?, '2026-11-20', ?, ?, ?, ?, ?, ?, 1, ?, 'epa-warm-v16', ?, ?)`,
    memberId,
    material,
    treatment,
    grams,
    orderId ? "order" : "recorded",
    orderId ? "diverted" : "own",
    orderId ?? null,
    co2eGramsOf(material, treatment, grams),
    at(minute),
    at(minute),
  );
  return Number(lastInsertRowid);
}

function addPost(authorId: number, title: string, minute: number) {
  return Number(
    sql(
      `INSERT INTO posts (author_id, title, content, category, created_at) VALUES (?, ?, 'Words.', 'recycling', ?)`,
      authorId,
      title,
      at(minute),
    ).lastInsertRowid,
  );
}

describe("recentActivity", () => {
  it("tells the member's own events of every kind, newest first, each with its page", async () => {
    const ana = await addMember("Ana");
    const bram = await addMember("Bram");
    const listing = await addListing(ana, { title: "Office chairs" });
    const orderId = Number(
      sql(
        `INSERT INTO orders (listing_id, buyer_id, seller_id, quantity, unit_price_cents, state, handover) VALUES (?, ?, ?, 3, 2500, 'completed', 'collection')`,
        listing,
        bram.id,
        ana.id,
      ).lastInsertRowid,
    );
    const event = (action: string, state: string, actor: number, minute: number) =>
      sql(
        `INSERT INTO order_events (order_id, action, state, actor_id, at) VALUES (?, ?, ?, ?, ?)`,
        orderId,
        action,
        state,
        actor,
        at(minute),
      );
    event("request", "requested", bram.id, 1);
    event("accept", "accepted", ana.id, 2);
    event("complete", "accepted", ana.id, 3);
    event("complete", "completed", bram.id, 4);
    addEntry(bram.id, "mixed", "reused", 37.5, 4, orderId);
    const recorded = addEntry(bram.id, "plastics", "recycled", 2400, 5);
    const own = addPost(bram.id, "Bales of PET", 6);
    const anas = addPost(ana.id, "Chairs wanted", 0);
    sql(`INSERT INTO post_comments (post_id, author_id, content, created_at) VALUES (?, ?, 'Nice.', ?)`, anas, bram.id, at(7));
    sql(`INSERT INTO follows (follower_id, author_id, created_at) VALUES (?, ?, ?)`, bram.id, ana.id, at(8));
    // Another member's doings never show in Bram's list.
    addEntry(ana.id, "glass", "recycled", 99, 9);
    addPost(ana.id, "Not Bram's", 10);

    expect(await recentActivity(bram, 20)).toEqual([
      { kind: "follow", text: "Followed Ana", href: `/app/members/${ana.id}`, at: new Date(at(8)).toISOString() },
      {
        kind: "comment",
        text: "Commented on “Chairs wanted”",
        href: `/app/community?post=${anas}`,
        at: new Date(at(7)).toISOString(),
      },
      { kind: "post", text: "Posted “Bales of PET”", href: `/app/community?post=${own}`, at: new Date(at(6)).toISOString() },
      {
        kind: "entry",
        text: "Recorded 2,400 kg of plastics, recycled",
        href: `/app/impact/${recorded}`,
        at: new Date(at(5)).toISOString(),
      },
      expect.objectContaining({
        text: `Order #${orderId} completed: 37.5 kg of mixed materials diverted, fate pending`,
        href: `/app/orders/${orderId}`,
      }),
      expect.objectContaining({ text: "You confirmed the handover of 3 pieces of Office chairs; the order is completed" }),
      expect.objectContaining({ text: "Ana confirmed the handover of 3 pieces of Office chairs" }),
      expect.objectContaining({ text: "Ana accepted your request for 3 pieces of Office chairs" }),
      {
        kind: "order",
        text: "You asked for 3 pieces of Office chairs",
        href: `/app/orders/${orderId}`,
        at: new Date(at(1)).toISOString(),
      },
    ]);
    // The other party reads the same order from their side.
    expect((await recentActivity(ana, 20)).map((item) => item.text)).toContain(
      "You accepted a request for 3 pieces of Office chairs",
    );
    expect((await recentActivity(ana, 20)).map((item) => item.text)).toContain("Bram asked for 3 pieces of Office chairs");
    expect(await recentActivity(bram)).toHaveLength(8);
    expect((await recentActivity(bram, 3)).map((item) => item.kind)).toEqual(["follow", "comment", "post"]);
  });

  it("is empty for a member who has done nothing", async () => {
    expect(await recentActivity(await addMember("Quiet"))).toEqual([]);
  });
});

describe("the figures as a page writes them", () => {
  it("writes every weight and CO2e figure in kg, to two decimals at most, with thousands separators", async () => {
    expect(formatKg(0)).toBe("0 kg");
    expect(formatKg(312.5)).toBe("312.5 kg");
    expect(formatKg(999.994)).toBe("999.99 kg");
    expect(formatKg(1000)).toBe("1,000 kg");
    expect(formatKg(6078.441)).toBe("6,078.44 kg");
    expect(formatCo2e(1939.444)).toBe("1,939.44 kg CO2e");
    expect(co2eAvoided(1215.688)).toBe("1,215.69 kg CO2e avoided");
    expect(co2eAvoided(-37.363)).toBe("37.36 kg CO2e more than landfill");
    // One load's own weight keeps the grams it was entered with.
    expect(formatEnteredKg(250.125)).toBe("250.125 kg");
    expect(formatEnteredKg(1234.5)).toBe("1,234.5 kg");
  });

  it("compares with the period before, never dividing by zero", async () => {
    expect(changeOf(1125, 1000, 30)).toEqual({ kind: "up", text: "+12.5% vs previous 30 days" });
    expect(changeOf(50, 200, 7)).toEqual({ kind: "down", text: "−75% vs previous 7 days" });
    expect(changeOf(5, 0, 7)).toEqual({ kind: "new", text: "New this period" });
    expect(changeOf(0, 0, 7)).toEqual({ kind: "same", text: "No change" });
    expect(changeOf(-186.81, 0, 7)).toEqual({ kind: "down", text: "Below zero this period" });
    expect(changeOf(-10, -20, 90)).toEqual({ kind: "up", text: "+50% vs previous 90 days" });
  });
});
