import { describe, expect, it } from "vitest";
import {
  canSeeAttendees,
  changeRefusal,
  isNewsForAttendees,
  placeOfAnswer,
  rsvpRefusal,
  seatsToFill,
  timesRefusal,
  type EventFacts,
} from "./rules";
import { eventWhen, instantOf, instantToWallTime, isoInZone, monthWeeks, wallTimeToInstant } from "./times";

const NOW = Date.parse("2026-11-27T12:00:00Z");
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const event = (facts: Partial<EventFacts> = {}): EventFacts => ({
  organiserId: 1,
  status: "scheduled",
  startsAt: NOW + DAY,
  endsAt: NOW + DAY + 3 * HOUR,
  capacity: null,
  isSample: false,
  ...facts,
});

describe("who may change an event and see who answered", () => {
  it("is the organiser alone; anyone else is forbidden", () => {
    expect(changeRefusal({ id: 1 }, event())).toBeNull();
    expect(changeRefusal({ id: 2 }, event())?.reason).toBe("forbidden");
    expect(canSeeAttendees({ id: 1 }, event())).toBe(true);
    expect(canSeeAttendees({ id: 2 }, event())).toBe(false);
  });

  it("refuses a change to a cancelled or sample event as a conflict", () => {
    expect(changeRefusal({ id: 1 }, event({ status: "cancelled" }))?.reason).toBe("conflict");
    expect(changeRefusal({ id: 1 }, event({ isSample: true }))?.reason).toBe("conflict");
  });
});

describe("an event's times", () => {
  it("must end after they start", () => {
    expect(timesRefusal(NOW, NOW, NOW)?.errors).toEqual({ ends_at: "The event must end after it starts" });
    expect(timesRefusal(NOW, NOW - 1, NOW)?.reason).toBe("invalid");
    expect(timesRefusal(NOW, NOW + 1, NOW)).toBeNull();
  });

  it("may start in the past, at most 366 days back, to record an event that happened", () => {
    expect(timesRefusal(NOW - 366 * DAY, NOW - 366 * DAY + HOUR, NOW)).toBeNull();
    expect(timesRefusal(NOW - 366 * DAY - 1, NOW - 366 * DAY + HOUR, NOW)?.errors).toEqual({
      starts_at: "The start can be at most 366 days in the past",
    });
  });

  it("runs at most 3 years ahead, start and end", () => {
    const horizon = NOW + 3 * 366 * DAY;
    expect(timesRefusal(horizon - HOUR, horizon, NOW)).toBeNull();
    expect(timesRefusal(horizon + 1, horizon + HOUR, NOW)?.errors).toEqual({
      starts_at: "The event must start at most 3 years from now",
    });
    expect(timesRefusal(NOW + DAY, horizon + 1, NOW)?.errors).toEqual({ ends_at: "The event must end at most 3 years from now" });
  });
});

describe("answering", () => {
  it("is refused on a cancelled event, one that has ended, and to its own organiser", () => {
    expect(rsvpRefusal({ id: 2 }, event({ status: "cancelled" }), NOW)?.message).toMatch(/cancelled/);
    expect(rsvpRefusal({ id: 2 }, event({ startsAt: NOW - 2 * HOUR, endsAt: NOW }), NOW)?.message).toMatch(/ended/);
    expect(rsvpRefusal({ id: 1 }, event(), NOW)?.reason).toBe("conflict");
    expect(rsvpRefusal({ id: 2 }, event({ isSample: true }), NOW)?.message).toMatch(/sample event/);
    // A block either way between the member and the organiser: nothing passes, an answer included.
    expect(rsvpRefusal({ id: 2 }, event(), NOW, true)?.reason).toBe("forbidden");
    // Under way is not over: members may still say they are coming.
    expect(rsvpRefusal({ id: 2 }, event({ startsAt: NOW - HOUR, endsAt: NOW + HOUR }), NOW)).toBeNull();
  });

  it("takes a free seat, waits past the capacity, and never jumps or loses a place by answering again", () => {
    expect(placeOfAnswer("going", null, { capacity: null, going: 500 })).toBe("going");
    expect(placeOfAnswer("going", null, { capacity: 2, going: 1 })).toBe("going");
    expect(placeOfAnswer("going", null, { capacity: 2, going: 2 })).toBe("waitlisted");
    expect(placeOfAnswer("going", "not_going", { capacity: 2, going: 2 })).toBe("waitlisted");
    expect(placeOfAnswer("going", "waitlisted", { capacity: 2, going: 1 })).toBe("waitlisted");
    expect(placeOfAnswer("going", "going", { capacity: 1, going: 3 })).toBe("going");
    expect(placeOfAnswer("not_going", "going", { capacity: 1, going: 1 })).toBe("not_going");
  });

  it("moves up as many waiting as there are free seats, all of them without a limit", () => {
    expect(seatsToFill({ capacity: 1, going: 0, waiting: 3 })).toBe(1);
    expect(seatsToFill({ capacity: 5, going: 2, waiting: 2 })).toBe(2);
    expect(seatsToFill({ capacity: 2, going: 3, waiting: 4 })).toBe(0);
    expect(seatsToFill({ capacity: null, going: 3, waiting: 4 })).toBe(4);
  });

  it("tells those going of a new time, zone or place, not of a new title or description", () => {
    const before = { startsAt: NOW, endsAt: NOW + HOUR, timeZone: "Europe/London", place: "Hall" };
    expect(isNewsForAttendees(before, { ...before })).toBe(false);
    expect(isNewsForAttendees(before, { ...before, place: "Library" })).toBe(true);
    expect(isNewsForAttendees(before, { ...before, endsAt: NOW + 2 * HOUR })).toBe(true);
    expect(isNewsForAttendees(before, { ...before, timeZone: "Europe/Paris" })).toBe(true);
  });
});

describe("times on the event's clock", () => {
  it("reads a form's local time in the zone, across a change of the clocks", () => {
    expect(wallTimeToInstant("2026-12-05T10:00", "Europe/London")).toBe(Date.parse("2026-12-05T10:00:00Z"));
    expect(wallTimeToInstant("2026-07-05T10:00", "Europe/London")).toBe(Date.parse("2026-07-05T09:00:00Z"));
    expect(wallTimeToInstant("2026-12-05T10:00", "America/New_York")).toBe(Date.parse("2026-12-05T15:00:00Z"));
    expect(wallTimeToInstant("2026-02-30T10:00", "Europe/London")).toBeNull();
    expect(wallTimeToInstant("2026-12-05T10:00:30", "Europe/London")).toBe(Date.parse("2026-12-05T10:00:30Z"));
    // 01:30 is skipped in London on 29 March and passed twice on 25 October.
    expect(wallTimeToInstant("2026-03-29T01:30", "Europe/London")).toBe(Date.parse("2026-03-29T01:30:00Z"));
    expect(wallTimeToInstant("2026-10-25T01:30", "Europe/London")).toBe(Date.parse("2026-10-25T01:30:00Z"));
    expect(instantToWallTime(Date.parse("2026-07-05T09:00:00Z"), "Europe/London")).toBe("2026-07-05T10:00");
  });

  it("reads an API time only with its offset, and only a date that exists", () => {
    expect(instantOf("2026-12-05T10:00:00+01:00")).toBe(Date.parse("2026-12-05T09:00:00Z"));
    expect(instantOf("2026-12-05T10:00Z")).toBe(Date.parse("2026-12-05T10:00:00Z"));
    expect(instantOf("2026-12-05T10:00:00")).toBeNull();
    expect(instantOf("2027-02-30T10:00:00+00:00")).toBeNull();
    expect(instantOf("2027-02-10T24:00:00+00:00")).toBeNull();
  });

  it("writes an instant with the zone's offset and names the zone", () => {
    expect(isoInZone(Date.parse("2026-07-05T09:00:00Z"), "Europe/London")).toBe("2026-07-05T10:00:00+01:00");
    expect(isoInZone(Date.parse("2026-12-05T15:00:00Z"), "America/New_York")).toBe("2026-12-05T10:00:00-05:00");
    expect(eventWhen(Date.parse("2026-12-05T15:00:00Z"), Date.parse("2026-12-05T18:00:00Z"), "America/New_York")).toBe(
      "Saturday, December 5, 2026, 10:00 – 13:00 (America/New York, EST)",
    );
  });

  it("lays a month out in weeks from Monday", () => {
    const weeks = monthWeeks("2026-12");
    expect(weeks[0]![0]).toEqual({ day: "2026-11-30", inMonth: false });
    expect(weeks[0]![1]).toEqual({ day: "2026-12-01", inMonth: true });
    expect(weeks.flat().filter((cell) => cell.inMonth)).toHaveLength(31);
    expect(weeks.every((week) => week.length === 7)).toBe(true);
  });
});
