import { z } from "zod";
import { getEnv } from "~/services/env.server";
import { defineJobKind, enqueue } from "~/services/jobs.server";
import { mailLayout, sendMail, type Mail } from "~/services/mail.server";
import type { Db } from "~/services/database/db.server";

/**
 * The mails of moderators' notices (a hidden or restored thing, a suspension): a job written in
 * the transaction of the admin's action, saying what moderators did and their reason. No
 * unsubscribe link: a member cannot turn these off, since they are told what was done to their
 * own content or account.
 */
const noticePayload = z.object({
  to: z.string(),
  name: z.string(),
  /** The notice's sentence (notifications' notificationText). */
  text: z.string(),
  /** What moderators wrote, said on a line of its own; "" for none. */
  reason: z.string(),
  /** Where to read more, under APP_URL. */
  link: z.url(),
});
export type NoticeMail = z.infer<typeof noticePayload>;

export function renderNoticeMail(mail: NoticeMail): Mail {
  const greeting = `Hello ${mail.name},`;
  const subject = mail.text.length > 120 ? `${mail.text.slice(0, 119)}…` : mail.text;
  const lines = [greeting, `${mail.text}.`, ...(mail.reason ? [`Their reason: ${mail.reason}`] : [])];
  return {
    to: mail.to,
    subject,
    text: `${lines.join("\n\n")}\n\nOpen it: ${mail.link}\n`,
    html: mailLayout(subject, lines, { label: "Open it", url: mail.link }),
  };
}

export const moderationNoticeJob = defineJobKind({
  name: "moderation-notice",
  sendsMail: true,
  schema: noticePayload,
  async run(mail) {
    await sendMail(renderNoticeMail(mail), { link: mail.link });
  },
  describe(mail) {
    return `mail ${JSON.stringify(renderNoticeMail(mail).subject)} to ${mail.to}`;
  },
});

/** Queues a notice's mail inside the admin's transaction; `path` is a page of this site. */
export function queueNoticeMail(tx: Db, mail: Omit<NoticeMail, "link"> & { path: string }) {
  const { path, ...rest } = mail;
  return enqueue(tx, moderationNoticeJob, { ...rest, link: `${getEnv().appUrl}${path}` });
}
