import { aliasedTable, and, asc, count, desc, eq, gte, inArray, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import { listings, orderEvents, orders, users, type Listing, type Order } from "../../../../db/schema";
import { canSeeOrder, type Viewer } from "~/services/access.server";
import { getDb, type AppDatabase, type Db, changedRows, keptQuery } from "~/services/database/db.server";
import { factsOf, nextActions, type OrderParty } from "../order-states";
import { notify } from "~/features/notifications/notify.server";
import type { UnsubscribeTarget } from "~/features/notifications/unsubscribe.server";
import type { NotificationType } from "~/features/notifications/vocabulary";
import { queueOrderMail, type OrderMailEvent } from "../order-mails.server";
import { formatQuantity } from "../stock";
import { orderTotal } from "../pricing";
import type { Handover, ListingKind, ListingUnit, OrderAction, OrderState } from "../vocabulary";
import type { OrderView } from "../wire";
import type { OrderTransferDetails } from "../../../../db/waste-values";

/**
 * Orders' store: their rows, their history, and the stock their moves reserve and return. The
 * rules of asking and moving are in ../orders.server.ts; every write here that depends on what
 * was read is conditional, so a decision made on a stale read changes nothing.
 */

export type { Listing, Order };

/**
 * Reserves `quantity` of a listing's stock with one conditional UPDATE: it takes effect only if
 * that much is still left when it runs, whatever the caller read before, so two acceptances of
 * the last pieces (on one connection or two) give one reservation and one `false`.
 */
export async function reserveStock(db: Db, listingId: number, quantity: number, now = new Date()) {
  const changes = changedRows(
    await db
      .update(listings)
      .set({ quantityLeft: sql`round(${listings.quantityLeft} - ${quantity}, 3)`, updatedAt: now })
      .where(and(eq(listings.id, listingId), gte(listings.quantityLeft, quantity)))
      .run(),
  );
  return changes === 1;
}

/** Returns a cancelled order's reserved quantity, never above the listing's whole quantity. */
export async function releaseStock(db: Db, listingId: number, quantity: number, now: Date) {
  await db
    .update(listings)
    .set({ quantityLeft: sql`min(${listings.quantity}, round(${listings.quantityLeft} + ${quantity}, 3))`, updatedAt: now })
    .where(eq(listings.id, listingId))
    .run();
}

/** A listing's row, as an order reads it; undefined when there is none. */
export async function listingForOrder(db: Db = getDb(), listingId: number): Promise<Listing | undefined> {
  return db.select().from(listings).where(eq(listings.id, listingId)).get();
}

/** Writes a new order, waiting in `requested`, with its first event; answers its id. */
export async function insertOrder(
  db: Db,
  values: {
    listingId: number;
    buyerId: number;
    sellerId: number;
    quantity: number;
    unitPriceCents: number;
    offerPriceCents: number | null;
    handover: Handover;
    message: string | null;
  },
  actorId: number,
): Promise<number> {
  const [{ id }] = await db.insert(orders).values(values).returning({ id: orders.id }).all();
  await db
    .insert(orderEvents)
    .values({ orderId: id, action: "request", state: "requested", actorId, priceCents: values.offerPriceCents })
    .run();
  return id;
}

/** An order with its listing; undefined when there is no such order. */
export async function orderWithListing(db: Db, orderId: number): Promise<{ order: Order; listing: Listing } | undefined> {
  return db
    .select({ order: orders, listing: listings })
    .from(orders)
    .innerJoin(listings, eq(listings.id, orders.listingId))
    .where(eq(orders.id, orderId))
    .get();
}

/** An order's two parties and its listing; undefined when there is no such order. */
export async function orderParties(db: Db = getDb(), orderId: number) {
  return db
    .select({
      id: orders.id,
      buyerId: orders.buyerId,
      sellerId: orders.sellerId,
      listingId: orders.listingId,
      state: orders.state,
    })
    .from(orders)
    .where(eq(orders.id, orderId))
    .get();
}

/**
 * Moves an order to `state`, conditional on the state it was read in (and, for a confirmation,
 * on that party not having confirmed yet): of two moves decided on the same state, one applies.
 * Answers whether this one did.
 */
export async function applyOrderMove(
  db: Db,
  move: {
    orderId: number;
    from: OrderState;
    state: OrderState;
    confirms?: OrderParty;
    weightKg: number | null;
    /** A waste order's transfer details as merged with this confirmation; kept as they were otherwise. */
    transferDetails?: OrderTransferDetails | null;
    /** A counter's price: it becomes the order's price per unit. */
    counterPriceCents?: number;
    /** Whether the move was decided on a countered order (stored `requested` with its counter). */
    countered: boolean;
    now: Date;
  },
): Promise<boolean> {
  const confirmedAt = move.confirms === "buyer" ? orders.buyerConfirmedAt : orders.sellerConfirmedAt;
  const changes = changedRows(
    await db
      .update(orders)
      .set({
        state: move.state,
        updatedAt: move.now,
        weightKg: move.weightKg,
        ...(move.transferDetails !== undefined ? { transferDetails: move.transferDetails } : {}),
        ...(move.counterPriceCents !== undefined
          ? { counterPriceCents: move.counterPriceCents, unitPriceCents: move.counterPriceCents }
          : {}),
        ...(move.confirms === "buyer" ? { buyerConfirmedAt: move.now } : {}),
        ...(move.confirms === "seller" ? { sellerConfirmedAt: move.now } : {}),
      })
      .where(
        and(
          eq(orders.id, move.orderId),
          eq(orders.state, move.from),
          ...(move.confirms ? [isNull(confirmedAt)] : []),
          // A requested order is read with or without a counter, and a move decided on one applies only to it:
          // an acceptance of the offer after a counter, or a second counter, changes nothing.
          ...(move.from === "requested"
            ? [move.countered ? isNotNull(orders.counterPriceCents) : isNull(orders.counterPriceCents)]
            : []),
        ),
      )
      .run(),
  );
  return changes === 1;
}

/** Records a move in the order's history. */
export async function addOrderEvent(
  db: Db,
  event: {
    orderId: number;
    action: OrderAction;
    state: OrderState;
    actorId: number;
    reason: string | null;
    priceCents: number | null;
    at: Date;
  },
): Promise<void> {
  await db.insert(orderEvents).values(event).run();
}

/** The name and address of members taking part in an order (the one who acts and the one told). */
function peopleOf(db: Db, ids: number[]) {
  return db
    .select({ id: users.id, username: users.username, email: users.email })
    .from(users)
    .where(inArray(users.id, ids))
    .all();
}

/** The notification type of each order mail's event; a first confirmation is one of completion too. */
const NOTIFICATION_OF: Record<OrderMailEvent, NotificationType> = {
  request: "order_requested",
  accept: "order_accepted",
  counter: "order_countered",
  accept_counter: "order_accepted",
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
export async function tellOtherParty(
  tx: Db,
  change: {
    orderId: number;
    actorId: number;
    recipientId: number;
    event: OrderMailEvent;
    listing: { title: string; kind: ListingKind; unit: ListingUnit };
    quantity: number;
    text: string | null;
    /** A request's offer per unit, in words. */
    offer?: string;
  },
) {
  const people = await peopleOf(tx, [change.actorId, change.recipientId]);
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
      ...(change.offer ? { offer: change.offer } : {}),
      unsubscribe,
    });
  await notify(
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

/** How the other party of an order may be reached, and whether their account was deleted. */
export async function contactOf(memberId: number, db: Db = getDb()) {
  return (await db
    .select({ email: users.email, phone: users.phone, company: users.company, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, memberId))
    .get())!;
}

const buyers = aliasedTable(users, "buyer");
const sellers = aliasedTable(users, "seller");

/** An order as the viewer sees it, with its history and the viewer's next moves; null when it is not theirs to see. */
export async function readOrder(db: Db = getDb(), viewer: Viewer, orderId: number): Promise<OrderView | null> {
  return (await readOrders(db, viewer, [orderId]))[0] ?? null;
}

/**
 * Orders as the viewer sees them, in the order of `ids`, leaving out any that are not theirs to
 * see: two queries for any number, each prepared once per handle and given the ids as a JSON
 * list (building their SQL again on every read cost five times running them).
 */
export async function readOrders(db: Db, viewer: Viewer, ids: number[]): Promise<OrderView[]> {
  if (!ids.length) return [];
  const ordersQuery = keptQuery(db, "orders.byIds", (handle) =>
    handle
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
      .where(sql`${orders.id} IN (SELECT value FROM json_each(${sql.placeholder("ids")}))`)
      .prepare(),
  );
  const rows = (await ordersQuery.all({ ids: JSON.stringify(ids) })).filter((row) => canSeeOrder(viewer, row.order));
  const eventsQuery = keptQuery(db, "orders.eventsOf", (handle) =>
    handle
      .select({ event: orderEvents, by: { id: users.id, username: users.username } })
      .from(orderEvents)
      .innerJoin(users, eq(users.id, orderEvents.actorId))
      .where(sql`${orderEvents.orderId} IN (SELECT value FROM json_each(${sql.placeholder("ids")}))`)
      .orderBy(asc(orderEvents.id))
      .prepare(),
  );
  const events = rows.length ? await eventsQuery.all({ ids: JSON.stringify(rows.map((row) => row.order.id)) }) : [];
  const byId = new Map(rows.map((row) => [row.order.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const { order } = row;
    const party: OrderParty = order.buyerId === viewer.id ? "buyer" : "seller";
    const total = orderTotal(order, row.listing.unit);
    const view: OrderView = {
      id: order.id,
      listing: row.listing,
      quantity: order.quantity,
      unit_price_cents: order.unitPriceCents,
      offer_price_cents: order.offerPriceCents,
      counter_price_cents: order.counterPriceCents,
      total_cents: total.totalCents,
      total_is_estimate: total.isEstimate,
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
          price_cents: event.priceCents,
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
export async function listOrders(
  viewer: Viewer,
  { role, state, page, limit }: OrderListOptions,
  db: AppDatabase = getDb(),
): Promise<{ orders: OrderView[]; total: number }> {
  const party = role === "buying" ? orders.buyerId : orders.sellerId;
  const conditions: SQL[] = [eq(party, viewer.id)];
  if (state) conditions.push(eq(orders.state, state));
  const where = and(...conditions);
  const total = (await db.select({ total: count() }).from(orders).where(where).get())!.total;
  const ids = (
    await db
      .select({ id: orders.id })
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(limit)
      .offset((page - 1) * limit)
      .all()
  ).map((row) => row.id);
  return { orders: await readOrders(db, viewer, ids), total };
}
