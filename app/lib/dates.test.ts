import { describe, expect, it } from "vitest";
import { elapsedAgo, hourIn, longDate, monthAndYear, timeAgo } from "~/lib/dates";
import { memberTimeZone, serverTimeZone, validTimeZone } from "~/services/http/time-zone.server";

const withCookie = (cookie: string) => new Request("http://circular.test/app/dashboard", { headers: { cookie } });

describe("the member's time zone", () => {
  it("accepts the zones Intl knows and nothing else", () => {
    expect(validTimeZone("Asia/Tokyo")).toBe("Asia/Tokyo");
    expect(validTimeZone("America/Argentina/Buenos_Aires")).toBe("America/Argentina/Buenos_Aires");
    expect(validTimeZone("Etc/GMT+9")).toBe("Etc/GMT+9");
    expect(validTimeZone("UTC")).toBe("UTC");
    for (const bad of [
      "Mars/Olympus_Mons",
      "Asia/Tokyo; Path=/",
      "+09:00",
      "../etc/passwd",
      "A".repeat(65),
      "",
      null,
      undefined,
    ]) {
      expect(validTimeZone(bad), String(bad)).toBeNull();
    }
  });

  it("renders in the browser's zone from the tz cookie, else in the server's", () => {
    expect(memberTimeZone(withCookie("tz=Asia/Tokyo"))).toEqual({ timeZone: "Asia/Tokyo", fromBrowser: true });
    expect(memberTimeZone(withCookie("tz=Mars/Olympus_Mons"))).toEqual({ timeZone: serverTimeZone(), fromBrowser: false });
    expect(memberTimeZone(new Request("http://circular.test/"))).toEqual({ timeZone: serverTimeZone(), fromBrowser: false });
  });
});

describe("dates on the member's clock", () => {
  // 08:08 UTC on a Wednesday: 17:08 in Tokyo, midnight and a bit in Los Angeles.
  const at = Date.UTC(2026, 10, 25, 8, 8);

  it("tells the hour and the day where the member is", () => {
    expect(hourIn(at, "Asia/Tokyo")).toBe(17);
    expect(hourIn(at, "America/Los_Angeles")).toBe(0);
    expect(hourIn(Date.UTC(2026, 10, 25, 15, 0), "Asia/Tokyo")).toBe(0);
    expect(longDate(at, "Asia/Tokyo")).toBe("Wednesday, November 25, 2026");
    expect(longDate(at, "America/Los_Angeles")).toBe("Wednesday, November 25, 2026");
    expect(longDate(Date.UTC(2026, 10, 25, 16, 0), "Asia/Tokyo")).toBe("Thursday, November 26, 2026");
    expect(monthAndYear(Date.UTC(2026, 10, 30, 20, 0), "Asia/Tokyo")).toBe("December 2026");
  });

  it("counts time ago with the right word", () => {
    const hour = 3600_000;
    expect(elapsedAgo(26 * hour)).toBe("1 day ago");
    expect(elapsedAgo(49 * hour)).toBe("2 days ago");
    expect(elapsedAgo(hour)).toBe("1 hour ago");
    expect(elapsedAgo(30_000)).toBe("just now");
    expect(timeAgo(new Date(at - 60_000).toISOString(), at)).toBe("1 minute ago");
  });
});
