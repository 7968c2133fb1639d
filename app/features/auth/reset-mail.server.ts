import { z } from "zod";
import type { Db } from "~/services/database/db.server";
import { getEnv } from "~/services/env.server";
import { defineJobKind, enqueue, PermanentJobError } from "~/services/jobs.server";
import { newLinkToken, unsentTokenHash } from "~/services/link-token.server";
import { passwordResetMail, sendMail } from "~/services/mail.server";
import { issueResetToken, takeBackResetToken } from "./store/reset-tokens.server";

/**
 * The mail with a password reset link. The request writes the link's row (password_reset_tokens,
 * holding no usable token yet) and this job in one transaction; the job holds the row's id, not
 * the link. Each attempt makes a new token, stores its hash in the row and sends the link:
 * - an attempt that failed before the mail left takes the token back, so a link nobody received
 *   never works, and the next attempt sends a new one;
 * - an attempt that may have delivered the mail (the connection dropped after the data went out)
 *   keeps it, since the member may be holding that link;
 * - a row that is gone (a newer request replaced it, the link was used, the password or the
 *   address changed) means the link is no longer wanted: nothing is sent.
 */
const resetMailPayload = z.object({
  to: z.string(),
  name: z.string(),
  /** The row of password_reset_tokens the link is for. */
  resetId: z.number().int(),
  /** When the link stops working, in milliseconds since the epoch. */
  expiresAt: z.number().int(),
});
export type ResetMail = z.infer<typeof resetMailPayload>;

const resetPage = () => `${getEnv().appUrl}/auth/reset-password`;

export function resetUrl(token: string) {
  return `${resetPage()}?${new URLSearchParams({ token })}`;
}

export const passwordResetMailJob = defineJobKind({
  name: "password-reset-mail",
  sendsMail: true,
  schema: resetMailPayload,
  async run(mail) {
    const now = Date.now();
    if (mail.expiresAt <= now) throw new PermanentJobError("the reset link expired before the mail could be sent");
    const { token, tokenHash } = newLinkToken();
    if (!(await issueResetToken(mail.resetId, tokenHash, now))) return;
    const link = resetUrl(token);
    try {
      await sendMail(passwordResetMail(mail.to, mail.name, link, Math.max(1, Math.ceil((mail.expiresAt - now) / 60_000))), {
        link,
      });
    } catch (error) {
      // A mail that surely did not leave takes its link back; one that may have left keeps it.
      if (!(error instanceof PermanentJobError)) await takeBackResetToken(mail.resetId, tokenHash, unsentTokenHash());
      throw error;
    }
  },
  describe(mail) {
    const { subject } = passwordResetMail(mail.to, mail.name, resetPage());
    return `mail ${JSON.stringify(subject)} to ${mail.to}, its link leading to ${resetPage()}`;
  },
});

/** Queues the mail in the transaction that writes its link's row. */
export function queueResetMail(tx: Db, mail: ResetMail) {
  return enqueue(tx, passwordResetMailJob, mail);
}
