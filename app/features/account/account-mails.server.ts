import { z } from "zod";
import { getEnv } from "~/services/env.server";
import { defineJobKind, enqueue, PermanentJobError, type JobWriter } from "~/services/jobs.server";
import { mailLayout, sendMail, type Mail } from "~/services/mail.server";

/**
 * The mails of account settings, each a job written in the transaction of the change it tells
 * about: a changed password, the link that confirms a new e-mail address (to the new address),
 * and the notice of that request (to the old one). A confirmation link is a secret while it
 * lives: the payload holds it until the job finishes, the log names only its page, and a mail
 * whose link expired before it could be sent is not sent.
 */
const accountMailPayload = z.discriminatedUnion("template", [
  z.object({ template: z.literal("password-changed"), to: z.string(), name: z.string() }),
  z.object({
    template: z.literal("email-confirm"),
    to: z.string(),
    name: z.string(),
    link: z.url(),
    expiresAt: z.number().int(),
  }),
  z.object({ template: z.literal("email-change-requested"), to: z.string(), name: z.string(), newEmail: z.string() }),
]);
export type AccountMail = z.infer<typeof accountMailPayload>;

const settingsUrl = () => `${getEnv().appUrl}/app/settings`;
const minutes = (count: number) => (count === 1 ? "1 minute" : `${count} minutes`);

export function renderAccountMail(mail: AccountMail, now = Date.now()): Mail {
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
      const left = Math.max(1, Math.ceil((mail.expiresAt - now) / 60_000));
      const lines = [
        `${greeting} you asked to use this address for your Circular Hub account. Nothing changes until you open this link.`,
        `The link works once and expires in ${minutes(left)}.`,
        "If you did not ask for this, ignore this e-mail: the account keeps its address.",
      ];
      return {
        to: mail.to,
        subject: "Confirm your new Circular Hub e-mail address",
        text: `${lines[0]}\n\n${mail.link}\n\n${lines[1]}\n\n${lines[2]}\n`,
        html: mailLayout("Confirm your new e-mail address", lines, { label: "Confirm this address", url: mail.link }),
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

const secretLink = (mail: AccountMail) => (mail.template === "email-confirm" ? mail.link : undefined);

const pageOf = (link: string) => {
  const url = new URL(link);
  return url.origin + url.pathname;
};

export const accountMailJob = defineJobKind({
  name: "account-mail",
  sendsMail: true,
  schema: accountMailPayload,
  async run(mail) {
    if (mail.template === "email-confirm" && mail.expiresAt <= Date.now()) {
      throw new PermanentJobError("the confirmation link expired before the mail could be sent");
    }
    const link = secretLink(mail);
    await sendMail(renderAccountMail(mail), link ? { link } : {});
  },
  describe(mail) {
    const link = secretLink(mail);
    return `mail ${JSON.stringify(renderAccountMail(mail).subject)} to ${mail.to}${link ? `, its link leading to ${pageOf(link)}` : ""}`;
  },
});

/** Queues the mail inside the transaction of the change it tells about. */
export function queueAccountMail(tx: JobWriter, mail: AccountMail) {
  return enqueue(tx, accountMailJob, mail);
}
