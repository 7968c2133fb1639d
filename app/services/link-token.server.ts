import { createHash, randomBytes } from "node:crypto";

/**
 * The tokens of links that are mailed (a password reset, an e-mail confirmation). Only a token's
 * SHA-256 is stored, and the token itself is made when its mail is sent, never before: a mail
 * waits in the jobs table (and so in the database file, its WAL and any backup taken meanwhile),
 * and what waits there must not open the link. Until then, and after an attempt that failed, the
 * link's row holds the hash of a token nobody has (`unsentTokenHash`), which no link matches.
 */

export const hashLinkToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** A new token, for the mail about to be sent, and the hash its row stores. */
export function newLinkToken() {
  const token = randomBytes(32).toString("base64url");
  return { token, tokenHash: hashLinkToken(token) };
}

/** The hash of a token that is thrown away at once: a row holding it opens for no link. */
export const unsentTokenHash = () => newLinkToken().tokenHash;
