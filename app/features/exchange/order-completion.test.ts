import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { impactEntries } from "../../../db/schema";
import { getDb, sqliteClient } from "~/services/database/db.server";
import { getOrder, moveOrder, onOrderCompleted, requestOrder, type CompletedOrder } from "./orders.server";
import { addListing, addMember } from "../../../tests/support/unit-factories";

const entriesOf = (orderId: number) => getDb().select().from(impactEntries).where(eq(impactEntries.orderId, orderId)).all();

async function confirmedBySeller() {
  const seller = addMember("Hook Seller");
  const buyer = addMember("Hook Buyer");
  const listingId = await addListing(await seller, { quantity: 2, weightPerUnitKg: 4, material: "wood" });
  const request = await requestOrder(await buyer, { listing_id: listingId, quantity: 2 });
  if (!request.ok) throw new Error(request.message);
  const id = request.order.id;
  expect(await moveOrder(await seller, id, "accept")).toMatchObject({ ok: true });
  expect(await moveOrder(await seller, id, "complete")).toMatchObject({ ok: true, order: { state: "accepted" } });
  return { seller, buyer, listingId, id };
}

describe("an order's completion, as those registered at start-up hear of it", () => {
  it("tells each handler once, inside the completing transaction, what changed hands", async () => {
    const heard: { order: CompletedOrder; inTransaction: boolean; state: string | undefined }[] = [];
    const stop = onOrderCompleted(async (_tx, order) => {
      const state = (await getOrder({ id: order.buyerId, userType: "user" }, order.id))?.state;
      heard.push({ order, inTransaction: sqliteClient(getDb()).inTransaction, state });
    });
    try {
      const { seller, buyer, listingId, id } = await confirmedBySeller();
      expect(heard).toEqual([]);
      expect(await moveOrder(await buyer, id, "complete")).toMatchObject({ ok: true, order: { state: "completed" } });
      expect(heard).toEqual([
        {
          order: {
            id,
            buyerId: (await buyer).id,
            sellerId: (await seller).id,
            quantity: 2,
            unitPriceCents: 2500,
            totalCents: 5000,
            weightKg: 8,
            weighed: false,
            handover: "collection",
            confirmedAt: { buyer: expect.any(Date), seller: expect.any(Date) },
            completedBy: (await buyer).id,
            listing: { id: listingId, material: "wood", condition: "used", category: "furniture", unit: "piece", waste: null },
            transferDetails: null,
          },
          inTransaction: true,
          state: "completed",
        },
      ]);
    } finally {
      stop();
    }
  });

  it("leaves the order as it was, and the ledger without its entries, when a handler fails", async () => {
    const stop = onOrderCompleted(async () => {
      throw new Error("the ledger could not be written");
    });
    try {
      const { buyer, id } = await confirmedBySeller();
      await expect(moveOrder(await buyer, id, "complete")).rejects.toThrow("the ledger could not be written");
      expect((await getOrder(await buyer, id))!).toMatchObject({
        state: "accepted",
        confirmed_by: { buyer: false, seller: true },
      });
      expect(await entriesOf(id)).toEqual([]);
    } finally {
      stop();
    }
    const { buyer, id } = await confirmedBySeller();
    expect(await moveOrder(await buyer, id, "complete")).toMatchObject({ ok: true, order: { state: "completed" } });
    expect(await entriesOf(id)).toHaveLength(2);
  });
});
