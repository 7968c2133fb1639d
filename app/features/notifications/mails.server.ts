import { z } from "zod";
import { defineJobKind, enqueue } from "~/services/jobs.server";
import { mailLayout, sendMail, withUnsubscribe, type Mail } from "~/services/mail.server";
import { linksOf, queuedUnsubscribeLinksSchema, unsubscribeTargetSchema } from "./unsubscribe.server";
import { NOTIFICATION_TYPES, TYPE_LABELS } from "./vocabulary";
import type { Db } from "~/services/database/db.server";

/**
 * The notifications' own mails: one notification at once, and the daily digest. Each is a job
 * written in the transaction that decided it, carrying what it says (the recipient may read it in
 * the app anyway) and whose mails its unsubscribe links stop (the links, which work without
 * signing in, are made when it is sent); it is rendered when sent and retried when the mail server
 * fails, and the member whose action caused it never hears of a failure.
 */

/** Whose mails the unsubscribe links stop; the links themselves in rows an earlier version queued. */
const links = z.union([unsubscribeTargetSchema, queuedUnsubscribeLinksSchema]);

const payload = z.discriminatedUnion("template", [
  z.object({
    template: z.literal("notification"),
    to: z.string(),
    name: z.string(),
    type: z.enum(NOTIFICATION_TYPES),
    /** The notification's sentence. */
    text: z.string(),
    /** The page of the thing it is about. */
    link: z.url(),
    links,
  }),
  z.object({
    template: z.literal("digest"),
    to: z.string(),
    name: z.string(),
    /** The UTC day the digest is for, YYYY-MM-DD. */
    day: z.string(),
    items: z.array(z.object({ text: z.string(), link: z.url() })),
    /** Unread notifications beyond those listed. */
    more: z.number().int(),
    /** The link to the list in the app. */
    all: z.url(),
    links,
  }),
]);
export type NotificationMail = z.infer<typeof payload>;

export async function renderNotificationMail(mail: NotificationMail): Promise<Mail> {
  const greeting = `Hello ${mail.name},`;
  if (mail.template === "notification") {
    const subject = mail.text;
    return withUnsubscribe(
      {
        to: mail.to,
        subject,
        text: `${greeting}\n\n${mail.text}.\n\nOpen it: ${mail.link}\n`,
        html: mailLayout(subject, [greeting, `${mail.text}.`], { label: "Open it", url: mail.link }),
      },
      await linksOf(mail.links),
      TYPE_LABELS[mail.type].toLowerCase(),
    );
  }
  const count = mail.items.length + mail.more;
  const subject = `Your Circular Hub digest: ${count} unread ${count === 1 ? "notification" : "notifications"}`;
  const more = mail.more > 0 ? [`And ${mail.more} more.`] : [];
  const lines = [...mail.items.map((item) => `${item.text}: ${item.link}`), ...more];
  return withUnsubscribe(
    {
      to: mail.to,
      subject,
      text: `${greeting}\n\nWhat you have not read yet:\n\n${lines.join("\n")}\n\nSee them all: ${mail.all}\n`,
      html: mailLayout(subject, [greeting, "What you have not read yet:", ...mail.items.map((item) => item.text), ...more], {
        label: "See them all",
        url: mail.all,
      }),
    },
    await linksOf(mail.links),
    "the daily digest",
  );
}

export const notificationMailJob = defineJobKind({
  name: "notification-mail",
  sendsMail: true,
  schema: payload,
  async run(mail) {
    await sendMail(await renderNotificationMail(mail), { link: mail.template === "notification" ? mail.link : mail.all });
  },
  describe(mail) {
    return `mail ${mail.template === "digest" ? `digest of ${mail.day}` : `notification (${mail.type})`} to ${mail.to}`;
  },
});

type WithoutTemplate<T> = T extends unknown ? Omit<T, "template"> : never;

export function queueNotificationMail(tx: Db, mail: WithoutTemplate<Extract<NotificationMail, { template: "notification" }>>) {
  return enqueue(tx, notificationMailJob, { template: "notification", ...mail });
}

export function queueDigestMail(tx: Db, mail: WithoutTemplate<Extract<NotificationMail, { template: "digest" }>>) {
  return enqueue(tx, notificationMailJob, { template: "digest", ...mail });
}
