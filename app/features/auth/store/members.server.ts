import { and, eq, gt, isNull } from "drizzle-orm";
import { users, type User } from "../../../../db/schema";
import { type AppDatabase, type Db, getDb, statement, isUniqueViolation } from "~/services/database/db.server";

/** The members as signing in, registering and resetting a password read and write them. */

export type { User };

export async function memberByEmail(email: string, db: Db = getDb()): Promise<User | undefined> {
  return db.select().from(users).where(eq(users.email, email)).get();
}

export async function memberById(id: number, db: Db = getDb()): Promise<User | undefined> {
  return db.select().from(users).where(eq(users.id, id)).get();
}

/** Whether an account (deleted ones too: their address stays taken until erased) holds `email`. */
export async function emailHasAccount(email: string, db: Db = getDb()): Promise<boolean> {
  return (await db.select({ id: users.id }).from(users).where(eq(users.email, email)).get()) !== undefined;
}

/** Writes a new ordinary member; null when another account took the address first (the unique index decides a race). */
export async function insertMember(
  values: { username: string; email: string; passwordHash: string },
  db: Db = getDb(),
): Promise<User | null> {
  try {
    return await db
      .insert(users)
      .values({ ...values, userType: "user" })
      .returning()
      .get();
  } catch (error) {
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}

export async function setPasswordHash(tx: Db, userId: number, passwordHash: string) {
  await tx.update(users).set({ passwordHash }).where(eq(users.id, userId)).run();
}

/**
 * The ids of the members (deleted ones left out) whose stored name `breaks`, in id order. The
 * rows are read a page at a time, so a large table is never held in memory at once.
 */
export async function memberIdsWithNames(db: AppDatabase, breaks: (name: string) => boolean): Promise<number[]> {
  const ids: number[] = [];
  for (let after = 0; ;) {
    const page = await db
      .select({ id: users.id, username: users.username })
      .from(users)
      .where(and(isNull(users.deletedAt), gt(users.id, after)))
      .orderBy(users.id)
      .limit(NAMES_PAGE)
      .all();
    for (const { id, username } of page) if (breaks(username)) ids.push(id);
    if (page.length < NAMES_PAGE) return ids;
    after = page[page.length - 1]!.id;
  }
}

const NAMES_PAGE = 1_000;

/** Whether a users row (a deleted member's tombstone too) has this id. */
export async function memberRowExists(id: number): Promise<boolean> {
  return (await statement("SELECT 1 FROM users WHERE id = ?").get(id)) !== undefined;
}

/** Whether the member exists and has not deleted their account. */
export async function isLiveMember(id: number): Promise<boolean> {
  const user = (await statement("SELECT id, deleted_at AS deletedAt FROM users WHERE id = ?").get(id)) as
    { id: number; deletedAt: number | null } | undefined;
  return user !== undefined && user.deletedAt === null;
}

/**
 * Turns a deleting member's row into their tombstone: the name and e-mail address given, no
 * password, nothing they told about themselves, and when they left.
 */
export async function writeTombstone(_tx: Db, id: number, tombstone: { name: string; email: string; now: number }) {
  await statement(
    `UPDATE users SET username = @name, email = @email, password_hash = '!', bio = '', phone = '', location = '', lat = NULL, lng = NULL,
         company = '', website = '', is_verified = 0, author_type = 'other', deleted_at = @now WHERE id = @id`,
  ).run({ id, ...tombstone });
}
