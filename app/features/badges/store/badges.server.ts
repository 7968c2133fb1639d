import { and, eq, isNull, lte, or } from "drizzle-orm";
import { memberBadges, users } from "../../../../db/schema";
import { getDb, type Db } from "~/services/database/db.server";

/** Whose badge is on: a row a member, while it is on. */

/**
 * The member's name when their badge is on and they are a member in good standing (not deleted,
 * not suspended now: a suspension that ran out leaves its start on the row); null otherwise.
 */
export async function badgeMember(memberId: number, db: Db = getDb()): Promise<{ username: string } | null> {
  return (
    (await db
      .select({ username: users.username })
      .from(memberBadges)
      .innerJoin(users, eq(users.id, memberBadges.memberId))
      .where(
        and(
          eq(memberBadges.memberId, memberId),
          isNull(users.deletedAt),
          or(isNull(users.suspendedAt), lte(users.suspendedUntil, new Date())),
        ),
      )
      .get()) ?? null
  );
}

export async function badgeEnabledAt(memberId: number, db: Db = getDb()): Promise<Date | null> {
  return (await db.select().from(memberBadges).where(eq(memberBadges.memberId, memberId)).get())?.enabledAt ?? null;
}

/** Turns the badge on (kept as it was when already on) or off. */
export async function setBadgeRow(memberId: number, enabled: boolean, db: Db = getDb()): Promise<void> {
  if (enabled) await db.insert(memberBadges).values({ memberId }).onConflictDoNothing().run();
  else await db.delete(memberBadges).where(eq(memberBadges.memberId, memberId)).run();
}

export async function eraseMemberBadge(db: Db, memberId: number): Promise<void> {
  await db.delete(memberBadges).where(eq(memberBadges.memberId, memberId)).run();
}
