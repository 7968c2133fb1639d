import { and, eq, gt } from "drizzle-orm";
import { emailChanges, passwordResetTokens } from "../../../../db/schema";
import { type Db, getDb, changedRows } from "~/services/database/db.server";

/** Password reset links' rows: one per member at most, holding the hash of the mailed token. */

/** Replaces the member's reset link with a new row (holding `tokenHash`, unsent until its mail goes); answers its id. */
export async function replaceResetToken(tx: Db, userId: number, tokenHash: string, expiresAt: Date): Promise<number> {
  await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId)).run();
  return (
    await tx.insert(passwordResetTokens).values({ userId, tokenHash, expiresAt }).returning({ id: passwordResetTokens.id }).get()
  ).id;
}

/** The live row whose token hashes to `tokenHash`. */
export async function liveResetToken(tokenHash: string, db: Db = getDb()) {
  return db
    .select({ id: passwordResetTokens.id, userId: passwordResetTokens.userId })
    .from(passwordResetTokens)
    .where(and(eq(passwordResetTokens.tokenHash, tokenHash), gt(passwordResetTokens.expiresAt, new Date())))
    .get();
}

/** Uses a link up by deleting its row while it lives: of two racing uses, only one answers true. */
export async function useResetToken(tx: Db, id: number): Promise<boolean> {
  const used = await tx
    .delete(passwordResetTokens)
    .where(and(eq(passwordResetTokens.id, id), gt(passwordResetTokens.expiresAt, new Date())))
    .run();
  return changedRows(used) === 1;
}

/**
 * Ends what the member's old password or address proved: their reset links and a waiting change
 * of e-mail (asked for with the old password, or mailed to the old address).
 */
export async function dropPasswordProofs(tx: Db, userId: number) {
  await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId)).run();
  await tx.delete(emailChanges).where(eq(emailChanges.userId, userId)).run();
}

/** Stores the hash of a link's new token while the row lives; false when it is gone or expired. */
export async function issueResetToken(id: number, tokenHash: string, now: number, db: Db = getDb()): Promise<boolean> {
  const issued = await db
    .update(passwordResetTokens)
    .set({ tokenHash })
    .where(and(eq(passwordResetTokens.id, id), gt(passwordResetTokens.expiresAt, new Date(now))))
    .run();
  return changedRows(issued) === 1;
}

/** Takes an issued token back (its mail surely did not leave), unless a newer one replaced it. */
export async function takeBackResetToken(id: number, tokenHash: string, unsentHash: string, db: Db = getDb()) {
  await db
    .update(passwordResetTokens)
    .set({ tokenHash: unsentHash })
    .where(and(eq(passwordResetTokens.id, id), eq(passwordResetTokens.tokenHash, tokenHash)))
    .run();
}
