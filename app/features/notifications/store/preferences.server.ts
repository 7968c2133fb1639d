import { and, eq, inArray, sql } from "drizzle-orm";
import { notificationPreferences, users } from "../../../../db/schema";
import { type Db, getDb } from "~/services/database/db.server";
import type { PreferenceType, TypePreference } from "../vocabulary";

/** The member's stored choices per type (types never chosen have no row). */
export async function preferenceRows(userId: number, db: Db = getDb()) {
  return db
    .select({ type: notificationPreferences.type, in_app: notificationPreferences.inApp, email: notificationPreferences.email })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId))
    .all();
}

/**
 * Stores a type's choice whole; `chosenAnew` counts up its e-mail version, which retires the
 * unsubscribe links sent before.
 */
export async function savePreference(
  tx: Db,
  userId: number,
  {
    type,
    in_app,
    email,
    chosenAnew,
  }: { type: PreferenceType; in_app: boolean; email: TypePreference["email"]; chosenAnew: boolean },
) {
  await tx
    .insert(notificationPreferences)
    .values({ userId, type, inApp: in_app, email, emailVersion: chosenAnew ? 1 : 0 })
    .onConflictDoUpdate({
      target: [notificationPreferences.userId, notificationPreferences.type],
      set: {
        inApp: in_app,
        email,
        ...(chosenAnew && { emailVersion: sql`${notificationPreferences.emailVersion} + 1` }),
      },
    })
    .run();
}

/** The sum of the e-mail versions of these types (all the member's types for "all"). */
export async function emailVersionSum(
  userId: number,
  types: readonly PreferenceType[] | "all",
  db: Db = getDb(),
): Promise<number> {
  const row = await db
    .select({ version: sql<number>`coalesce(sum(${notificationPreferences.emailVersion}), 0)` })
    .from(notificationPreferences)
    .where(
      and(
        eq(notificationPreferences.userId, userId),
        types === "all" ? undefined : inArray(notificationPreferences.type, [...types]),
      ),
    )
    .get();
  return row?.version ?? 0;
}

/** Whether the member exists and is not deleted. */
export async function isLiveMember(userId: number, db: Db = getDb()): Promise<boolean> {
  const member = await db.select({ deletedAt: users.deletedAt }).from(users).where(eq(users.id, userId)).get();
  return member !== undefined && member.deletedAt === null;
}
