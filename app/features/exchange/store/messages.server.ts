import { asc, eq } from "drizzle-orm";
import { orderMessages, users } from "../../../../db/schema";
import { getDb, type Db } from "~/services/database/db.server";
import type { OrderMessageView } from "../wire";

/** Orders' threads: their messages, oldest first (the rules of who writes them are in ../messages.server.ts). */

/** An order's messages, oldest first, or the one message `id`. */
export async function readMessages(orderId: number, id?: number, db: Db = getDb()): Promise<OrderMessageView[]> {
  return (
    await db
      .select({ message: orderMessages, author: { id: users.id, username: users.username } })
      .from(orderMessages)
      .innerJoin(users, eq(users.id, orderMessages.authorId))
      .where(id === undefined ? eq(orderMessages.orderId, orderId) : eq(orderMessages.id, id))
      .orderBy(asc(orderMessages.id))
      .all()
  ).map(({ message, author }) => ({
    id: message.id,
    order_id: message.orderId,
    author,
    body: message.body,
    created_at: message.createdAt.toISOString(),
  }));
}

/** Adds a message to an order's thread; answers its id. */
export async function insertMessage(
  db: Db,
  message: { orderId: number; authorId: number; body: string; createdAt?: Date },
): Promise<number> {
  const [{ id }] = await db.insert(orderMessages).values(message).returning({ id: orderMessages.id }).all();
  return id;
}
