import { describe, expect, it } from "vitest";
import { addMember } from "../../../../tests/support/unit-factories";
import { calendarFeedAddress, calendarFileName, memberFeed, resetCalendarFeedAddress } from "./calendar.server";

const tokenOf = (url: string) => /\/calendar\/([^/]+)\.ics$/.exec(url)![1]!;

describe("a calendar file's name", () => {
  it("keeps the title's ASCII letters and digits, whatever the title holds", () => {
    expect(calendarFileName(7, "Repair café: bikes & toasters!")).toBe("repair-cafe-bikes-toasters-7.ics");
    expect(calendarFileName(8, '修理カフェ "; rm -rf')).toBe("rm-rf-8.ics");
    expect(calendarFileName(9, "カフェ")).toBe("event-9.ics");
    expect(calendarFileName(10, "a".repeat(200))).toBe(`${"a".repeat(60)}-10.ics`);
  });
});

describe("a member's feed address", () => {
  it("is made once, even when asked twice at once, and a reset ends the old one", async () => {
    const member = await addMember("Feeder");
    const [first, second] = await Promise.all([calendarFeedAddress(member.id), calendarFeedAddress(member.id)]);
    expect(first.url).toBe(second.url);
    expect(first.url).toMatch(/^http:\/\/circular\.test\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(await memberFeed(tokenOf(first.url))).not.toBeNull();

    const reset = await resetCalendarFeedAddress(member.id);
    expect(reset.url).not.toBe(first.url);
    expect(await memberFeed(tokenOf(first.url))).toBeNull();
    expect(await memberFeed(tokenOf(reset.url))).not.toBeNull();
    expect((await calendarFeedAddress(member.id)).url).toBe(reset.url);
    // Not a token's shape: nothing is looked up.
    for (const token of ["", "short", `${tokenOf(reset.url)}=`, "%".repeat(43)]) expect(await memberFeed(token)).toBeNull();
  });
});
