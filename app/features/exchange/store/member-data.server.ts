import { listingPhotos } from "../../../../db/schema";
import { namesHeldIn, statement, type Db } from "~/services/database/db.server";
import { groupBy, hiding, mediaAddress, memberRows, shaped, type Row } from "~/services/export-rows.server";
import type { ThingRow } from "~/services/features.server";
import { readThingRow } from "~/services/moderated-things.server";
import type { ListingKind, ListingUnit } from "../vocabulary";

/** The exchange's rows in the member's export, what their deletion settles and erases, and a listing as moderation reads it. */

export async function exportedCart(id: number) {
  return (
    await memberRows("SELECT listing_id, quantity, created_at FROM cart_lines WHERE user_id = @id ORDER BY created_at", id)
  ).map((row) => shaped(row, { times: ["created_at"] }));
}

/** The member's listings with their photos, as their export lists them. */
export async function exportedListings(id: number) {
  const listingPhotos = groupBy(
    await memberRows<{ listing_id: number; file_name: string }>(
      `SELECT ph.listing_id, ph.file_name FROM listing_photos ph JOIN listings l ON l.id = ph.listing_id
       WHERE l.seller_id = @id ORDER BY ph.listing_id, ph.position`,
      id,
    ),
    "listing_id",
  );
  return (
    await memberRows(
      `SELECT id, kind, title, description, category, material, condition, quantity, unit, weight_per_unit_kg, price_cents,
       quantity_left, location, handover, ewc_codes, waste_description, physical_form, container_type, containers, status,
       created_at, updated_at, hidden_at
     FROM listings WHERE seller_id = @id ORDER BY id`,
      id,
    )
  ).map((row) => ({
    ...shaped(row, { times: ["created_at", "updated_at"], json: ["ewc_codes"] }),
    ...hiding(row),
    photos: (listingPhotos.get(row.id) ?? []).map((photo) => mediaAddress(photo.file_name)),
  }));
}

/** The member's orders, with the other party by id and name, each order's history and messages. */
export async function exportedOrders(id: number) {
  const orders = await memberRows<Row & { id: number }>(
    `SELECT o.id, o.listing_id, l.title AS listing_title, CASE WHEN o.buyer_id = @id THEN 'buyer' ELSE 'seller' END AS role,
       o.buyer_id, b.username AS buyer_name, o.seller_id, s.username AS seller_name, o.quantity, l.unit, o.unit_price_cents,
       o.state, o.handover, o.message, o.buyer_confirmed_at, o.seller_confirmed_at, o.weight_kg, o.created_at, o.updated_at
     FROM orders o JOIN listings l ON l.id = o.listing_id JOIN users b ON b.id = o.buyer_id JOIN users s ON s.id = o.seller_id
     WHERE o.buyer_id = @id OR o.seller_id = @id ORDER BY o.id`,
    id,
  );
  const history = groupBy(
    await memberRows<Row & { order_id: number }>(
      `SELECT e.order_id, e.action, e.state, e.actor_id, u.username AS actor_name, e.reason, e.at
       FROM order_events e JOIN users u ON u.id = e.actor_id JOIN orders o ON o.id = e.order_id
       WHERE o.buyer_id = @id OR o.seller_id = @id ORDER BY e.id`,
      id,
    ),
    "order_id",
  );
  const messages = groupBy(
    await memberRows<Row & { order_id: number }>(
      `SELECT m.order_id, m.id, m.author_id, u.username AS author_name, m.body, m.created_at
       FROM order_messages m JOIN users u ON u.id = m.author_id JOIN orders o ON o.id = m.order_id
       WHERE o.buyer_id = @id OR o.seller_id = @id ORDER BY m.id`,
      id,
    ),
    "order_id",
  );
  const withoutOrderId = ({ order_id: _orderId, ...rest }: Row) => rest;
  return orders.map((row) => ({
    ...shaped(row, { times: ["buyer_confirmed_at", "seller_confirmed_at", "created_at", "updated_at"] }),
    history: (history.get(row.id) ?? []).map((event) => shaped(withoutOrderId(event), { times: ["at"] })),
    messages: (messages.get(row.id) ?? []).map((message) => shaped(withoutOrderId(message), { times: ["created_at"] })),
  }));
}

const REVIEW = `SELECT r.id, r.order_id, r.author_id, a.username AS author_name, r.subject_id, s.username AS subject_name,
      r.rating, r.text, r.created_at
    FROM reviews r JOIN users a ON a.id = r.author_id JOIN users s ON s.id = r.subject_id`;

export async function exportedReviews(id: number) {
  return {
    written: (await memberRows(`${REVIEW} WHERE r.author_id = @id ORDER BY r.id`, id)).map((row) =>
      shaped(row, { times: ["created_at"] }),
    ),
    received: (await memberRows(`${REVIEW} WHERE r.subject_id = @id ORDER BY r.id`, id)).map((row) =>
      shaped(row, { times: ["created_at"] }),
    ),
  };
}

/** The first accepted order the member is a party to, which the other party relies on. */
export async function firstAcceptedOrderOf(id: number) {
  const row = (await statement(
    `SELECT o.id, l.title FROM orders o JOIN listings l ON l.id = o.listing_id
     WHERE (o.buyer_id = @id OR o.seller_id = @id) AND o.state = 'accepted' ORDER BY o.id LIMIT 1`,
  ).get({ id })) as { id: number; title: string } | undefined;
  return row ?? null;
}

export type WaitingOrder = {
  id: number;
  buyerId: number;
  sellerId: number;
  quantity: number;
  title: string;
  kind: ListingKind;
  unit: ListingUnit;
};

/** The requests the member is a party to still waiting for an answer. */
export async function waitingOrdersOf(userId: number) {
  return (await statement(
    `SELECT o.id, o.buyer_id AS buyerId, o.seller_id AS sellerId, o.quantity, l.title, l.kind, l.unit
     FROM orders o JOIN listings l ON l.id = o.listing_id
     WHERE (o.buyer_id = @id OR o.seller_id = @id) AND o.state = 'requested'`,
  ).all({ id: userId })) as WaitingOrder[];
}

/** Ends a waiting request with the member's move, written in its history. */
export async function endWaitingOrder(
  _tx: Db,
  order: { id: number; action: "decline" | "cancel"; state: "declined" | "cancelled"; actorId: number; reason: string },
  now: number,
) {
  await statement("UPDATE orders SET state = ?, updated_at = ? WHERE id = ? AND state = 'requested'").run(
    order.state,
    now,
    order.id,
  );
  await statement("INSERT INTO order_events (order_id, action, state, actor_id, reason, at) VALUES (?, ?, ?, ?, ?, ?)").run(
    order.id,
    order.action,
    order.state,
    order.actorId,
    order.reason,
    now,
  );
}

/** Listings nobody ordered from go (photos, other members' cart lines with them); the others close, so their orders keep them. */
export async function eraseExchangeRows(_tx: Db, id: number, now: number) {
  const run = (sql: string) => statement(sql).run({ id, now });
  // Read before the rows go: the files to remove once the deletion is stored.
  const files = (await statement(
    `SELECT ph.file_name AS fileName FROM listing_photos ph JOIN listings l ON l.id = ph.listing_id
     WHERE l.seller_id = @id AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.listing_id = l.id)`,
  ).all({ id })) as { fileName: string }[];
  await run("DELETE FROM cart_lines WHERE user_id = @id");
  await run(
    "DELETE FROM listings WHERE seller_id = @id AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.listing_id = listings.id)",
  );
  await run("UPDATE listings SET status = 'closed', updated_at = @now WHERE seller_id = @id AND status <> 'closed'");
  return { files: files.map((file) => file.fileName) };
}

/** A listing as moderation reads a reported thing. */
export async function listingThing(id: number): Promise<ThingRow | null> {
  return readThingRow(
    "SELECT id, seller_id AS ownerId, hidden_at AS hiddenAt, title, description AS body FROM listings WHERE id = ?",
    id,
  );
}

/** Which of some stored media names are listings' photos. */
export const heldListingPhotos = namesHeldIn(listingPhotos.fileName);
