import { and, count, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { notificationPreferences, notifications, posts, users } from "../../../../db/schema";
import { type Db, getDb, keptQuery, changedRows } from "~/services/database/db.server";
import type { NotificationType } from "../vocabulary";

/**
 * The notifications as their recipient reads them. Every query is bounded by the recipient's id.
 * The bell's count and the list run on every page: they are kept queries, prepared once per
 * handle with their values as placeholders (decision 024).
 */

/** The bell's count: the partial index of unread notifications answers it. */
export async function unreadCount(recipientId: number, db: Db = getDb()): Promise<number> {
  const query = keptQuery(db, "notifications.unreadCount", (handle) =>
    handle
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.recipientId, sql.placeholder("recipientId")), isNull(notifications.readAt)))
      .prepare(),
  );
  return (await query.get({ recipientId }))!.n;
}

/**
 * 1 when the notification is a reply about a post moderators have hidden since (notificationText
 * then leaves its title out), else 0: one look-up by the post's key, for replies only. The 1 and
 * 0 are written out: PostgreSQL's EXISTS answers a boolean, which a CASE cannot mix with 0.
 */
export const replyAboutHiddenPost = sql<number>`case when ${notifications.type} = 'reply' and exists (
  select 1 from ${posts} where ${posts.id} = ${notifications.subjectId} and ${posts.hiddenAt} is not null) then 1 else 0 end`;

export type NotificationRow = {
  notification: typeof notifications.$inferSelect;
  actor: { id: number; username: string } | null;
  subjectHidden: number;
};

/** Up to `limit` of the member's notifications from `offset`, latest activity first (a fold moves up when it grows). */
export async function notificationRows(
  recipientId: number,
  { unread, limit, offset }: { unread: boolean; limit: number; offset: number },
  db: Db = getDb(),
): Promise<NotificationRow[]> {
  // Two kept queries, all and unread only, the page's bounds as placeholders.
  const query = keptQuery(db, unread ? "notifications.list.unread" : "notifications.list", (handle) =>
    handle
      .select({
        notification: notifications,
        actor: { id: users.id, username: users.username },
        subjectHidden: replyAboutHiddenPost,
      })
      .from(notifications)
      .leftJoin(users, eq(users.id, notifications.actorId))
      .where(
        and(eq(notifications.recipientId, sql.placeholder("recipientId")), unread ? isNull(notifications.readAt) : undefined),
      )
      .orderBy(desc(notifications.updatedAt), desc(notifications.id))
      .limit(sql.placeholder("limit"))
      .offset(sql.placeholder("offset"))
      .prepare(),
  );
  return query.all({ recipientId, limit, offset });
}

/** Marks the given notifications of the member read (another member's ids are ignored), or all without ids. */
export async function markNotificationsRead(recipientId: number, ids: readonly number[] | undefined, db: Db = getDb()) {
  await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(
      and(
        eq(notifications.recipientId, recipientId),
        isNull(notifications.readAt),
        ids === undefined ? undefined : inArray(notifications.id, ids.length ? [...ids] : [0]),
      ),
    )
    .run();
}

/** What the member's notification is about; undefined when it is not theirs. */
export async function notificationSubject(recipientId: number, id: number, db: Db = getDb()) {
  return db
    .select({ subjectType: notifications.subjectType, subjectId: notifications.subjectId })
    .from(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.recipientId, recipientId)))
    .get();
}

/**
 * Deletes up to `batch` notifications last active before `readBefore` that are read, or before
 * `unreadBefore` whatever they are; answers how many.
 */
export async function deleteOldNotifications(readBefore: number, unreadBefore: number, batch: number, db: Db = getDb()) {
  // The index on updated_at bounds the search to rows older than the shorter retention.
  return changedRows(
    await db.run(sql`
      delete from notifications where id in (
        select id from notifications
        where updated_at < ${readBefore} and (read_at is not null or updated_at < ${unreadBefore})
        limit ${batch})`),
  );
}

/* Writing a notification: notify() runs these in the transaction of the action that causes it. */

/** The recipient's address and name, whether their account is deleted, and their stored choice for the type (null when none). */
export async function recipientOf(tx: Db, recipientId: number, type: NotificationType) {
  return tx
    .select({
      email: users.email,
      username: users.username,
      deletedAt: users.deletedAt,
      inApp: notificationPreferences.inApp,
      emailMode: notificationPreferences.email,
    })
    .from(users)
    .leftJoin(notificationPreferences, and(eq(notificationPreferences.userId, users.id), eq(notificationPreferences.type, type)))
    .where(eq(users.id, recipientId))
    .get();
}

export type NewNotification = Omit<typeof notifications.$inferInsert, "id" | "actors" | "readAt">;

/** Writes a notification; answers its id. */
export async function insertNotification(tx: Db, values: NewNotification): Promise<number> {
  return (await tx.insert(notifications).values(values).returning({ id: notifications.id }).get())!.id;
}

/**
 * Writes a notification that folds with the recipient's one of the same fold key: the fold names
 * the latest member, counts `actors` when given (else one more), and is unread again; when it was
 * first made stays as it was. Answers its id and when it was made.
 */
export async function foldNotification(tx: Db, values: NewNotification, actors: number | undefined) {
  return (await tx
    .insert(notifications)
    .values({ ...values, actors: Math.max(1, actors ?? 1) })
    .onConflictDoUpdate({
      target: [notifications.recipientId, notifications.foldKey],
      set: {
        actors: actors !== undefined ? Math.max(1, actors) : sql`${notifications.actors} + 1`,
        actorId: sql`excluded.actor_id`,
        excerpt: sql`excluded.excerpt`,
        updatedAt: sql`excluded.updated_at`,
        readAt: null,
      },
    })
    .returning({ id: notifications.id, createdAt: notifications.createdAt })
    .get())!;
}

/** A member's name, for the sentence of a notification's mail. */
export async function usernameOf(tx: Db, id: number): Promise<string | null> {
  return (await tx.select({ username: users.username }).from(users).where(eq(users.id, id)).get())?.username ?? null;
}
