import { describe, expect, it } from "vitest";
import { propertyOf, readIcs } from "../../../../tests/support/ics-reader";
import { calendarFile, escapeText, foldLine, type CalendarEvent } from "./ics";
import { offsetChanges, timeZoneLines } from "./time-zone-rules";

const event = (fields: Partial<CalendarEvent> = {}): CalendarEvent => ({
  uid: "event-7@hub.example.test",
  sequence: 0,
  revisedAt: new Date("2026-11-01T09:00:00Z"),
  createdAt: new Date("2026-11-01T09:00:00Z"),
  // 10:00 to 13:00 in London, in winter (GMT).
  startsAt: new Date("2026-12-05T10:00:00Z"),
  endsAt: new Date("2026-12-05T13:00:00Z"),
  timeZone: "Europe/London",
  title: "Repair café",
  place: "St Mary's Hall, Leeds",
  description: "Bring broken toasters.",
  url: "http://hub.example.test/events/7",
  cancelled: false,
  ...fields,
});

const octets = (text: string) => new TextEncoder().encode(text).length;

describe("a calendar file's text", () => {
  it("escapes backslash, semicolon, comma and line breaks, and drops other control characters", () => {
    expect(escapeText("a\\b;c,d\ne\r\nf\rg\u0007h")).toBe("a\\\\b\\;c\\,d\\ne\\nf\\ng" + "h");
  });

  it("folds at 75 octets without cutting a character, however many bytes it has", () => {
    for (const unit of ["é", "€", "😀", "a"]) {
      const line = `SUMMARY:${unit.repeat(120)}`;
      const folded = foldLine(line);
      const pieces = folded.split("\r\n");
      expect(pieces.length).toBeGreaterThan(1);
      for (const [index, piece] of pieces.entries()) {
        expect(octets(piece)).toBeLessThanOrEqual(75);
        if (index > 0) expect(piece.startsWith(" ")).toBe(true);
        // Each piece holds whole characters only (no lone surrogate, no cut byte sequence).
        expect([...piece.replace(/^ /, "")].every((character) => character === unit || "SUMMARY:".includes(character))).toBe(
          true,
        );
      }
      expect(pieces.map((piece, index) => (index ? piece.slice(1) : piece)).join("")).toBe(line);
    }
    expect(foldLine("SUMMARY:short")).toBe("SUMMARY:short");
  });

  it("reads back through a strict reader: CRLF ends, the calendar's header, the event at its zone's wall clock", () => {
    const title = "Réparations; vélos, grille-pains \\ et 🚲 — ".repeat(4).trim();
    const description = "Line one,\nline two; with 😀 and a tab\tstays.";
    const text = calendarFile({ events: [event({ title, description })], name: "My events" });
    expect(text).toMatch(/\r\n$/);
    expect(text.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    const calendar = readIcs(text);
    expect(calendar.name).toBe("VCALENDAR");
    expect(propertyOf(calendar, "PRODID")).toBe("-//Circular Hub//Events//EN");
    expect(propertyOf(calendar, "VERSION")).toBe("2.0");
    expect(propertyOf(calendar, "CALSCALE")).toBe("GREGORIAN");
    expect(propertyOf(calendar, "METHOD")).toBe("PUBLISH");
    expect(propertyOf(calendar, "X-WR-CALNAME", { text: true })).toBe("My events");
    const [zone, vevent] = calendar.components;
    expect(zone!.name).toBe("VTIMEZONE");
    expect(propertyOf(zone!, "TZID")).toBe("Europe/London");
    expect(vevent!.name).toBe("VEVENT");
    expect(propertyOf(vevent!, "UID")).toBe("event-7@hub.example.test");
    expect(propertyOf(vevent!, "SUMMARY", { text: true })).toBe(title);
    expect(propertyOf(vevent!, "DESCRIPTION", { text: true })).toBe(description);
    expect(propertyOf(vevent!, "LOCATION", { text: true })).toBe("St Mary's Hall, Leeds");
    expect(propertyOf(vevent!, "URL")).toBe("http://hub.example.test/events/7");
    expect(propertyOf(vevent!, "DTSTAMP")).toBe("20261101T090000Z");
    expect(propertyOf(vevent!, "STATUS")).toBe("CONFIRMED");
    const start = vevent!.properties.find((property) => property.name === "DTSTART")!;
    expect(start).toEqual({ name: "DTSTART", params: { TZID: "Europe/London" }, value: "20261205T100000" });
    expect(propertyOf(vevent!, "DTEND")).toBe("20261205T130000");
  });

  it("gives the organiser's wall clock in summer time and in a zone far from UTC", () => {
    const summer = readIcs(
      calendarFile({
        events: [
          event({ startsAt: new Date("2026-07-04T09:30:00Z"), endsAt: new Date("2026-07-04T11:00:00Z") }),
          event({
            uid: "event-8@hub.example.test",
            timeZone: "Asia/Kathmandu",
            startsAt: new Date("2026-07-04T09:30:00Z"),
            endsAt: new Date("2026-07-04T11:00:00Z"),
          }),
        ],
      }),
    );
    const [london, kathmandu] = summer.components.filter((component) => component.name === "VEVENT");
    expect(propertyOf(london!, "DTSTART")).toBe("20260704T103000");
    expect(propertyOf(kathmandu!, "DTSTART")).toBe("20260704T151500");
    // One VTIMEZONE for each zone used.
    expect(summer.components.filter((component) => component.name === "VTIMEZONE").map((z) => propertyOf(z, "TZID"))).toEqual([
      "Europe/London",
      "Asia/Kathmandu",
    ]);
  });

  it("says a cancelled event is cancelled, with a sequence that lets the newer copy win", () => {
    const calendar = readIcs(calendarFile({ events: [event({ cancelled: true, sequence: 42 })] }));
    const vevent = calendar.components.find((component) => component.name === "VEVENT")!;
    expect(propertyOf(vevent, "STATUS")).toBe("CANCELLED");
    expect(propertyOf(vevent, "SEQUENCE")).toBe("42");
    expect(propertyOf(vevent, "DESCRIPTION", { text: true })).toBe("Cancelled. Bring broken toasters.");
  });

  it("writes an empty feed as a valid calendar without a time zone", () => {
    const calendar = readIcs(calendarFile({ events: [] }));
    expect(calendar.components).toEqual([]);
  });
});

describe("a time zone's rules", () => {
  it("finds London's two changes of 2026 to the minute, summer time as DAYLIGHT", () => {
    expect(offsetChanges("Europe/London", 2026, 2026)).toEqual([
      { at: Date.parse("2026-03-29T01:00:00Z"), from: 0, to: 60 },
      { at: Date.parse("2026-10-25T01:00:00Z"), from: 60, to: 0 },
    ]);
    const lines = timeZoneLines("Europe/London", [Date.parse("2026-12-05T10:00:00Z")]);
    // The year before is included, so the offset in force at the event has its onset.
    expect(lines).toEqual([
      "BEGIN:VTIMEZONE",
      "TZID:Europe/London",
      ...["BEGIN:DAYLIGHT", "DTSTART:20250330T010000", "TZOFFSETFROM:+0000", "TZOFFSETTO:+0100", "END:DAYLIGHT"],
      ...["BEGIN:STANDARD", "DTSTART:20251026T020000", "TZOFFSETFROM:+0100", "TZOFFSETTO:+0000", "END:STANDARD"],
      ...["BEGIN:DAYLIGHT", "DTSTART:20260329T010000", "TZOFFSETFROM:+0000", "TZOFFSETTO:+0100", "END:DAYLIGHT"],
      ...["BEGIN:STANDARD", "DTSTART:20261025T020000", "TZOFFSETFROM:+0100", "TZOFFSETTO:+0000", "END:STANDARD"],
      "END:VTIMEZONE",
    ]);
  });

  it("gives a zone without changes one observance, and a southern zone its daylight in its summer", () => {
    expect(timeZoneLines("Asia/Kolkata", [Date.parse("2026-05-01T00:00:00Z")])).toEqual([
      "BEGIN:VTIMEZONE",
      "TZID:Asia/Kolkata",
      ...["BEGIN:STANDARD", "DTSTART:19700101T000000", "TZOFFSETFROM:+0530", "TZOFFSETTO:+0530", "END:STANDARD"],
      "END:VTIMEZONE",
    ]);
    const sydney = offsetChanges("Australia/Sydney", 2026, 2026);
    expect(sydney).toEqual([
      { at: Date.parse("2026-04-04T16:00:00Z"), from: 660, to: 600 },
      { at: Date.parse("2026-10-03T16:00:00Z"), from: 600, to: 660 },
    ]);
  });

  it("reads only the years the events fall in, and states the offset of years without a change", () => {
    // Pyongyang moved from +0900 to +0830 in 2015 and back in 2018: 2013 and 2017 change nothing.
    expect(timeZoneLines("Asia/Pyongyang", [Date.parse("2013-06-01T00:00:00Z"), Date.parse("2017-06-01T00:00:00Z")])).toEqual([
      "BEGIN:VTIMEZONE",
      "TZID:Asia/Pyongyang",
      ...["BEGIN:STANDARD", "DTSTART:20120101T090000", "TZOFFSETFROM:+0900", "TZOFFSETTO:+0900", "END:STANDARD"],
      ...["BEGIN:STANDARD", "DTSTART:20160101T083000", "TZOFFSETFROM:+0830", "TZOFFSETTO:+0830", "END:STANDARD"],
      "END:VTIMEZONE",
    ]);
    // Events eight thousand years apart cost four years' reading, not eight thousand.
    const started = performance.now();
    const lines = timeZoneLines("Europe/Paris", [Date.parse("2026-06-01T00:00:00Z"), Date.UTC(9999, 5, 1)]);
    expect(performance.now() - started).toBeLessThan(2000);
    expect(lines.filter((line) => line.startsWith("DTSTART:")).map((line) => line.slice(8, 12))).toEqual([
      ...["2025", "2025", "2026", "2026"],
      ...["9998", "9998", "9999", "9999"],
    ]);
  });
});
