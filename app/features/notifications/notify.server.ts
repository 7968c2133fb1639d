import { and, eq, sql } from "drizzle-orm";
import { notificationPreferences, notifications, users } from "../../../db/schema";
import { getEnv } from "~/services/env.server";
import type { JobWriter } from "~/services/jobs.server";
import { queueNotificationMail } from "./mails.server";
import { deliveryOf, notificationText, shouldNotify, subjectPath, type SubjectType } from "./rules";
import { unsubscribeLinks, type UnsubscribeLinks } from "./unsubscribe.server";
import { DEFAULT_PREFERENCES, type NotificationType } from "./vocabulary";

/**
 * Writing a notification, inside the transaction of the action that causes it: it exists exactly
 * when the like, the comment or the order's move does, and its mail is a job of the same
 * transaction, so a mail server that is down delays the mail and never fails the action. It costs
 * a read of the recipient and their choice for the type, and one INSERT (or UPSERT for a fold).
 */

export type NotificationEvent = {
  recipientId: number;
  type: NotificationType;
  actorId: number;
  subjectType: SubjectType;
  subjectId: number;
  /** A short text of the thing (a post's or listing's title), kept as it was. */
  excerpt: string;
  /** Notifications with the same key for one recipient fold into one (likes on a post in a day). */
  foldKey?: string;
};

/** Writes the mail of a type that has its own (the exchange's order mails); called only when it is to be sent at once. */
export type InstantMail = (recipient: { email: string; username: string }, links: UnsubscribeLinks) => void;

const MAX_EXCERPT = 200;

export function notify(tx: JobWriter, event: NotificationEvent, { instantMail }: { instantMail?: InstantMail } = {}) {
  if (event.actorId === event.recipientId) return;
  const recipient = tx
    .select({
      email: users.email,
      username: users.username,
      deletedAt: users.deletedAt,
      inApp: notificationPreferences.inApp,
      emailMode: notificationPreferences.email,
    })
    .from(users)
    .leftJoin(
      notificationPreferences,
      and(eq(notificationPreferences.userId, users.id), eq(notificationPreferences.type, event.type)),
    )
    .where(eq(users.id, event.recipientId))
    .get();
  if (!recipient || !shouldNotify({ ...event, recipientDeleted: recipient.deletedAt !== null })) return;
  const preference =
    recipient.inApp === null || recipient.emailMode === null
      ? DEFAULT_PREFERENCES[event.type]
      : { in_app: recipient.inApp, email: recipient.emailMode };
  const delivery = deliveryOf(preference);
  const now = new Date();
  const emailedAt = delivery.instantMail ? now : null;
  const excerpt = event.excerpt.slice(0, MAX_EXCERPT);

  if (delivery.row) {
    const values = {
      recipientId: event.recipientId,
      type: event.type,
      actorId: event.actorId,
      subjectType: event.subjectType,
      subjectId: event.subjectId,
      excerpt,
      foldKey: event.foldKey ?? null,
      emailedAt,
      createdAt: now,
      updatedAt: now,
    };
    if (event.foldKey) {
      // A new member joins the fold (the same member again, after taking a like back, does not
      // count twice in a row), it names the latest, and it is unread again.
      tx.insert(notifications)
        .values(values)
        .onConflictDoUpdate({
          target: [notifications.recipientId, notifications.foldKey],
          set: {
            actors: sql`${notifications.actors} + (${notifications.actorId} is not excluded.actor_id)`,
            actorId: sql`excluded.actor_id`,
            excerpt: sql`excluded.excerpt`,
            updatedAt: sql`excluded.updated_at`,
            readAt: null,
            emailedAt: sql`excluded.emailed_at`,
          },
        })
        .run();
    } else {
      tx.insert(notifications).values(values).run();
    }
  }

  if (!delivery.instantMail) return;
  const links = unsubscribeLinks(event.recipientId, event.type);
  if (instantMail) {
    instantMail(recipient, links);
    return;
  }
  const actor = tx.select({ username: users.username }).from(users).where(eq(users.id, event.actorId)).get();
  queueNotificationMail(tx, {
    to: recipient.email,
    name: recipient.username,
    type: event.type,
    text: notificationText({ type: event.type, actorName: actor?.username ?? null, actors: 1, excerpt }),
    link: `${getEnv().appUrl}${subjectPath(event.subjectType, event.subjectId)}`,
    links,
  });
}
