import { z } from "zod";
import { getEnv } from "~/services/env.server";
import { defineJobKind, enqueue, enqueueFolding } from "~/services/jobs.server";
import { mailLayout, sendMail, withUnsubscribe, type Mail } from "~/services/mail.server";
import { ORDER_EVENT_ACTIONS } from "./vocabulary";
import {
  linksOf,
  queuedUnsubscribeLinksSchema,
  scopeOfTypes,
  typesOfScope,
  unsubscribeTargetSchema,
} from "~/features/notifications/unsubscribe.server";
import type { PreferenceType } from "~/features/notifications/vocabulary";
import type { Db } from "~/services/database/db.server";

/**
 * The mails of the exchange: each change of an order's state and each new message is told to the
 * order's other party, with a link to the order. A mail is a job written in the transaction of the
 * change, so it leaves exactly when the change is stored and waits out a mail server that is down.
 * The payload holds what the mail says, rendered when it is sent, and only what the recipient may
 * see on the order page anyway: the other party's name, the listing's title, the quantity, the
 * reason of a move and the text of a message.
 */

/** What happened: an order's event, its completion (the second confirmation), or a new message. */
export const ORDER_MAIL_EVENTS = [...ORDER_EVENT_ACTIONS, "completed", "message"] as const;
export type OrderMailEvent = (typeof ORDER_MAIL_EVENTS)[number];

const orderMailPayload = z.object({
  to: z.string(),
  /** The recipient's name. */
  name: z.string(),
  event: z.enum(ORDER_MAIL_EVENTS),
  /** Who made the change (the order's other party, for the recipient). */
  actor: z.string(),
  orderId: z.number().int(),
  /** The order's page, under APP_URL. */
  link: z.url(),
  title: z.string(),
  /** "3 pieces", "250 kg". */
  quantity: z.string(),
  /** An offer answers a wanted listing; a request the others. */
  noun: z.enum(["request", "offer"]),
  /** The reason of a decline or a cancellation, the text of a message, a counter's price ("$0.45 per kg"). */
  text: z.string().nullable(),
  /**
   * Whose mails of this kind its unsubscribe links stop (the links are made when it is sent);
   * the links themselves in rows an earlier version queued, none in those queued before there were any.
   */
  unsubscribe: z.union([unsubscribeTargetSchema, queuedUnsubscribeLinksSchema]).optional(),
  /**
   * What happened to the order after the first change while this mail waited to leave, in
   * order (queueOrderMail folds them in): one mail tells them all.
   */
  also: z
    .array(z.object({ event: z.enum(ORDER_MAIL_EVENTS), actor: z.string(), text: z.string().nullable() }))
    .max(50)
    .optional(),
  /** A request's offer per unit ("$0.35 per kg"), below the asking price; absent when asked at the asking price. */
  offer: z.string().optional(),
  /** Changes after the most a mail tells (MAX_FOLDED), counted: the order page shows them. */
  more: z.number().int().min(1).optional(),
});
export type OrderMail = z.infer<typeof orderMailPayload>;
/** One change an order mail tells of. */
type OrderMailChange = Pick<OrderMail, "event" | "actor" | "text">;

/** A mail telling of several changes tells this many at most; later ones are counted. */
const MAX_FOLDED = 50;

const quoted = (title: string) => `"${title}"`;

/** The subject and the paragraphs of each mail, in plain words. */
function wording(mail: OrderMail): { subject: string; lines: string[] } {
  const { actor, noun, quantity } = mail;
  const title = quoted(mail.title);
  const reason = mail.text ? [`Their reason: ${mail.text}`] : [];
  switch (mail.event) {
    case "request":
      return {
        subject: noun === "offer" ? `New offer for ${title}` : `New request for ${title}`,
        lines: [
          noun === "offer"
            ? `${actor} offers ${quantity} for your wanted listing ${title}.`
            : `${actor} asks for ${quantity} of your listing ${title}.`,
          ...(mail.offer ? [`They offer ${mail.offer}, below your asking price.`] : []),
          ...(mail.text ? [`Their message: ${mail.text}`] : []),
          mail.offer
            ? "Accept the offer, decline it or counter with a price of your own on the order page. Nothing is reserved until you accept."
            : `Accept or decline the ${noun} on the order page. Nothing is reserved until you accept.`,
        ],
      };
    case "accept":
      return {
        subject: `Your ${noun} for ${title} was accepted`,
        lines: [
          `${actor} accepted your ${noun} for ${quantity} of ${title}.`,
          "Agree on the handover and the payment in the order's messages; once it has changed hands, confirm completion on the order page.",
        ],
      };
    case "counter":
      return {
        subject: `A counter to your offer for ${title}`,
        lines: [
          `${actor} answered your offer for ${quantity} of ${title} with a price of their own: ${mail.text ?? ""}.`,
          "Accept the counter or withdraw on the order page. Nothing is reserved until you accept.",
        ],
      };
    case "accept_counter":
      return {
        subject: `Your counter for ${title} was accepted`,
        lines: [
          `${actor} accepted your counter for ${quantity} of ${title}: the order is accepted at your price.`,
          "Agree on the handover and the payment in the order's messages; once it has changed hands, confirm completion on the order page.",
        ],
      };
    case "decline":
      return {
        subject: `Your ${noun} for ${title} was declined`,
        lines: [`${actor} declined your ${noun} for ${quantity} of ${title}.`, ...reason],
      };
    case "cancel":
      return {
        subject: `The order for ${title} was cancelled`,
        lines: [`${actor} cancelled the order for ${quantity} of ${title}.`, ...reason],
      };
    case "complete":
      return {
        // Not "confirmed the order": that reads as accepting it, which is another mail.
        subject: `${actor} confirmed completion of the order for ${title}`,
        lines: [
          `${actor} confirmed that the order for ${quantity} of ${title} changed hands.`,
          "Confirm it too on the order page, and the order is completed.",
        ],
      };
    case "completed":
      return {
        subject: `The order for ${title} is completed`,
        lines: [
          `${actor} confirmed too: the order for ${quantity} of ${title} is completed.`,
          `You can now review ${actor} on the order page.`,
        ],
      };
    case "message":
      return {
        subject: `New message about ${title}`,
        lines: [`${actor} wrote about the order for ${quantity} of ${title}:`, mail.text ?? ""],
      };
  }
}

/** The subject and paragraphs of a mail that tells of several changes to one order, in order. */
function foldedWording(mail: OrderMail, changes: OrderMailChange[]): { subject: string; lines: string[] } {
  const lines = changes.flatMap((change, index) => {
    const { lines: told } = wording({ ...mail, ...change });
    return index < changes.length - 1 ? [...told, "—"] : told;
  });
  const more = mail.more ?? 0;
  if (more) lines.push(`And ${more} more ${more === 1 ? "change" : "changes"}: the order page shows them all.`);
  return { subject: `${changes.length + more} updates on the order for ${quoted(mail.title)}`, lines };
}

/**
 * The mail; `links` are its unsubscribe links, made when it is sent (linksOf), or the ones a row
 * an earlier version queued holds.
 */
export function renderOrderMail(
  mail: OrderMail,
  links = mail.unsubscribe && "oneClick" in mail.unsubscribe ? mail.unsubscribe : undefined,
): Mail {
  const changes: OrderMailChange[] = [mail, ...(mail.also ?? [])];
  const { subject, lines } = changes.length > 1 ? foldedWording(mail, changes) : wording(mail);
  const greeting = `Hello ${mail.name},`;
  const rendered: Mail = {
    to: mail.to,
    subject,
    text: `${greeting}\n\n${lines.join("\n\n")}\n\nOpen the order: ${mail.link}\n`,
    html: mailLayout(subject, [greeting, ...lines], { label: "Open the order", url: mail.link }),
  };
  return links
    ? withUnsubscribe(
        rendered,
        links,
        changes.every((change) => change.event === "message")
          ? "messages about your orders"
          : changes.some((change) => change.event === "message")
            ? "changes of and messages about your orders"
            : "changes of your orders",
      )
    : rendered;
}

export const orderMailJob = defineJobKind({
  name: "order-mail",
  sendsMail: true,
  schema: orderMailPayload,
  async run(mail) {
    await sendMail(renderOrderMail(mail, mail.unsubscribe && (await linksOf(mail.unsubscribe))), { link: mail.link });
  },
  describe(mail) {
    return `mail ${JSON.stringify(renderOrderMail(mail).subject)} to ${mail.to}, about order ${mail.orderId}`;
  },
});

export const orderLink = (orderId: number) => `${getEnv().appUrl}/app/orders/${orderId}`;

/**
 * Queues the mail inside the transaction of the change it tells about. Mails about one order to
 * one member within ORDER_MAIL_FOLD_SECONDS leave as one: the first waits that long, and the
 * changes after it while it waits join it, its unsubscribe links then stopping every kind it
 * tells of. 0 sends each at once.
 */
export function queueOrderMail(
  tx: Db,
  mail: Omit<OrderMail, "link" | "also">,
  { foldSeconds = getEnv().orderMailFoldSeconds }: { foldSeconds?: number } = {},
) {
  const payload: OrderMail = { ...mail, link: orderLink(mail.orderId) };
  if (foldSeconds === 0) return enqueue(tx, orderMailJob, payload);
  return enqueueFolding(tx, orderMailJob, payload, {
    foldKey: `${mail.orderId}:${mail.to}`,
    delayMs: foldSeconds * 1000,
    fold(waiting, next) {
      const told = waiting.also ?? [];
      const unsubscribe = bothStopped(waiting.unsubscribe, next.unsubscribe);
      if (told.length >= MAX_FOLDED) return { ...waiting, more: (waiting.more ?? 0) + 1, unsubscribe };
      return { ...waiting, also: [...told, { event: next.event, actor: next.actor, text: next.text }], unsubscribe };
    },
  });
}

/** What the unsubscribe links of a mail telling of both should stop: every kind of either. */
function bothStopped(waiting: OrderMail["unsubscribe"], next: OrderMail["unsubscribe"]): OrderMail["unsubscribe"] {
  if (!waiting || !next || !("userId" in waiting) || !("userId" in next)) return next;
  const types = [waiting.scope, next.scope].flatMap((scope) => typesOfScope(scope)).filter((type) => type !== "digest");
  return { userId: next.userId, scope: scopeOfTypes(types as PreferenceType[]) };
}
