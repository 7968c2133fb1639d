import { z } from "zod";
import type { Db } from "~/services/database/db.server";
import { getEnv } from "~/services/env.server";
import { defineJobKind, enqueue, PermanentJobError } from "~/services/jobs.server";
import { newLinkToken, unsentTokenHash } from "~/services/link-token.server";
import { mailLayout, sendMail, type Mail } from "~/services/mail.server";
import { issueEmailChangeToken, takeBackEmailChangeToken } from "./store/email-changes.server";

/**
 * The mails of account settings, each a job written in the transaction of the change it tells
 * about: a changed password, the link that confirms a new e-mail address (to the new address),
 * and the notice of that request (to the old one). The confirmation link is made when its mail is
 * sent, as a reset link is (features/auth/reset-mail.server.ts): the payload holds the id of the
 * pending change, each attempt makes a new token into its row (taken back if the attempt failed
 * before the mail left), a change that is gone (replaced, confirmed, ended by a new password) is
 * not mailed, nor one whose link expired before it could be sent. The log names only the page.
 */
const accountMailPayload = z.discriminatedUnion("template", [
  z.object({ template: z.literal("password-changed"), to: z.string(), name: z.string() }),
  z.object({
    template: z.literal("email-confirm"),
    to: z.string(),
    name: z.string(),
    /** The row of email_changes the link confirms. */
    changeId: z.number().int().optional(),
    /** The link itself, in rows an earlier version queued (they are sent as they were). */
    link: z.url().optional(),
    expiresAt: z.number().int(),
  }),
  z.object({ template: z.literal("email-change-requested"), to: z.string(), name: z.string(), newEmail: z.string() }),
]);
export type AccountMail = z.infer<typeof accountMailPayload>;

const settingsUrl = () => `${getEnv().appUrl}/app/settings`;
const minutes = (count: number) => (count === 1 ? "1 minute" : `${count} minutes`);

const confirmPage = () => `${getEnv().appUrl}/auth/confirm-email`;

export const emailConfirmUrl = (token: string) => `${confirmPage()}?${new URLSearchParams({ token })}`;

/** The mail as it is sent; `link`: the confirmation link made for this attempt. */
export function renderAccountMail(mail: AccountMail, { now = Date.now(), link }: { now?: number; link?: string } = {}): Mail {
  const greeting = `Hello ${mail.name},`;
  switch (mail.template) {
    case "password-changed": {
      const lines = [
        "the password of your Circular Hub account was just changed from your settings. Every other device that was signed in has been signed out.",
        "If this was not you, reset your password at once from the sign-in page and contact your administrator.",
      ];
      const login = `${getEnv().appUrl}/auth/login`;
      return {
        to: mail.to,
        subject: "Your Circular Hub password was changed",
        text: `${greeting} ${lines.join("\n\n")}\n\nSign in: ${login}\n`,
        html: mailLayout("Your password was changed", [`${greeting} ${lines[0]}`, lines[1]], { label: "Sign in", url: login }),
      };
    }
    case "email-confirm": {
      const url = link ?? mail.link ?? confirmPage();
      const left = Math.max(1, Math.ceil((mail.expiresAt - now) / 60_000));
      const lines = [
        `${greeting} you asked to use this address for your Circular Hub account. Nothing changes until you open this link.`,
        `The link works once and expires in ${minutes(left)}.`,
        "If you did not ask for this, ignore this e-mail: the account keeps its address.",
      ];
      return {
        to: mail.to,
        subject: "Confirm your new Circular Hub e-mail address",
        text: `${lines[0]}\n\n${url}\n\n${lines[1]}\n\n${lines[2]}\n`,
        html: mailLayout("Confirm your new e-mail address", lines, { label: "Confirm this address", url }),
      };
    }
    case "email-change-requested": {
      const lines = [
        `${greeting} someone signed in to your Circular Hub account asked to change its e-mail address to ${mail.newEmail}. It changes only once the link sent there is opened.`,
        "If this was not you, change your password or end your other sessions in your settings now: either cancels the change.",
      ];
      return {
        to: mail.to,
        subject: "A change of your Circular Hub e-mail address was requested",
        text: `${lines.join("\n\n")}\n\nYour settings: ${settingsUrl()}\n`,
        html: mailLayout("A change of your e-mail address was requested", lines, {
          label: "Open your settings",
          url: settingsUrl(),
        }),
      };
    }
  }
}

/**
 * Makes a new token into the pending change's row and answers its link, or null when the change
 * is gone or expired (nothing to confirm any more). With `revoke`, what a failed attempt calls.
 */
async function issueConfirmLink(changeId: number, now: number): Promise<{ link: string; revoke: () => Promise<void> } | null> {
  const { token, tokenHash } = newLinkToken();
  if (!(await issueEmailChangeToken(changeId, tokenHash, now))) return null;
  const revoke = () => takeBackEmailChangeToken(changeId, tokenHash, unsentTokenHash());
  return { link: emailConfirmUrl(token), revoke };
}

export const accountMailJob = defineJobKind({
  name: "account-mail",
  sendsMail: true,
  schema: accountMailPayload,
  async run(mail) {
    if (mail.template !== "email-confirm") return sendMail(renderAccountMail(mail));
    const now = Date.now();
    if (mail.expiresAt <= now) {
      throw new PermanentJobError("the confirmation link expired before the mail could be sent");
    }
    if (mail.changeId === undefined) {
      if (mail.link) await sendMail(renderAccountMail(mail), { link: mail.link });
      return;
    }
    const issued = await issueConfirmLink(mail.changeId, now);
    if (!issued) return;
    try {
      await sendMail(renderAccountMail(mail, { now, link: issued.link }), { link: issued.link });
    } catch (error) {
      // A mail that surely did not leave takes its link back; one that may have left keeps it.
      if (!(error instanceof PermanentJobError)) await issued.revoke();
      throw error;
    }
  },
  describe(mail) {
    const page = mail.template === "email-confirm" ? `, its link leading to ${confirmPage()}` : "";
    return `mail ${JSON.stringify(renderAccountMail(mail).subject)} to ${mail.to}${page}`;
  },
});

/** Queues the mail inside the transaction of the change it tells about. */
export function queueAccountMail(tx: Db, mail: AccountMail) {
  return enqueue(tx, accountMailJob, mail);
}
