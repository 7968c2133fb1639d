import { and, count, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { notificationPreferences, notifications, posts, users } from "../../../db/schema";
import { type Db, getDb, keptQuery } from "~/services/db.server";
import type { FormFailure, FormSuccess } from "~/lib/forms";
import { applyPreferenceChanges, mergePreferences, notificationText, subjectPath } from "./rules";
import type { PreferencesChange } from "./schemas";
import { emailVersionOf, readUnsubscribeToken, typesOfScope, type UnsubscribeScope } from "./unsubscribe.server";
import {
  FIXED_DELIVERY,
  FIXED_NOTIFICATION_TYPES,
  isModerationType,
  PREFERENCE_TYPES,
  type NotificationPreferences,
  type PreferenceType,
} from "./vocabulary";
import type { NotificationPage, NotificationView } from "./wire";

/**
 * Reading notifications and the choices per type. Only the recipient ever reads or marks a
 * notification: every query is bounded by the recipient's id, so another member's id names
 * nothing (404 on the page, ignored by "mark as read").
 */

/** The bell's count: the partial index of unread notifications answers it. */
export function unreadCount(recipientId: number, db: Db = getDb()) {
  const query = keptQuery(db, "notifications.unreadCount", (handle) =>
    handle
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.recipientId, sql.placeholder("recipientId")), isNull(notifications.readAt)))
      .prepare(),
  );
  return query.get({ recipientId })!.n;
}

/**
 * 1 when the notification is a reply about a post moderators have hidden since (notificationText
 * then leaves its title out), else 0: one look-up by the post's key, for replies only.
 */
export const replyAboutHiddenPost = sql<number>`case when ${notifications.type} = 'reply' then exists (
  select 1 from ${posts} where ${posts.id} = ${notifications.subjectId} and ${posts.hiddenAt} is not null) else 0 end`;

type Row = {
  notification: typeof notifications.$inferSelect;
  actor: { id: number; username: string } | null;
  subjectHidden: number;
};

function toView({ notification: n, actor: doer, subjectHidden }: Row): NotificationView {
  // Moderators act as "Moderators": their notices and a report's outcome do not name the admin.
  const actor = isModerationType(n.type) ? null : doer;
  return {
    id: n.id,
    type: n.type,
    text: notificationText({
      type: n.type,
      actorName: actor?.username ?? null,
      actors: n.actors,
      excerpt: n.excerpt,
      subjectType: n.subjectType,
      detail: n.detail,
      subjectHidden: subjectHidden === 1,
    }),
    actor,
    actors: n.actors,
    subject: { type: n.subjectType, id: n.subjectId },
    url: subjectPath(n.subjectType, n.subjectId),
    read: n.readAt !== null,
    created_at: n.createdAt.toISOString(),
    updated_at: n.updatedAt.toISOString(),
  };
}

/** A page of the member's notifications, latest activity first (a fold moves up when it grows). */
export function listNotifications(
  recipientId: number,
  { unread, page, limit }: { unread: boolean; page: number; limit: number },
  db: Db = getDb(),
): NotificationPage {
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
  const rows = query.all({ recipientId, limit: limit + 1, offset: (page - 1) * limit });
  return {
    notifications: rows.slice(0, limit).map(toView),
    unread_count: unreadCount(recipientId, db),
    pagination: { page, limit, hasMore: rows.length > limit },
  };
}

/** Marks the given notifications of the member read (another member's ids are ignored), or all without ids. */
export function markRead(recipientId: number, ids: readonly number[] | undefined, db: Db = getDb()) {
  db.update(notifications)
    .set({ readAt: new Date() })
    .where(
      and(
        eq(notifications.recipientId, recipientId),
        isNull(notifications.readAt),
        ids === undefined ? undefined : inArray(notifications.id, ids.length ? [...ids] : [0]),
      ),
    )
    .run();
  return { unread_count: unreadCount(recipientId, db) };
}

/** Opening a notification marks it read and answers where it leads; null when it is not the member's. */
export function openNotification(recipientId: number, id: number, db: Db = getDb()): string | null {
  const row = db
    .select({ subjectType: notifications.subjectType, subjectId: notifications.subjectId })
    .from(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.recipientId, recipientId)))
    .get();
  if (!row) return null;
  markRead(recipientId, [id], db);
  return subjectPath(row.subjectType, row.subjectId);
}

/** Every type's choice, defaults filled in. */
export function getNotificationPreferences(userId: number, db: Db = getDb()): NotificationPreferences {
  const rows = db
    .select({ type: notificationPreferences.type, in_app: notificationPreferences.inApp, email: notificationPreferences.email })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId))
    .all();
  return mergePreferences(rows);
}

/**
 * Stores the types a change names (each whole, so a later change of a default does not split it);
 * answers every type's choice. Choosing a type's e-mails anew (a mode other than "off" that
 * differs from the one before) counts up its version, which retires the unsubscribe links sent
 * before; turning them off does not, so a one-click link used twice still answers the same.
 */
export function updateNotificationPreferences(userId: number, change: PreferencesChange, db: Db = getDb()) {
  return db.transaction((tx) => {
    const before = getNotificationPreferences(userId, tx);
    const next = applyPreferenceChanges(before, change);
    const named = PREFERENCE_TYPES.filter((type) => change[type] !== undefined);
    for (const type of named) {
      const { in_app, email } = next[type];
      const chosenAnew = email !== "off" && email !== before[type].email;
      tx.insert(notificationPreferences)
        .values({ userId, type, inApp: in_app, email, emailVersion: chosenAnew ? 1 : 0 })
        .onConflictDoUpdate({
          target: [notificationPreferences.userId, notificationPreferences.type],
          set: {
            inApp: in_app,
            email,
            ...(chosenAnew && { emailVersion: sql`${notificationPreferences.emailVersion} + 1` }),
          },
        })
        .run();
    }
    return next;
  });
}

export type UnsubscribeOutcome =
  | FormSuccess<{ message: string; scope: UnsubscribeScope; types: PreferenceType[] }>
  | FormFailure<{ reason: "invalid-link"; message: string }>;

const BAD_LINK = "This unsubscribe link is not valid. Choose what you hear about in your notification settings instead.";

/** What a token names, for the page that offers the button; null when it is forged, altered or out of date. */
export function describeUnsubscribe(token: unknown, db: Db = getDb()) {
  const read = readUnsubscribeToken(token);
  if (!read) return null;
  const member = db.select({ deletedAt: users.deletedAt }).from(users).where(eq(users.id, read.userId)).get();
  if (!member || member.deletedAt !== null) return null;
  // Sent before the member turned these mails on again: it no longer speaks for them.
  return emailVersionOf(read.userId, read.scope, db) === read.version ? read : null;
}

/**
 * One click from a mail: the type's e-mails stop (e-mail "off"); the digest's link stops every
 * type that was sent in the daily digest. In-app notifications stay as they were.
 */
export function unsubscribe(token: unknown, db: Db = getDb()): UnsubscribeOutcome {
  const read = describeUnsubscribe(token, db);
  if (!read) return { ok: false, reason: "invalid-link", message: BAD_LINK, errors: {} };
  const current = getNotificationPreferences(read.userId, db);
  const named = typesOfScope(read.scope);
  const types = named === "digest" ? PREFERENCE_TYPES.filter((type) => current[type].email === "daily") : named;
  updateNotificationPreferences(read.userId, Object.fromEntries(types.map((type) => [type, { email: "off" as const }])), db);
  return {
    ok: true,
    scope: read.scope,
    types,
    message:
      named === "digest"
        ? "You will get no more daily digests."
        : named.length === 1
          ? "You will get no more e-mails of this kind."
          : "You will get no more e-mails of these kinds.",
  };
}

/** The SQL of a notification's e-mail mode for its recipient: the stored choice, else the type's default. */
export const emailModeSql = (defaults: NotificationPreferences) =>
  sql.raw(
    `coalesce((SELECT p.email FROM notification_preferences p WHERE p.user_id = notifications.recipient_id AND p.type = notifications.type), CASE notifications.type ${PREFERENCE_TYPES.map((type) => `WHEN '${type}' THEN '${defaults[type].email}'`).join(" ")} ${FIXED_NOTIFICATION_TYPES.map((type) => `WHEN '${type}' THEN '${FIXED_DELIVERY.email}'`).join(" ")} END)`,
  );
