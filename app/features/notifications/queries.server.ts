import { transaction } from "~/services/database/db.server";
import type { FormFailure, FormSuccess } from "~/lib/forms";
import { applyPreferenceChanges, mergePreferences, notificationText, subjectPath } from "./rules";
import { isProducer } from "./producers.server";
import type { PreferencesChange } from "./schemas";
import {
  markNotificationsRead,
  notificationRows,
  notificationSubject,
  unreadCount,
  type NotificationRow,
} from "./store/notifications.server";
import { isLiveMember, preferenceRows, savePreference } from "./store/preferences.server";
import { emailVersionOf, readUnsubscribeToken, typesOfScope, type UnsubscribeScope } from "./unsubscribe.server";
import { isModerationType, PREFERENCE_TYPES, type NotificationPreferences, type PreferenceType } from "./vocabulary";
import type { NotificationPage, NotificationView } from "./wire";

/**
 * Reading notifications and the choices per type. Only the recipient ever reads or marks a
 * notification: every query is bounded by the recipient's id, so another member's id names
 * nothing (404 on the page, ignored by "mark as read").
 */

/** The bell's count, read by every page's layout. */
export { unreadCount };

function toView({ notification: n, actor: doer, subjectHidden }: NotificationRow): NotificationView {
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
export async function listNotifications(
  recipientId: number,
  { unread, page, limit }: { unread: boolean; page: number; limit: number },
): Promise<NotificationPage> {
  const rows = await notificationRows(recipientId, { unread, limit: limit + 1, offset: (page - 1) * limit });
  return {
    notifications: rows.slice(0, limit).map(toView),
    unread_count: await unreadCount(recipientId),
    pagination: { page, limit, hasMore: rows.length > limit },
  };
}

/** Marks the given notifications of the member read (another member's ids are ignored), or all without ids. */
export async function markRead(recipientId: number, ids: readonly number[] | undefined) {
  await markNotificationsRead(recipientId, ids);
  return { unread_count: await unreadCount(recipientId) };
}

/** Opening a notification marks it read and answers where it leads; null when it is not the member's. */
export async function openNotification(recipientId: number, id: number): Promise<string | null> {
  const row = await notificationSubject(recipientId, id);
  if (!row) return null;
  await markNotificationsRead(recipientId, [id]);
  return subjectPath(row.subjectType, row.subjectId);
}

/** Every type's choice, defaults filled in. */
export async function getNotificationPreferences(userId: number): Promise<NotificationPreferences> {
  return mergePreferences(await preferenceRows(userId), { producer: await isProducer(userId) });
}

/**
 * Stores the types a change names (each whole, so a later change of a default does not split it);
 * answers every type's choice. Choosing a type's e-mails anew (a mode other than "off" that
 * differs from the one before) counts up its version, which retires the unsubscribe links sent
 * before; turning them off does not, so a one-click link used twice still answers the same.
 */
export async function updateNotificationPreferences(userId: number, change: PreferencesChange) {
  return transaction(async (tx) => {
    const before = mergePreferences(await preferenceRows(userId, tx), { producer: await isProducer(userId) });
    const next = applyPreferenceChanges(before, change);
    const named = PREFERENCE_TYPES.filter((type) => change[type] !== undefined);
    for (const type of named) {
      const { in_app, email } = next[type];
      const chosenAnew = email !== "off" && email !== before[type].email;
      await savePreference(tx, userId, { type, in_app, email, chosenAnew });
    }
    return next;
  });
}

export type UnsubscribeOutcome =
  | FormSuccess<{ message: string; scope: UnsubscribeScope; types: PreferenceType[] }>
  | FormFailure<{ reason: "invalid-link"; message: string }>;

const BAD_LINK = "This unsubscribe link is not valid. Choose what you hear about in your notification settings instead.";

/** What a token names, for the page that offers the button; null when it is forged, altered or out of date. */
export async function describeUnsubscribe(token: unknown) {
  const read = readUnsubscribeToken(token);
  if (!read) return null;
  if (!(await isLiveMember(read.userId))) return null;
  // Sent before the member turned these mails on again: it no longer speaks for them.
  return (await emailVersionOf(read.userId, read.scope)) === read.version ? read : null;
}

/**
 * One click from a mail: the type's e-mails stop (e-mail "off"); the digest's link stops every
 * type that was sent in the daily digest. In-app notifications stay as they were.
 */
export async function unsubscribe(token: unknown): Promise<UnsubscribeOutcome> {
  const read = await describeUnsubscribe(token);
  if (!read) return { ok: false, reason: "invalid-link", message: BAD_LINK, errors: {} };
  const current = await getNotificationPreferences(read.userId);
  const named = typesOfScope(read.scope);
  const types = named === "digest" ? PREFERENCE_TYPES.filter((type) => current[type].email === "daily") : named;
  await updateNotificationPreferences(read.userId, Object.fromEntries(types.map((type) => [type, { email: "off" as const }])));
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
