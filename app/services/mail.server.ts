import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { Transporter } from "nodemailer";
import { z } from "zod";
import { getEnv } from "./env.server";
import { defineJobKind, enqueue, formatDelay, PermanentJobError } from "./jobs.server";
import { suspensionEndPhrase } from "~/lib/suspension";
import type { Db } from "./database/db.server";
import { DEFAULT_SITE_NAME, siteIdentity } from "./site-identity.server";

/** `headers`: extra headers of the message, such as List-Unsubscribe. */
export type Mail = { to: string; subject: string; text: string; html: string; headers?: Record<string, string> };

let transport: Transporter | undefined;

/**
 * One attempt at the mail server ends within this long, however slowly the server answers (one
 * that trickles bytes never trips the idle timeout): well inside a job's lease, so an attempt never
 * outlives its claim.
 */
export const MAIL_ATTEMPT_MS = 2 * 60_000;

/**
 * Without SMTP_URL, nodemailer renders the full message and it is written to data/outbox/ as an
 * .eml file, so a fresh install can still reset passwords. nodemailer loads on the first mail:
 * most of the server's life sends none, and it weighs a few MB.
 */
async function getOutboxTransport(): Promise<Transporter> {
  const { default: nodemailer } = await import("nodemailer");
  transport ??= nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return transport;
}

/**
 * Sends one message to the SMTP server at `url`. A failure before the message data went out
 * (no connection, greeting, login, sender or recipients refused) is thrown as it is, and the job is
 * tried again. Once the DATA command has been sent, a failure without the server's refusal (the
 * connection dropped or went silent, the attempt ran out of time) leaves unknown whether the server
 * took the mail: that is a PermanentJobError, since a retry could deliver it twice. A server that
 * refuses the data says it did not take the mail, so that one is retried.
 * Each attempt has a transport of its own, so what its connection sent is known for this mail alone.
 * A mail server that stops answering fails the attempt within a minute (nodemailer would wait an hour).
 */
export async function sendSmtp(
  url: string,
  message: Mail & { from: string | { name: string; address: string }; replyTo?: string },
  attemptMs = MAIL_ATTEMPT_MS,
) {
  const [{ default: nodemailer }, { default: SMTPTransport }] = await Promise.all([
    import("nodemailer"),
    import("nodemailer/lib/smtp-transport"),
  ]);
  let dataSent = false;
  const ignore = () => {};
  // Given as a transport, not as options: nodemailer's createTransport keeps only the URL's settings
  // of options that carry a `url`, and would drop the timeouts and the logger below.
  const smtp = nodemailer.createTransport(
    new SMTPTransport({
      url,
      connectionTimeout: 20_000,
      greetingTimeout: 20_000,
      socketTimeout: 60_000,
      // The commands the client sends reach this logger (not the message, which carries links).
      transactionLog: true,
      logger: {
        level: ignore,
        trace: ignore,
        info: ignore,
        warn: ignore,
        error: ignore,
        fatal: ignore,
        debug(entry: { tnx?: string }, line: unknown) {
          if (entry.tnx === "client" && typeof line === "string" && /^DATA$/i.test(line.trim())) dataSent = true;
        },
      },
    }),
  );
  let timer: NodeJS.Timeout | undefined;
  const outOfTime = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(Object.assign(new Error(`the attempt did not end within ${formatDelay(attemptMs)}`), { code: "ETIMEDOUT" })),
      attemptMs,
    );
  });
  try {
    return await Promise.race([smtp.sendMail(message), outOfTime]);
  } catch (error) {
    const { command, responseCode, code } = error as { command?: unknown; responseCode?: unknown; code?: unknown };
    if (!dataSent || (command === "DATA" && typeof responseCode === "number")) throw error;
    const what = `${typeof code === "string" ? `${code} ` : ""}${error instanceof Error ? error.message.split("\n")[0] : String(error)}`;
    throw new PermanentJobError(
      `${what} after the message data was sent, so the mail may have been sent`,
      "not retried, so it is not sent twice: check whether it arrived",
    );
  } finally {
    clearTimeout(timer);
    smtp.close();
  }
}

/**
 * Sends a mail. Without SMTP the log names the outbox file and the page the mail's link leads to,
 * never the link itself: reset links carry a token that would sign anyone reading the log in.
 */
export async function sendMail(given: Mail, { link }: { link?: string } = {}) {
  const env = getEnv();
  const site = await siteIdentity();
  const mail = asTheInstance(given, site.name, site.mailFooter);
  // Replies go to the reply-to address the admins set, else MAIL_REPLY_TO; without either the
  // mails come from an address nobody reads, and none of them asks for a reply. The sender's
  // name is the instance's.
  const replyTo = site.replyTo || env.mailReplyTo;
  const envelope = { from: { name: site.name, address: senderAddress(env.mailFrom) }, ...(replyTo ? { replyTo } : {}) };
  if (env.smtpUrl) {
    await sendSmtp(env.smtpUrl, { ...envelope, ...mail });
    return;
  }
  const info = await (await getOutboxTransport()).sendMail({ ...envelope, ...mail });
  await fs.mkdir(env.outboxDir, { recursive: true });
  const file = path.join(env.outboxDir, `${Date.now()}-${randomBytes(4).toString("hex")}.eml`);
  await fs.writeFile(file, (info as { message: Buffer }).message, { mode: 0o600 });
  console.log(
    `Mail ${JSON.stringify(mail.subject)} to ${mail.to} written to ${file}${link ? ` (its link leads to ${linkWithoutQuery(link)})` : ""}`,
  );
}

/** MAIL_FROM's address, whether it is given bare or as `Name <address>` (the name is the instance's). */
const senderAddress = (from: string) => /<([^>]+)>/.exec(from)?.[1] ?? from.trim();

/**
 * A mail as the instance sends it: the templates name the product, which stands for the name its
 * operator gave it, and the operator's footer line (an address, a company number) closes it.
 */
export function asTheInstance(mail: Mail, name: string, footer: string): Mail {
  // Replaced by functions: a replacement string would read `$&` or `$'` in the operator's text as patterns.
  const named = (text: string) => (name === DEFAULT_SITE_NAME ? text : text.replaceAll(DEFAULT_SITE_NAME, () => name));
  const namedHtml = (html: string) =>
    name === DEFAULT_SITE_NAME ? html : html.replaceAll(DEFAULT_SITE_NAME, () => escapeHtml(name));
  const footerHtml = footer ? `<p style="font-size:12px;color:#64748b">${escapeHtml(footer)}</p>` : "";
  return {
    ...mail,
    subject: named(mail.subject),
    text: `${named(mail.text)}${footer ? `\n--\n${footer}\n` : ""}`,
    html: namedHtml(mail.html).replace("</body>", () => `${footerHtml}</body>`),
  };
}

const linkWithoutQuery = (link: string) => {
  const url = new URL(link);
  return url.origin + url.pathname;
};

export function closeMail() {
  transport?.close();
  transport = undefined;
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

export function mailLayout(title: string, paragraphs: string[], action?: { label: string; url: string }) {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join("");
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#059669;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(action.label)}</a></p><p style="margin:0 0 16px;font-size:13px;color:#475569">Or paste this link into your browser: ${escapeHtml(action.url)}</p>`
    : "";
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0f172a;max-width:560px;margin:0 auto;padding:24px"><h1 style="font-size:20px">${escapeHtml(title)}</h1>${body}${button}<p style="font-size:12px;color:#64748b">Circular Hub</p></body></html>`;
}

/** The links a mail about a member's notifications carries to stop them: one click, a page, the settings. */
export type UnsubscribeLinks = { oneClick: string; page: string; preferences: string };

/**
 * A notification mail with its ways out: the List-Unsubscribe header with one-click POST (mail
 * programs show their own "Unsubscribe" button for it), and the same links written in the body.
 */
export function withUnsubscribe(mail: Mail, links: UnsubscribeLinks, what: string): Mail {
  const lines = [`Stop these e-mails (${what}): ${links.page}`, `Choose what you hear about: ${links.preferences}`];
  const footer =
    `<p style="font-size:12px;color:#64748b">You get this e-mail for ${escapeHtml(what)}. ` +
    `<a href="${escapeHtml(links.page)}">Unsubscribe</a> · <a href="${escapeHtml(links.preferences)}">Notification settings</a></p>`;
  return {
    ...mail,
    text: `${mail.text}\n--\n${lines.join("\n")}\n`,
    html: mail.html.replace("</body>", `${footer}</body>`),
    headers: {
      ...mail.headers,
      "List-Unsubscribe": `<${links.oneClick}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}

/** `minutesLeft`: a mail sent late by a retry says how long its link still works. */
export function passwordResetMail(to: string, name: string, resetUrl: string, minutesLeft = 15): Mail {
  const intro = `Hello ${name}, we received a request to reset the password of your Circular Hub account.`;
  const expiry = `This link expires in ${minutesLeft === 1 ? "1 minute" : `${minutesLeft} minutes`} and can be used once.`;
  const ignore = "If you did not ask for this, you can ignore this e-mail: your password stays as it is.";
  return {
    to,
    subject: "Reset your Circular Hub password",
    text: `${intro}\n\nSet a new password here:\n${resetUrl}\n\n${expiry}\n\n${ignore}\n`,
    html: mailLayout("Reset your password", [intro, expiry, ignore], { label: "Set a new password", url: resetUrl }),
  };
}

export function passwordChangedMail(to: string, name: string, loginUrl: string): Mail {
  const lines = [
    `Hello ${name}, the password of your Circular Hub account was just changed, and every device that was signed in has been signed out.`,
    "If this was not you, request a new reset link at once from the sign-in page and contact your administrator.",
  ];
  return {
    to,
    subject: "Your Circular Hub password was changed",
    text: `${lines.join("\n\n")}\n\nSign in: ${loginUrl}\n`,
    html: mailLayout("Your password was changed", lines, { label: "Sign in", url: loginUrl }),
  };
}

/**
 * The notice of a suspension, with its reason and end; also what a suspended member gets instead
 * of a reset link (`resetAsked`). A notice no member can turn off, so it has no unsubscribe link.
 * `repliesRead`: the mail carries a Reply-To that people read (MAIL_REPLY_TO), so it may ask for a reply.
 */
export function accountSuspendedMail(
  to: string,
  name: string,
  {
    until,
    reason,
    resetAsked = false,
    repliesRead = false,
  }: { until: number | null; reason: string; resetAsked?: boolean; repliesRead?: boolean },
): Mail {
  const mistake = repliesRead
    ? "If you think this is a mistake, reply to this mail."
    : "If you think this is a mistake, contact the people who run this site.";
  const lines = [
    resetAsked
      ? `Hello ${name}, someone asked to reset the password of your Circular Hub account. No reset link was sent: the account is suspended ${suspensionEndPhrase(until)}.`
      : `Hello ${name}, an admin of Circular Hub suspended your account ${suspensionEndPhrase(until)}. You have been signed out everywhere, and you cannot sign in until then.`,
    `The reason given: ${reason}`,
    `Your posts, comments and listings stay as they are. ${mistake}`,
  ];
  return {
    to,
    subject: "Your Circular Hub account is suspended",
    text: `${lines.join("\n\n")}\n`,
    html: mailLayout("Your account is suspended", lines),
  };
}

/**
 * A mail waiting in the jobs table: the template and what it needs to be rendered when it is
 * sent, rather than the rendered mail. No new row carries a secret link: a reset mail is a job of
 * its own (features/auth/reset-mail.server.ts) that makes its link when it is sent. The
 * "password-reset" template, with its link, is read only from rows an earlier version queued: such
 * a mail is sent as it was, or not at all once its link has expired.
 */
const mailPayload = z.discriminatedUnion("template", [
  z.object({
    template: z.literal("password-reset"),
    to: z.string(),
    name: z.string(),
    link: z.url(),
    /** When the link stops working, in milliseconds since the epoch. */
    expiresAt: z.number().int(),
  }),
  z.object({ template: z.literal("password-changed"), to: z.string(), name: z.string(), loginUrl: z.url() }),
  z.object({
    template: z.literal("account-suspended"),
    to: z.string(),
    name: z.string(),
    /** When the suspension ends, in milliseconds since the epoch; null: when an admin lifts it. */
    until: z.number().int().nullable(),
    reason: z.string(),
    resetAsked: z.boolean().optional(),
  }),
]);
export type QueuedMail = z.infer<typeof mailPayload>;

function render(mail: QueuedMail, now = Date.now()): Mail {
  switch (mail.template) {
    case "password-reset":
      return passwordResetMail(mail.to, mail.name, mail.link, Math.max(1, Math.ceil((mail.expiresAt - now) / 60_000)));
    case "password-changed":
      return passwordChangedMail(mail.to, mail.name, mail.loginUrl);
    case "account-suspended":
      return accountSuspendedMail(mail.to, mail.name, { ...mail, repliesRead: Boolean(getEnv().mailReplyTo) });
  }
}

/** The link a mail leads to, if it carries a secret one: the outbox line names its page, not the link. */
const secretLink = (mail: QueuedMail) => (mail.template === "password-reset" ? mail.link : undefined);

export const mailJob = defineJobKind({
  name: "mail",
  sendsMail: true,
  schema: mailPayload,
  async run(mail) {
    if (mail.template === "password-reset" && mail.expiresAt <= Date.now()) {
      throw new PermanentJobError("the reset link expired before the mail could be sent");
    }
    const link = secretLink(mail);
    await sendMail(render(mail), link ? { link } : {});
  },
  describe(mail) {
    const link = secretLink(mail);
    return `mail ${JSON.stringify(render(mail).subject)} to ${mail.to}${link ? `, its link leading to ${linkWithoutQuery(link)}` : ""}`;
  },
});

/**
 * Queues a mail; pass the transaction of the change it tells about, so the mail is sent exactly
 * when the change is stored. It goes out as soon as the transaction commits, after the answer.
 */
export function queueMail(db: Db, mail: Exclude<QueuedMail, { template: "password-reset" }>) {
  return enqueue(db, mailJob, mail);
}
