import { SIGNED_OUT_REASONS, type SignedOutReason } from "../../db/session-values";

/**
 * What the sign-in page tells a device whose session was ended elsewhere. The page is reached
 * with `?signedOut=<reason>`; only these fixed reasons are shown, never text from the address.
 */
const SENTENCES: Record<SignedOutReason, string> = {
  "password-changed": "You were signed out because your password was changed.",
  "signed-out-everywhere": "You were signed out of every device.",
  "ended-elsewhere": "You were signed out from another device.",
  suspended: "You were signed out because your account was suspended. Sign in to see until when and why.",
};

/** The sentence for the address's `signedOut` value, or null for none or one that is not ours. */
export function signedOutSentence(reason: string | null | undefined) {
  return reason && (SIGNED_OUT_REASONS as readonly string[]).includes(reason) ? SENTENCES[reason as SignedOutReason] : null;
}
