import { aliasedTable, and, asc, count, desc, eq, gte, inArray, isNull, sql, type SQL } from "drizzle-orm";
import { listings, orderEvents, orders, users } from "../../../db/schema";
import { blockedEitherWaySync, blockedIdsOfSync, canSeeListing, canSeeOrder, type Viewer } from "~/services/access.server";
import { BLOCK_MESSAGES } from "~/features/moderation/blocks";
import { type AppDatabase, type Db, getDb } from "~/services/db.server";
import type { FormFailure, FormSuccess } from "~/lib/forms";
import { nextActions, nextOrderMove, otherParty, type OrderFacts, type OrderParty } from "./order-states";
import { queueOrderMail, type OrderMailEvent } from "./order-mails.server";
import { checkOrderQuantity, formatQuantity, notEnoughLeft, stockChange, weightOf } from "./stock";
import type { Handover, ListingKind, ListingUnit, OrderAction, OrderState } from "./vocabulary";
import type { OrderView } from "./wire";
import { withinAllowance } from "./allowance.server";
import { exchangeChanged } from "./cache.server";
import { writeOrderEntries } from "~/features/impact/entries.server";
import { notify } from "~/features/notifications/notify.server";
import type { UnsubscribeTarget } from "~/features/notifications/unsubscribe.server";
import type { NotificationType } from "~/features/notifications/vocabulary";

/**
 * Orders: asking for a listing, and moving an order through the state table (order-states.ts).
 * Each call is one IMMEDIATE transaction, so two processes on the same file take turns; within
 * it every write that depends on what was read is conditional (the order's state, the listing's
 * stock), so a decision made on a stale read changes nothing and is refused instead.
 */

export type Refusal = FormFailure<{
  message: string;
  reason: "invalid" | "forbidden" | "not-found" | "conflict" | "rate-limited";
  retryAfterSeconds?: number;
}>;
export type OrderOutcome = FormSuccess<{ message: string; order: OrderView }> | Refusal;

const refuse = (reason: Refusal["reason"], message: string): Refusal => ({ ok: false, reason, message, errors: {} });

/** Thrown inside a transaction to roll it back and answer the refusal it carries. */
export class Refused extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusal.message);
  }
}

/** The database or a transaction on it: the queries below read and write either, and queue mail with it. */

export function inTransaction<T>(db: AppDatabase, work: (tx: Db) => T | Refusal): T | Refusal {
  try {
    return db.transaction(work, { behavior: "immediate" });
  } catch (error) {
    if (error instanceof Refused) return error.refusal;
    throw error;
  }
}

/** What a missing order, and one that is not the viewer's, answer alike. */
const NO_SUCH_ORDER = "This order does not exist.";
/** What a missing listing, and one that takes no requests, answer alike. */
const NO_SUCH_LISTING = "This listing does not exist or takes no requests.";

/**
 * Reserves `quantity` of a listing's stock with one conditional UPDATE: it takes effect only if
 * that much is still left when it runs, whatever the caller read before, so two acceptances of
 * the last pieces (on one connection or two) give one reservation and one `false`.
 */
export function reserveStock(db: Db, listingId: number, quantity: number, now = new Date()) {
  const { changes } = db
    .update(listings)
    .set({ quantityLeft: sql`round(${listings.quantityLeft} - ${quantity}, 3)`, updatedAt: now })
    .where(and(eq(listings.id, listingId), gte(listings.quantityLeft, quantity)))
    .run();
  return changes === 1;
}

/** Returns a cancelled order's reserved quantity, never above the listing's whole quantity. */
function releaseStock(db: Db, listingId: number, quantity: number, now: Date) {
  db.update(listings)
    .set({ quantityLeft: sql`min(${listings.quantity}, round(${listings.quantityLeft} + ${quantity}, 3))`, updatedAt: now })
    .where(eq(listings.id, listingId))
    .run();
}

/**
 * A member asks for a listing: a request on a sale or free listing (the member buys), an offer
 * on a wanted one (the member supplies, and the listing's owner is the buyer). The order waits
 * in `requested` and reserves nothing until the owner accepts. Refused: a listing that does not
 * exist, is not the viewer's to see or takes no requests (paused, closed) alike; a sample
 * listing; the viewer's own listing; a listing of a member who blocked the viewer (403); a quantity that is not whole pieces or is above what is left.
 */
export function requestOrder(viewer: Viewer, request: OrderRequestFields, db: AppDatabase = getDb()): OrderOutcome {
  // Each request mails the listing's owner: within the member's hourly allowance.
  return withinAllowance("request", viewer.id, () => inTransaction(db, (tx) => placeRequest(tx, viewer, request)));
}

export type OrderRequestFields = { listing_id: number; quantity: number; message?: string; handover?: Handover };

/**
 * `requestOrder` inside a transaction the caller holds, so a checkout places one request per
 * line in a single transaction. Answers the refusal and writes nothing when refused; the caller
 * rolls back what it wrote before (throw `new Refused(outcome)`).
 */
export function placeRequest(tx: Db, viewer: Viewer, request: OrderRequestFields): OrderOutcome {
  const listing = tx.select().from(listings).where(eq(listings.id, request.listing_id)).get();
  if (!listing || listing.status !== "active" || !canSeeListing(viewer, listing, blockedIdsOfSync(viewer.id)))
    return refuse("not-found", NO_SUCH_LISTING);
  if (listing.isSample) return refuse("conflict", "This is a sample listing, shown as an example: it cannot be ordered.");
  if (listing.sellerId === viewer.id) return refuse("conflict", "This is your own listing: you cannot order from yourself.");
  // A member the viewer blocked has no listing the viewer sees (not-found above); one who blocked
  // the viewer takes no request from them.
  if (blockedEitherWaySync(viewer.id, listing.sellerId)) return refuse("forbidden", BLOCK_MESSAGES.cannotOrder);
  const quantity = checkOrderQuantity(request.quantity, listing);
  if (!quantity.ok) return refuse(quantity.reason, quantity.message);

  const ownerBuys = listing.kind === "wanted";
  const [{ id }] = tx
    .insert(orders)
    .values({
      listingId: listing.id,
      buyerId: ownerBuys ? listing.sellerId : viewer.id,
      sellerId: ownerBuys ? viewer.id : listing.sellerId,
      quantity: request.quantity,
      unitPriceCents: listing.priceCents,
      handover: request.handover ?? listing.handover,
      message: request.message ?? null,
    })
    .returning({ id: orders.id })
    .all();
  tx.insert(orderEvents).values({ orderId: id, action: "request", state: "requested", actorId: viewer.id }).run();
  tellOtherParty(tx, {
    orderId: id,
    actorId: viewer.id,
    recipientId: listing.sellerId,
    event: "request",
    listing,
    quantity: request.quantity,
    text: request.message ?? null,
  });
  const noun = ownerBuys ? "offer" : "request";
  return { ok: true, message: `Your ${noun} was sent; you will hear when it is answered.`, order: readOrder(tx, viewer, id)! };
}

/**
 * A party moves an order: accept, decline, cancel or confirm completion, as the state table
 * allows. Accepting reserves the quantity (refused, changing nothing, when not that much is left
 * any more); cancelling an accepted order returns it; the second confirmation completes the order
 * and records the weight that changed hands (the weighed total if a party gave one, else worked
 * out from the quantity). Every move is recorded in the order's history with its reason.
 */
export function moveOrder(
  viewer: Viewer,
  orderId: number,
  action: OrderAction,
  details: { reason?: string; weight_kg?: number } = {},
  db: AppDatabase = getDb(),
): OrderOutcome {
  const outcome = inTransaction(db, (tx) => {
    const row = tx
      .select({ order: orders, listing: listings })
      .from(orders)
      .innerJoin(listings, eq(listings.id, orders.listingId))
      .where(eq(orders.id, orderId))
      .get();
    if (!row || !canSeeOrder(viewer, row.order)) return refuse("not-found", NO_SUCH_ORDER);
    const { order, listing } = row;
    const party: OrderParty = order.buyerId === viewer.id ? "buyer" : "seller";
    const move = nextOrderMove(factsOf(order, listing.kind), party, action);
    if (!move.ok) return refuse(move.reason, move.message);

    // The first weighed total stands: the impact figures read it, so the second party cannot
    // silently replace it. A different one is refused; they settle it in the thread.
    if (
      action === "complete" &&
      details.weight_kg !== undefined &&
      order.weightKg !== null &&
      details.weight_kg !== order.weightKg
    ) {
      const weighed = order.weightKg.toLocaleString("en-US", { maximumFractionDigits: 3 });
      return refuse(
        "conflict",
        `The ${otherParty(party)} already recorded a weighed total of ${weighed} kg. Confirm without a weight to accept it, or agree on it in the messages first.`,
      );
    }
    // A weighed total is given with the first confirmation, so the second is the other party's
    // agreement to it: given with the second, nobody else would have seen it, yet both ledgers
    // would book it as confirmed.
    if (action === "complete" && details.weight_kg !== undefined && order.weightKg === null && move.state === "completed") {
      return refuse(
        "conflict",
        `The ${otherParty(party)} already confirmed completion without a weighed total, so the weight counts from the quantity. Confirm without a weight, or agree on it in the messages first.`,
      );
    }

    const now = new Date();
    const confirmedAt = move.confirms === "buyer" ? orders.buyerConfirmedAt : orders.sellerConfirmedAt;
    const weightKg =
      action === "complete"
        ? (details.weight_kg ??
          order.weightKg ??
          (move.state === "completed" ? weightOf(order.quantity, listing.unit, listing.weightPerUnitKg) : null))
        : order.weightKg;
    // Conditional on the state read above: of two moves decided on the same state, one applies.
    const { changes } = tx
      .update(orders)
      .set({
        state: move.state,
        updatedAt: now,
        weightKg,
        ...(move.confirms === "buyer" ? { buyerConfirmedAt: now } : {}),
        ...(move.confirms === "seller" ? { sellerConfirmedAt: now } : {}),
      })
      .where(and(eq(orders.id, order.id), eq(orders.state, move.from), ...(move.confirms ? [isNull(confirmedAt)] : [])))
      .run();
    if (changes !== 1) throw new Refused(refuse("conflict", "This order changed meanwhile; look at it again and retry."));

    const change = stockChange(move.from, move.state, order.quantity);
    if (change < 0 && !reserveStock(tx, listing.id, order.quantity, now)) {
      const fresh = tx.select().from(listings).where(eq(listings.id, listing.id)).get()!;
      const { message } = notEnoughLeft(fresh);
      throw new Refused(refuse("conflict", `${message} This request asks for more, so it cannot be accepted.`));
    }
    if (change > 0) releaseStock(tx, listing.id, order.quantity, now);

    tx.insert(orderEvents)
      .values({ orderId: order.id, action, state: move.state, actorId: viewer.id, reason: details.reason ?? null, at: now })
      .run();
    // Both parties' ledgers gain the weight that changed hands, or neither does: same transaction.
    if (move.state === "completed") writeOrderEntries(tx, order.id);
    tellOtherParty(tx, {
      orderId: order.id,
      actorId: viewer.id,
      recipientId: party === "buyer" ? order.sellerId : order.buyerId,
      event: action === "complete" && move.state === "completed" ? "completed" : action,
      listing,
      quantity: order.quantity,
      text: details.reason ?? null,
    });
    return { ok: true, message: move.message, order: readOrder(tx, viewer, order.id)! };
  });
  // An accepted or cancelled order moved stock: searches (sold out, what is left) are read afresh.
  if (outcome.ok) exchangeChanged();
  return outcome;
}

/** An order as the viewer sees it, with its history and the viewer's next moves; null when it is not theirs to see. */
export function getOrder(viewer: Viewer, orderId: number, db: AppDatabase = getDb()): OrderView | null {
  return readOrder(db, viewer, orderId);
}

const factsOf = (order: typeof orders.$inferSelect, listingKind: OrderFacts["listingKind"]): OrderFacts => ({
  state: order.state,
  listingKind,
  buyerConfirmed: order.buyerConfirmedAt !== null,
  sellerConfirmed: order.sellerConfirmedAt !== null,
});

/** The notification type of each order mail's event; a first confirmation is one of completion too. */
const NOTIFICATION_OF: Record<OrderMailEvent, NotificationType> = {
  request: "order_requested",
  accept: "order_accepted",
  decline: "order_declined",
  cancel: "order_cancelled",
  complete: "order_completed",
  completed: "order_completed",
  message: "order_message",
};

/**
 * Tells the order's other party what happened, by a notification and, as their choice for the
 * type says (at once by default), a mail, both written in the transaction of the change: they
 * exist when the change is stored, and not at all when the change is rolled back.
 */
export function tellOtherParty(
  tx: Db,
  change: {
    orderId: number;
    actorId: number;
    recipientId: number;
    event: OrderMailEvent;
    listing: { title: string; kind: ListingKind; unit: ListingUnit };
    quantity: number;
    text: string | null;
  },
) {
  const people = tx
    .select({ id: users.id, username: users.username, email: users.email })
    .from(users)
    .where(inArray(users.id, [change.actorId, change.recipientId]))
    .all();
  const actor = people.find((person) => person.id === change.actorId);
  const recipient = people.find((person) => person.id === change.recipientId);
  if (!actor || !recipient) return;
  const mail = (unsubscribe: UnsubscribeTarget) =>
    queueOrderMail(tx, {
      to: recipient.email,
      name: recipient.username,
      event: change.event,
      actor: actor.username,
      orderId: change.orderId,
      title: change.listing.title,
      quantity: formatQuantity(change.quantity, change.listing.unit),
      noun: change.listing.kind === "wanted" ? "offer" : "request",
      text: change.text,
      unsubscribe,
    });
  notify(
    tx,
    {
      recipientId: change.recipientId,
      type: NOTIFICATION_OF[change.event],
      actorId: change.actorId,
      subjectType: "order",
      subjectId: change.orderId,
      excerpt: change.listing.title,
    },
    { instantMail: (_recipient, links) => mail(links) },
  );
}

const buyers = aliasedTable(users, "buyer");
const sellers = aliasedTable(users, "seller");

function readOrder(db: Db, viewer: Viewer, orderId: number): OrderView | null {
  return readOrders(db, viewer, [orderId])[0] ?? null;
}

/** Orders as the viewer sees them, in the order of `ids`, leaving out any that are not theirs to see: two queries for any number. */
function readOrders(db: Db, viewer: Viewer, ids: number[]): OrderView[] {
  if (!ids.length) return [];
  const rows = db
    .select({
      order: orders,
      listing: { id: listings.id, title: listings.title, kind: listings.kind, unit: listings.unit },
      buyer: { id: buyers.id, username: buyers.username },
      seller: { id: sellers.id, username: sellers.username },
    })
    .from(orders)
    .innerJoin(listings, eq(listings.id, orders.listingId))
    .innerJoin(buyers, eq(buyers.id, orders.buyerId))
    .innerJoin(sellers, eq(sellers.id, orders.sellerId))
    .where(inArray(orders.id, ids))
    .all()
    .filter((row) => canSeeOrder(viewer, row.order));
  const events = rows.length
    ? db
        .select({ event: orderEvents, by: { id: users.id, username: users.username } })
        .from(orderEvents)
        .innerJoin(users, eq(users.id, orderEvents.actorId))
        .where(
          inArray(
            orderEvents.orderId,
            rows.map((row) => row.order.id),
          ),
        )
        .orderBy(asc(orderEvents.id))
        .all()
    : [];
  const byId = new Map(rows.map((row) => [row.order.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const { order } = row;
    const party: OrderParty = order.buyerId === viewer.id ? "buyer" : "seller";
    const view: OrderView = {
      id: order.id,
      listing: row.listing,
      quantity: order.quantity,
      unit_price_cents: order.unitPriceCents,
      total_cents: Math.round(order.quantity * order.unitPriceCents),
      state: order.state,
      handover: order.handover,
      message: order.message,
      buyer: row.buyer,
      seller: row.seller,
      confirmed_by: { buyer: order.buyerConfirmedAt !== null, seller: order.sellerConfirmedAt !== null },
      weight_kg: order.weightKg,
      history: events
        .filter(({ event }) => event.orderId === order.id)
        .map(({ event, by }) => ({
          action: event.action,
          state: event.state,
          at: event.at.toISOString(),
          by,
          reason: event.reason,
        })),
      next_actions: nextActions(factsOf(order, row.listing.kind), party),
      created_at: order.createdAt.toISOString(),
      updated_at: order.updatedAt.toISOString(),
    };
    return [view];
  });
}

export type OrderRole = "buying" | "selling";
export type OrderListOptions = { role: OrderRole; state?: OrderState; page: number; limit: number };

/**
 * The viewer's orders as buyer (`buying`) or as seller (`selling`), newest first, optionally in
 * one state, a page at a time, with how many there are in all. Each role reads its own index,
 * (buyer or seller, created_at, id), so a page costs the same however many orders a member has.
 */
export function listOrders(
  viewer: Viewer,
  { role, state, page, limit }: OrderListOptions,
  db: AppDatabase = getDb(),
): { orders: OrderView[]; total: number } {
  const party = role === "buying" ? orders.buyerId : orders.sellerId;
  const conditions: SQL[] = [eq(party, viewer.id)];
  if (state) conditions.push(eq(orders.state, state));
  const where = and(...conditions);
  const total = db.select({ total: count() }).from(orders).where(where).get()!.total;
  const ids = db
    .select({ id: orders.id })
    .from(orders)
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit)
    .offset((page - 1) * limit)
    .all()
    .map((row) => row.id);
  return { orders: readOrders(db, viewer, ids), total };
}
