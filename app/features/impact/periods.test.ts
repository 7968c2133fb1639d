import { describe, expect, it } from "vitest";
import { bucketsOf, isCalendarDay, lastDays, latestToday, previousOf, rangeOf, todayIn } from "./periods";

describe("the ledger's days", () => {
  it("takes today on the member's clock", () => {
    const now = new Date("2026-11-23T22:30:00Z");
    expect(todayIn("UTC", now)).toBe("2026-11-23");
    expect(todayIn("Pacific/Kiritimati", now)).toBe("2026-11-24");
    expect(todayIn("America/Los_Angeles", new Date("2026-11-23T05:00:00Z"))).toBe("2026-11-22");
    expect(latestToday(now)).toBe("2026-11-24");
  });

  it("knows a real calendar day from a look-alike", () => {
    expect(isCalendarDay("2028-02-29")).toBe(true);
    expect(isCalendarDay("2026-02-29")).toBe(false);
    expect(isCalendarDay("2026-11-1")).toBe(false);
    expect(isCalendarDay("2026-13-01")).toBe(false);
  });

  it("compares a period with the same number of days just before it", () => {
    const week = lastDays(7, "2026-11-23");
    expect(week).toEqual({ from: "2026-11-17", to: "2026-11-23", days: 7 });
    expect(previousOf(week)).toEqual({ from: "2026-11-10", to: "2026-11-16", days: 7 });
    expect(previousOf(lastDays(30, "2026-03-01"))).toEqual({ from: "2026-01-01", to: "2026-01-30", days: 30 });
  });

  it("reads a period or a range, and refuses what it cannot", () => {
    expect(rangeOf({}, "2026-11-23")).toEqual({ ok: true, range: lastDays(30, "2026-11-23"), period: 30 });
    expect(rangeOf({ period: "90" }, "2026-11-23")).toMatchObject({ ok: true, period: 90, range: { from: "2026-08-26" } });
    expect(rangeOf({ from: "2026-01-01", to: "2026-12-31" }, "2026-11-23")).toEqual({
      ok: true,
      range: { from: "2026-01-01", to: "2026-12-31", days: 365 },
      period: null,
    });
    expect(rangeOf({ period: "14" }, "2026-11-23")).toEqual({ ok: false, message: "The period is one of 7, 30, 90 days." });
    expect(rangeOf({ period: "7.0" }, "2026-11-23").ok).toBe(false);
    expect(rangeOf({ from: "2026-02-01" }, "2026-11-23").ok).toBe(false);
    expect(rangeOf({ from: "2026-02-30", to: "2026-03-01" }, "2026-11-23").ok).toBe(false);
    expect(rangeOf({ from: "2026-03-02", to: "2026-03-01" }, "2026-11-23").ok).toBe(false);
    expect(rangeOf({ from: "2000-01-01", to: "2009-12-31" }, "2026-11-23").ok).toBe(true);
    expect(rangeOf({ from: "2000-01-01", to: "2026-03-01" }, "2026-11-23")).toEqual({
      ok: false,
      message: "A range can cover at most 3,660 days.",
    });
    expect(rangeOf({ from: "0000-01-01", to: "0000-01-31" }, "2026-11-23")).toEqual({
      ok: false,
      message: "Dates go from 2000-01-01 to 2999-12-31.",
    });
    expect(rangeOf({ from: "9999-12-01", to: "9999-12-31" }, "2026-11-23").ok).toBe(false);
  });

  it("draws a bar a day up to a month, else a bar a week", () => {
    expect(bucketsOf(lastDays(7, "2026-11-23")).buckets).toHaveLength(7);
    const quarter = bucketsOf(lastDays(90, "2026-11-23"));
    expect(quarter.bucket).toBe("week");
    expect(quarter.buckets).toHaveLength(13);
    expect(quarter.buckets[0]).toEqual({ from: "2026-08-26", to: "2026-09-01" });
    expect(quarter.buckets[12]).toEqual({ from: "2026-11-18", to: "2026-11-23" });
  });
});
