import { describe, expect, it } from "vitest";
import { isSuspended, suspendedMessage, suspensionEndPhrase } from "./suspension";

const day = Date.UTC(2026, 11, 1);

describe("a member's suspension", () => {
  it("lasts from its start until its end, or until lifted without one", () => {
    const now = Date.UTC(2026, 10, 20);
    expect(isSuspended({ suspendedAt: null, suspendedUntil: null }, now)).toBe(false);
    expect(isSuspended({ suspendedAt: now - 1000, suspendedUntil: null }, now)).toBe(true);
    expect(isSuspended({ suspendedAt: now - 1000, suspendedUntil: day }, now)).toBe(true);
    expect(isSuspended({ suspendedAt: new Date(now - 1000), suspendedUntil: new Date(day) }, new Date(now))).toBe(true);
  });

  it("ends by itself when its end has come", () => {
    expect(isSuspended({ suspendedAt: day - 5000, suspendedUntil: day }, day)).toBe(false);
    expect(isSuspended({ suspendedAt: day - 5000, suspendedUntil: day }, day + 1)).toBe(false);
  });

  it("is worded the same everywhere: the day, a time within the day, or no end", () => {
    expect(suspendedMessage(day, "Spam links in three posts.")).toBe(
      "This account is suspended until 1 December 2026. The reason given: Spam links in three posts.",
    );
    expect(suspendedMessage(null, "Abuse")).toBe("This account is suspended until an admin lifts it. The reason given: Abuse");
    expect(suspendedMessage(Date.UTC(2026, 11, 1, 14, 5), null)).toBe(
      "This account is suspended until 1 December 2026, 14:05 UTC.",
    );
    expect(suspensionEndPhrase(day)).toBe("until 1 December 2026");
    expect(suspensionEndPhrase(null)).toBe("until an admin lifts it");
  });
});
