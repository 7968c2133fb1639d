import { z } from "zod";
import { getEnv } from "~/services/env.server";
import { defineJobKind, enqueue, enqueueFolding } from "~/services/jobs.server";
import { mailLayout, sendMail, withUnsubscribe, type Mail } from "~/services/mail.server";
import { linksOf, unsubscribeTargetSchema, type UnsubscribeTarget } from "~/features/notifications/unsubscribe.server";
import type { Db } from "~/services/database/db.server";

/**
 * Each message of a thread before an order is mailed to the other member, a job of the message's
 * own transaction. Messages of one thread to one member within ORDER_MAIL_FOLD_SECONDS leave as
 * one mail, as an order's do, so a quick exchange of questions is not a burst of mails.
 */

const MAX_FOLDED = 50;

const enquiryMailPayload = z.object({
  to: z.string(),
  name: z.string(),
  /** Who wrote. */
  actor: z.string(),
  enquiryId: z.number().int(),
  link: z.url(),
  title: z.string(),
  text: z.string(),
  unsubscribe: unsubscribeTargetSchema,
  /** Messages written while the first waited to leave. */
  also: z
    .array(z.object({ actor: z.string(), text: z.string() }))
    .max(MAX_FOLDED)
    .optional(),
  more: z.number().int().min(1).optional(),
});
export type EnquiryMail = z.infer<typeof enquiryMailPayload>;

export function renderEnquiryMail(mail: EnquiryMail): Mail {
  const told = [{ actor: mail.actor, text: mail.text }, ...(mail.also ?? [])];
  const title = `"${mail.title}"`;
  const subject =
    told.length > 1 ? `${told.length + (mail.more ?? 0)} new messages about ${title}` : `New message about ${title}`;
  const lines = told.flatMap((message) => [`${message.actor} wrote about ${title}:`, message.text]);
  if (mail.more) lines.push(`And ${mail.more} more: the thread shows them all.`);
  const greeting = `Hello ${mail.name},`;
  return {
    to: mail.to,
    subject,
    text: `${greeting}\n\n${lines.join("\n\n")}\n\nOpen the thread: ${mail.link}\n`,
    html: mailLayout(subject, [greeting, ...lines], { label: "Open the thread", url: mail.link }),
  };
}

export const enquiryMailJob = defineJobKind({
  name: "enquiry-mail",
  sendsMail: true,
  schema: enquiryMailPayload,
  async run(mail) {
    const rendered = withUnsubscribe(renderEnquiryMail(mail), await linksOf(mail.unsubscribe), "questions about listings");
    await sendMail(rendered, { link: mail.link });
  },
  describe(mail) {
    return `mail ${JSON.stringify(renderEnquiryMail(mail).subject)} to ${mail.to}, about enquiry ${mail.enquiryId}`;
  },
});

export const enquiryLink = (enquiryId: number) => `${getEnv().appUrl}/app/enquiries/${enquiryId}`;

/** Queues the mail in the message's transaction, folding into one still waiting for the same thread and member. */
export function queueEnquiryMail(
  tx: Db,
  mail: Omit<EnquiryMail, "link" | "also" | "more" | "unsubscribe"> & { unsubscribe: UnsubscribeTarget },
  { foldSeconds = getEnv().orderMailFoldSeconds }: { foldSeconds?: number } = {},
) {
  const payload: EnquiryMail = { ...mail, link: enquiryLink(mail.enquiryId) };
  if (foldSeconds === 0) return enqueue(tx, enquiryMailJob, payload);
  return enqueueFolding(tx, enquiryMailJob, payload, {
    foldKey: `${mail.enquiryId}:${mail.to}`,
    delayMs: foldSeconds * 1000,
    fold(waiting, next) {
      const told = waiting.also ?? [];
      if (told.length >= MAX_FOLDED) return { ...waiting, more: (waiting.more ?? 0) + 1 };
      return { ...waiting, also: [...told, { actor: next.actor, text: next.text }] };
    },
  });
}
