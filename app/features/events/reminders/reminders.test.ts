import { and, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { eventRsvps, events, notifications } from "../../../../db/schema";
import { addMember } from "../../../../tests/support/unit-factories";
import type { Viewer } from "~/services/access.server";
import { getDb } from "~/services/database/db.server";
import { dueReminders } from "../store/calendar.server";
import { sendEventReminders } from "./reminders.server";
import { nextReminderRun, REMINDER_AHEAD_MS, reminderDetail } from "./rules";

const HOUR = 60 * 60 * 1000;
// A fixed "now", so the test never depends on the clock.
const now = new Date("2030-03-14T09:00:00Z");
let organiser: Viewer;
beforeAll(async () => {
  organiser = await addMember("Organiser");
});

async function addEvent(startsInHours: number, fields: Partial<typeof events.$inferInsert> = {}) {
  const startsAt = new Date(now.getTime() + startsInHours * HOUR);
  return (
    await getDb()
      .insert(events)
      .values({
        organiserId: organiser.id,
        title: `Repair café in ${startsInHours} h`,
        kind: "repair_cafe",
        startsAt,
        endsAt: new Date(startsAt.getTime() + 2 * HOUR),
        timeZone: "Europe/London",
        place: "St Mary's Hall",
        ...fields,
      })
      .returning({ id: events.id })
      .get()
  ).id;
}

const answer = (eventId: number, memberId: number, status: "going" | "waitlisted" | "not_going") =>
  getDb().insert(eventRsvps).values({ eventId, memberId, status, answeredAt: now }).run();

const remindersOf = (eventIds: number[]) =>
  getDb()
    .select({ recipientId: notifications.recipientId, subjectId: notifications.subjectId, detail: notifications.detail })
    .from(notifications)
    .where(and(eq(notifications.type, "event_reminder"), inArray(notifications.subjectId, eventIds)))
    .all();

describe("the day-before reminder", () => {
  it("is due for an event that goes ahead within a day and has not started, once", async () => {
    const tomorrow = await addEvent(23.5);
    const soon = await addEvent(1); // created less than a day ahead: due at the next run
    const edge = await addEvent(24); // exactly a day ahead: due
    const later = await addEvent(24.5);
    const started = await addEvent(-0.5);
    const cancelled = await addEvent(5, { status: "cancelled", cancelledAt: now, cancelReason: "Rain" });
    const sample = await addEvent(5, { isSample: true });
    const reminded = await addEvent(5, { remindedAt: new Date(now.getTime() - HOUR) });
    const ids = [tomorrow, soon, edge, later, started, cancelled, sample, reminded];
    const due = (await dueReminders(now, REMINDER_AHEAD_MS)).map((event) => event.id).filter((id) => ids.includes(id));
    expect(due).toEqual([soon, tomorrow, edge]);
  });

  it("tells each member going, not those waiting or not going, in the event's zone, once however often it runs", async () => {
    const eventId = await addEvent(20, { startsAt: new Date("2030-03-15T05:30:00Z"), endsAt: new Date("2030-03-15T08:00:00Z") });
    const going = [await addMember("Going1"), await addMember("Going2")];
    const waiting = await addMember("Waiting");
    const notGoing = await addMember("NotGoing");
    for (const member of going) await answer(eventId, member.id, "going");
    await answer(eventId, waiting.id, "waitlisted");
    await answer(eventId, notGoing.id, "not_going");

    // Two runs at once, as two workers would: each event is claimed by one of them.
    await Promise.all([sendEventReminders(now), sendEventReminders(now)]);
    await sendEventReminders(new Date(now.getTime() + HOUR));

    const sent = await remindersOf([eventId]);
    expect(sent.map((row) => row.recipientId).sort()).toEqual(going.map((member) => member.id).sort());
    expect(sent[0]!.detail).toBe("Friday, March 15 at 05:30 (Europe/London) at St Mary's Hall");
    const row = await getDb().select({ remindedAt: events.remindedAt }).from(events).where(eq(events.id, eventId)).get();
    expect(row!.remindedAt).toEqual(now);
  });

  it("names the zone and gives its wall clock", () => {
    expect(
      reminderDetail({ startsAt: new Date("2030-07-01T14:00:00Z"), timeZone: "America/Argentina/Buenos_Aires", place: "Plaza" }),
    ).toBe("Monday, July 1 at 11:00 (America/Argentina/Buenos Aires) at Plaza");
  });

  it("runs at the start of each hour", () => {
    expect(nextReminderRun(new Date("2030-03-14T09:00:00Z"))).toEqual(new Date("2030-03-14T10:00:00Z"));
    expect(nextReminderRun(new Date("2030-03-14T09:59:59Z"))).toEqual(new Date("2030-03-14T10:00:00Z"));
  });
});
