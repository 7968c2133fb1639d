import { inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { notifications, users } from "../../../db/schema";
import { getDb } from "~/services/database/db.server";
import { pruneNotifications } from "./retention.server";
import { READ_RETENTION_DAYS, UNREAD_RETENTION_DAYS } from "./vocabulary";

/** The retention of notifications, on the unit tests' own database. */

const DAY_MS = 24 * 60 * 60 * 1000;
const now = Date.UTC(2026, 10, 26, 12);
const daysAgo = (days: number) => new Date(now - days * DAY_MS);

async function addMember(username: string) {
  const [{ id }] = await getDb()
    .insert(users)
    .values({ username, email: `${username.toLowerCase()}-retention@example.org`, passwordHash: "!" })
    .returning({ id: users.id })
    .all();
  return id;
}

/** A follow notification whose last activity was `lastActivity`, read then or never. */
async function addNotification(recipientId: number, lastActivity: Date, read: boolean) {
  const [{ id }] = await getDb()
    .insert(notifications)
    .values({
      recipientId,
      type: "follow",
      subjectType: "user",
      subjectId: recipientId,
      createdAt: lastActivity,
      updatedAt: lastActivity,
      readAt: read ? lastActivity : null,
    })
    .returning({ id: notifications.id })
    .all();
  return id;
}

const remaining = async (ids: number[]) =>
  (await getDb().select({ id: notifications.id }).from(notifications).where(inArray(notifications.id, ids)).all())
    .map((row) => row.id)
    .sort((a, b) => a - b);

describe("pruneNotifications", () => {
  it("deletes read notifications after half a year and unread ones after a year, from their last activity", async () => {
    const member = await addMember("Retained");
    const readOld = await addNotification(member, daysAgo(READ_RETENTION_DAYS + 1), true);
    const readRecent = await addNotification(member, daysAgo(READ_RETENTION_DAYS - 1), true);
    const unreadHalfYear = await addNotification(member, daysAgo(READ_RETENTION_DAYS + 20), false);
    const unreadOld = await addNotification(member, daysAgo(UNREAD_RETENTION_DAYS + 1), false);
    // Created long ago, but a like folded into it yesterday: its last activity counts.
    const grown = await addNotification(member, daysAgo(1), true);
    await getDb()
      .update(notifications)
      .set({ createdAt: daysAgo(400) })
      .where(inArray(notifications.id, [grown]))
      .run();

    expect(await pruneNotifications(now)).toBe(2);
    expect(await remaining([readOld, readRecent, unreadHalfYear, unreadOld, grown])).toEqual([readRecent, unreadHalfYear, grown]);
    expect(await pruneNotifications(now)).toBe(0);
  });

  it("goes through more than one batch", async () => {
    const member = await addMember("Busy");
    const old: number[] = [];
    for (let i = 0; i < 1_234; i++) old.push(await addNotification(member, daysAgo(READ_RETENTION_DAYS + 30), true));
    const kept = await addNotification(member, daysAgo(3), true);
    // Between batches the process serves others: a request's callback runs before the sweep ends.
    let servedMeanwhile = false;
    setImmediate(() => (servedMeanwhile = true));
    expect(await pruneNotifications(now)).toBe(1_234);
    expect(servedMeanwhile).toBe(true);
    expect(await remaining([...old, kept])).toEqual([kept]);
  });
});
