import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { digestSends, notifications, users } from "../../../../db/schema";
import { type Db, getDb, changedRows } from "~/services/database/db.server";
import { FIXED_DELIVERY, FIXED_NOTIFICATION_TYPES, PREFERENCE_TYPES, type NotificationPreferences } from "../vocabulary";
import { replyAboutHiddenPost } from "./notifications.server";

/** The daily digest's reads and writes: what is due, and a member's digest of a day recorded once. */

/** The SQL of a notification's e-mail mode for its recipient: the stored choice, else the type's default. */
const emailModeSql = (defaults: NotificationPreferences) =>
  sql.raw(
    `coalesce((SELECT p.email FROM notification_preferences p WHERE p.user_id = notifications.recipient_id AND p.type = notifications.type), CASE notifications.type ${PREFERENCE_TYPES.map((type) => `WHEN '${type}' THEN '${defaults[type].email}'`).join(" ")} ${FIXED_NOTIFICATION_TYPES.map((type) => `WHEN '${type}' THEN '${FIXED_DELIVERY.email}'`).join(" ")} END)`,
  );

/**
 * The notifications a digest carries: unread, not mailed, of a member not deleted, of a type they
 * (or the defaults) want daily; by recipient, latest activity first.
 */
export async function dueForDigest(defaults: NotificationPreferences, db: Db = getDb()) {
  return db
    .select({
      id: notifications.id,
      recipientId: notifications.recipientId,
      type: notifications.type,
      actors: notifications.actors,
      excerpt: notifications.excerpt,
      subjectType: notifications.subjectType,
      detail: notifications.detail,
      actorName: sql<string | null>`(SELECT a.username FROM users a WHERE a.id = ${notifications.actorId})`,
      subjectHidden: replyAboutHiddenPost,
    })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.recipientId))
    .where(
      and(
        isNull(notifications.readAt),
        isNull(notifications.emailedAt),
        isNull(users.deletedAt),
        sql`${emailModeSql(defaults)} = 'daily'`,
      ),
    )
    .orderBy(asc(notifications.recipientId), sql`${notifications.updatedAt} desc`, sql`${notifications.id} desc`)
    .all();
}

/**
 * Records the member's digest of `day` and marks these notifications mailed; answers the member's
 * address, or null when a digest of that day was recorded already (nothing is marked then).
 */
export async function recordDigest(tx: Db, recipientId: number, day: string, ids: readonly number[]) {
  const first = changedRows(await tx.insert(digestSends).values({ userId: recipientId, day }).onConflictDoNothing().run()) === 1;
  if (!first) return null;
  const member = (await tx
    .select({ email: users.email, username: users.username })
    .from(users)
    .where(eq(users.id, recipientId))
    .get())!;
  await tx
    .update(notifications)
    .set({ emailedAt: new Date() })
    .where(and(inArray(notifications.id, [...ids]), isNull(notifications.emailedAt)))
    .run();
  return member;
}
