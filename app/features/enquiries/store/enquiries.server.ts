import { aliasedTable, and, asc, desc, eq, or, sql, type SQL } from "drizzle-orm";
import { enquiries, enquiryMessages, users } from "../../../../db/schema";
import { getDb, statement, type Db } from "~/services/database/db.server";
import { groupBy, memberRows, shaped } from "~/services/export-rows.server";
import type { ThingRow } from "~/services/features.server";
import { readThingRow } from "~/services/moderated-things.server";
import type { EnquiryMessageView, EnquiryView } from "../wire";

/** Threads of questions before an order and their messages (who may read or write them: ../enquiries.server.ts). */

export type EnquiryRow = typeof enquiries.$inferSelect;

export async function enquiryById(db: Db = getDb(), id: number): Promise<EnquiryRow | undefined> {
  return db.select().from(enquiries).where(eq(enquiries.id, id)).get();
}

/** The asker's thread about the listing, made when it is their first question. */
export async function threadFor(
  db: Db,
  thread: { listingId: number; listingTitle: string; askerId: number; ownerId: number },
): Promise<EnquiryRow> {
  await db.insert(enquiries).values(thread).onConflictDoNothing().run();
  return (await db
    .select()
    .from(enquiries)
    .where(and(eq(enquiries.listingId, thread.listingId), eq(enquiries.askerId, thread.askerId)))
    .get())!;
}

/** Adds a message to a thread and moves the thread up the lists; answers the message's id. */
export async function insertEnquiryMessage(db: Db, message: { enquiryId: number; authorId: number; body: string }) {
  const [{ id }] = await db.insert(enquiryMessages).values(message).returning({ id: enquiryMessages.id }).all();
  await db
    .update(enquiries)
    .set({ updatedAt: sql`(cast(unixepoch('subsec') * 1000 as integer))` })
    .where(eq(enquiries.id, message.enquiryId))
    .run();
  return id;
}

/** A thread's messages, oldest first, or the one message `id`. */
export async function readEnquiryMessages(enquiryId: number, id?: number, db: Db = getDb()): Promise<EnquiryMessageView[]> {
  return (
    await db
      .select({ message: enquiryMessages, author: { id: users.id, username: users.username } })
      .from(enquiryMessages)
      .innerJoin(users, eq(users.id, enquiryMessages.authorId))
      .where(id === undefined ? eq(enquiryMessages.enquiryId, enquiryId) : eq(enquiryMessages.id, id))
      .orderBy(asc(enquiryMessages.id))
      .all()
  ).map(({ message, author }) => ({
    id: message.id,
    enquiry_id: message.enquiryId,
    author,
    body: message.body,
    created_at: message.createdAt.toISOString(),
  }));
}

/** The raw messages of a thread, as an order carries them over. */
export async function messagesToCarry(db: Db, enquiryId: number) {
  return db
    .select({ authorId: enquiryMessages.authorId, body: enquiryMessages.body, createdAt: enquiryMessages.createdAt })
    .from(enquiryMessages)
    .where(eq(enquiryMessages.enquiryId, enquiryId))
    .orderBy(asc(enquiryMessages.id))
    .all();
}

export async function markOrdered(db: Db, enquiryId: number, orderId: number) {
  await db.update(enquiries).set({ orderId }).where(eq(enquiries.id, enquiryId)).run();
}

const MAX_THREADS = 200;

const askers = aliasedTable(users, "asker");
const owners = aliasedTable(users, "owner");

/** Threads with both members' names and their message count: one query for any number. */
async function threadRows(db: Db, where: SQL | undefined, limit = MAX_THREADS): Promise<EnquiryView[]> {
  return (
    await db
      .select({
        enquiry: enquiries,
        asker: { id: askers.id, username: askers.username },
        owner: { id: owners.id, username: owners.username },
        count: sql<number>`(SELECT count(*) FROM enquiry_messages m WHERE m.enquiry_id = ${enquiries.id})`,
      })
      .from(enquiries)
      .innerJoin(askers, eq(askers.id, enquiries.askerId))
      .innerJoin(owners, eq(owners.id, enquiries.ownerId))
      .where(where)
      .orderBy(desc(enquiries.updatedAt), desc(enquiries.id))
      .limit(limit)
      .all()
  ).map(({ enquiry, asker, owner, count }) => ({
    id: enquiry.id,
    listing: { id: enquiry.listingId, title: enquiry.listingTitle },
    asker,
    owner,
    order_id: enquiry.orderId,
    messages: count,
    created_at: enquiry.createdAt.toISOString(),
    updated_at: enquiry.updatedAt.toISOString(),
  }));
}

/**
 * The member's threads, liveliest first (the latest 200): of one listing (the owner's all of it,
 * an asker's their own) or all of theirs; each with the other member's name and its message count.
 */
export async function threadsOf(memberId: number, listingId?: number, db: Db = getDb()): Promise<EnquiryView[]> {
  const mine = or(eq(enquiries.askerId, memberId), eq(enquiries.ownerId, memberId));
  return threadRows(db, listingId === undefined ? mine : and(mine, eq(enquiries.listingId, listingId)));
}

export async function enquiryView(row: EnquiryRow, db: Db = getDb()): Promise<EnquiryView> {
  return (await threadRows(db, eq(enquiries.id, row.id), 1))[0];
}

/** A message as moderation reads it: its author, its words and the thread's listing. */
export async function enquiryMessageThing(id: number): Promise<ThingRow | null> {
  return readThingRow(
    `SELECT m.id, m.author_id AS ownerId, m.hidden_at AS hiddenAt, e.listing_title AS title, m.body
     FROM enquiry_messages m JOIN enquiries e ON e.id = m.enquiry_id WHERE m.id = ?`,
    id,
  );
}

/** The thread a message is in, when the member is one of its two. */
export async function threadOfMessageFor(memberId: number, messageId: number): Promise<number | null> {
  const row = (await statement(
    `SELECT e.id FROM enquiry_messages m JOIN enquiries e ON e.id = m.enquiry_id
     WHERE m.id = ? AND (e.asker_id = ? OR e.owner_id = ?)`,
  ).get(messageId, memberId, memberId)) as { id: number } | undefined;
  return row?.id ?? null;
}

/** The member's threads, each with its messages, as their export lists them. */
export async function exportedEnquiries(id: number) {
  const threads = await memberRows(
    `SELECT e.id, e.listing_id, e.listing_title, e.asker_id, a.username AS asker_name, e.owner_id, o.username AS owner_name,
            e.order_id, e.created_at, e.updated_at
     FROM enquiries e JOIN users a ON a.id = e.asker_id JOIN users o ON o.id = e.owner_id
     WHERE e.asker_id = @id OR e.owner_id = @id ORDER BY e.id`,
    id,
  );
  const messages = groupBy(
    await memberRows<{ enquiry_id: number }>(
      `SELECT m.enquiry_id, m.id, m.author_id, u.username AS author_name, m.body, m.created_at
       FROM enquiry_messages m JOIN users u ON u.id = m.author_id JOIN enquiries e ON e.id = m.enquiry_id
       WHERE e.asker_id = @id OR e.owner_id = @id ORDER BY m.id`,
      id,
    ),
    "enquiry_id",
  );
  return threads.map((thread) => ({
    ...shaped(thread, { times: ["created_at", "updated_at"] }),
    messages: (messages.get(thread.id) ?? []).map(({ enquiry_id: _thread, ...message }) =>
      shaped(message, { times: ["created_at"] }),
    ),
  }));
}

/** The names and addresses of the two members a message goes between. */
export async function peopleOf(db: Db, ids: number[]) {
  return db
    .select({ id: users.id, username: users.username, email: users.email })
    .from(users)
    .where(or(...ids.map((id) => eq(users.id, id))))
    .all();
}
