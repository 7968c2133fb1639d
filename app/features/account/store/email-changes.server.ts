import { and, eq, gt, ne } from "drizzle-orm";
import { emailChanges, passwordResetTokens, users } from "../../../../db/schema";
import { type Db, getDb, changedRows, isUniqueViolation } from "~/services/database/db.server";

/** Changes of e-mail waiting for their link, and the member's address they change. */

/** Whether another account holds `email` (a deleted one holds none: its address was freed). */
export async function emailTakenByOther(email: string, userId: number, db: Db = getDb()): Promise<boolean> {
  return (
    (await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, email), ne(users.id, userId)))
      .get()) !== undefined
  );
}

/** Replaces the member's waiting change with a new one (its token unsent yet); answers its id. */
export async function replaceEmailChange(
  tx: Db,
  change: { userId: number; newEmail: string; tokenHash: string; expiresAt: Date },
): Promise<number> {
  await tx.delete(emailChanges).where(eq(emailChanges.userId, change.userId)).run();
  return (await tx.insert(emailChanges).values(change).returning({ id: emailChanges.id }).get()).id;
}

export async function deleteEmailChangesOf(tx: Db, userId: number) {
  await tx.delete(emailChanges).where(eq(emailChanges.userId, userId)).run();
}

/** The live change whose token hashes to `tokenHash`. */
export async function liveEmailChange(tokenHash: string, db: Db = getDb()) {
  return db
    .select()
    .from(emailChanges)
    .where(and(eq(emailChanges.tokenHash, tokenHash), gt(emailChanges.expiresAt, new Date())))
    .get();
}

/** The new address of the live change whose token hashes to `tokenHash`, with whether its member is deleted. */
export async function emailChangeOfToken(tokenHash: string, db: Db = getDb()) {
  return db
    .select({ newEmail: emailChanges.newEmail, deletedAt: users.deletedAt })
    .from(emailChanges)
    .innerJoin(users, eq(users.id, emailChanges.userId))
    .where(and(eq(emailChanges.tokenHash, tokenHash), gt(emailChanges.expiresAt, new Date())))
    .get();
}

/** The member's change still waiting for its link. */
export async function pendingEmailChangeOf(userId: number, db: Db = getDb()) {
  return db
    .select({ newEmail: emailChanges.newEmail, expiresAt: emailChanges.expiresAt })
    .from(emailChanges)
    .where(and(eq(emailChanges.userId, userId), gt(emailChanges.expiresAt, new Date())))
    .get();
}

/**
 * Gives the member the address and ends their reset links (mailed to the old one); false when
 * another account took the address in between (the unique index decides).
 */
export async function setMemberEmail(tx: Db, userId: number, email: string): Promise<boolean> {
  try {
    await tx.update(users).set({ email }).where(eq(users.id, userId)).run();
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
  await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId)).run();
  return true;
}

/** Stores the hash of a confirmation link's new token while the change lives; false when it is gone or expired. */
export async function issueEmailChangeToken(changeId: number, tokenHash: string, now: number, db: Db = getDb()) {
  const issued = await db
    .update(emailChanges)
    .set({ tokenHash })
    .where(and(eq(emailChanges.id, changeId), gt(emailChanges.expiresAt, new Date(now))))
    .run();
  return changedRows(issued) === 1;
}

/** Takes an issued token back (its mail surely did not leave), unless a newer one replaced it. */
export async function takeBackEmailChangeToken(changeId: number, tokenHash: string, unsentHash: string, db: Db = getDb()) {
  await db
    .update(emailChanges)
    .set({ tokenHash: unsentHash })
    .where(and(eq(emailChanges.id, changeId), eq(emailChanges.tokenHash, tokenHash)))
    .run();
}
