import { blockedEitherWay } from "~/services/access.server";
import { getEnv } from "~/services/env.server";
import { queueNotificationMail } from "./mails.server";
import { deliveryOf, notificationText, shouldNotify, subjectPath, type SubjectType } from "./rules";
import { foldNotification, insertNotification, recipientOf, usernameOf } from "./store/notifications.server";
import type { UnsubscribeTarget } from "./unsubscribe.server";
import {
  defaultPreferenceOf,
  isFixedType,
  isModerationType,
  PRODUCER_DEFAULT_TYPES,
  type NotificationType,
  type PreferenceType,
} from "./vocabulary";
import { isProducer } from "./producers.server";
import type { Db } from "~/services/database/db.server";
import type { EmailMode } from "../../../db/notification-values";

/**
 * Writing a notification, inside the transaction of the action that causes it: it exists exactly
 * when the like, the comment or the order's move does, and its mail is a job of the same
 * transaction, so a mail server that is down delays the mail and never fails the action. It costs
 * a read of the recipient and their choice for the type, and one INSERT (or UPSERT for a fold).
 * Its caller awaits it inside its `transaction()`.
 */

export type NotificationEvent = {
  recipientId: number;
  type: NotificationType;
  actorId: number;
  subjectType: SubjectType;
  subjectId: number;
  /** A short text of the thing (a post's or listing's title), kept as it was. */
  excerpt: string;
  /** What moderators wrote (a reason), or a report's outcome: for moderation's notices. */
  detail?: string;
  /** Notifications with the same key for one recipient fold into one (likes on a post in a day). */
  foldKey?: string;
  /**
   * How many members the fold holds now, counted by the caller from its own rows (the likes of the
   * day still standing), so taking a like back and giving it again never counts twice.
   */
  actors?: number;
};

/** Writes the mail of a type that has its own (the exchange's order mails); called only when it is to be sent at once. */
export type InstantMail = (recipient: { email: string; username: string }, unsubscribe: UnsubscribeTarget) => Promise<unknown>;

const MAX_EXCERPT = 200;

/** Writes the mail of a moderators' notice (a fixed type): it has no unsubscribe link, since no member can turn those off. */
export type NoticeMail = (recipient: { email: string; username: string }) => Promise<unknown>;

export async function notify(
  tx: Db,
  event: NotificationEvent,
  {
    instantMail,
    noticeMail,
    email,
  }: {
    instantMail?: InstantMail;
    noticeMail?: NoticeMail;
    /** The event's own choice of mail in place of the type's (a saved search's alert); "daily" waits for the digest. */
    email?: EmailMode;
  } = {},
): Promise<void> {
  if (event.actorId === event.recipientId) return;
  const recipient = await recipientOf(tx, event.recipientId, event.type);
  const fixed = isFixedType(event.type);
  if (!recipient) return;
  const moderation = isModerationType(event.type);
  const blocked = !moderation && (await blockedEitherWay(event.actorId, event.recipientId));
  if (!shouldNotify({ ...event, recipientDeleted: recipient.deletedAt !== null, blocked, fixed: moderation })) return;
  const unchosen = recipient.inApp === null || recipient.emailMode === null;
  if (
    !fixed &&
    unchosen &&
    PRODUCER_DEFAULT_TYPES.includes(event.type as PreferenceType) &&
    !(await isProducer(event.recipientId))
  ) {
    return;
  }
  const preference =
    fixed || recipient.inApp === null || recipient.emailMode === null
      ? defaultPreferenceOf(event.type)
      : { in_app: recipient.inApp, email: recipient.emailMode };
  const delivery = deliveryOf(fixed || !email ? preference : { ...preference, email });
  const now = new Date();
  const emailedAt = delivery.instantMail ? now : null;
  const excerpt = event.excerpt.slice(0, MAX_EXCERPT);
  // Only a new notification is mailed: a fold growing, or a follow given again, is news in the
  // bell but not another mail (toggling a like must not flood an inbox).
  let fresh = true;
  let notificationId: number | null = null;

  if (delivery.row) {
    const values = {
      recipientId: event.recipientId,
      type: event.type,
      actorId: event.actorId,
      subjectType: event.subjectType,
      subjectId: event.subjectId,
      excerpt,
      detail: event.detail ?? null,
      foldKey: event.foldKey ?? null,
      emailedAt,
      createdAt: now,
      updatedAt: now,
    };
    if (event.foldKey) {
      // The fold names the latest member, counts those the caller counted (else one more), and is
      // unread again; when it was first mailed stays as it was.
      const row = await foldNotification(tx, values, event.actors);
      notificationId = row.id;
      fresh = row.createdAt.getTime() === now.getTime();
    } else {
      notificationId = await insertNotification(tx, values);
    }
  }

  if (!delivery.instantMail || !fresh) return;
  if (fixed) {
    await noticeMail?.(recipient);
    return;
  }
  const links: UnsubscribeTarget = { userId: event.recipientId, scope: event.type as PreferenceType };
  if (instantMail) {
    await instantMail(recipient, links);
    return;
  }
  await queueNotificationMail(tx, {
    to: recipient.email,
    name: recipient.username,
    type: event.type,
    text: notificationText({
      type: event.type,
      actorName: await usernameOf(tx, event.actorId),
      actors: 1,
      excerpt,
      subjectType: event.subjectType,
      detail: event.detail,
    }),
    // Through the notification when there is one, so opening the mail's link marks it read.
    link: `${getEnv().appUrl}${notificationId !== null ? `/app/notifications/${notificationId}` : subjectPath(event.subjectType, event.subjectId)}`,
    links,
  });
}
