import { describe, expect, it } from "vitest";
import {
  actorsPhrase,
  applyPreferenceChanges,
  badgeText,
  bellLabel,
  deliveryOf,
  likeFoldKey,
  mergePreferences,
  nextDigestRun,
  notificationText,
  shouldNotify,
  subjectPath,
} from "./rules";
import { preferencesChangeSchema } from "./schemas";
import { DEFAULT_PREFERENCES } from "./vocabulary";

describe("who hears about what", () => {
  it("never tells a member of their own doing, nor a deleted account, nor across a block (but for moderators' notices)", () => {
    expect(shouldNotify({ actorId: 4, recipientId: 4, recipientDeleted: false })).toBe(false);
    expect(shouldNotify({ actorId: 4, recipientId: 5, recipientDeleted: false })).toBe(true);
    expect(shouldNotify({ actorId: 4, recipientId: 5, recipientDeleted: true })).toBe(false);
    expect(shouldNotify({ actorId: 4, recipientId: 5, recipientDeleted: false, blocked: true })).toBe(false);
    expect(shouldNotify({ actorId: 4, recipientId: 5, recipientDeleted: false, blocked: true, fixed: true })).toBe(true);
    expect(shouldNotify({ actorId: 4, recipientId: 5, recipientDeleted: true, fixed: true })).toBe(false);
  });

  it("writes a row only with in-app on, and a mail at once only for instant", () => {
    expect(deliveryOf({ in_app: true, email: "off" })).toEqual({ row: true, instantMail: false });
    expect(deliveryOf({ in_app: false, email: "instant" })).toEqual({ row: false, instantMail: true });
    expect(deliveryOf({ in_app: true, email: "daily" })).toEqual({ row: true, instantMail: false });
  });
});

describe("folding likes", () => {
  it("keys likes by post and UTC day, so a new day starts a new notification", () => {
    expect(likeFoldKey(12, new Date("2026-03-04T23:59:59Z"))).toBe("like:12:2026-03-04");
    expect(likeFoldKey(12, new Date("2026-03-05T00:00:00Z"))).toBe("like:12:2026-03-05");
    expect(likeFoldKey(13, new Date("2026-03-05T00:00:00Z"))).not.toBe(likeFoldKey(12, new Date("2026-03-05T00:00:00Z")));
  });

  it("names the latest member and counts the others", () => {
    expect(actorsPhrase("Ana", 1)).toBe("Ana");
    expect(actorsPhrase("Ana", 2)).toBe("Ana and 1 other");
    expect(notificationText({ type: "like", actorName: "Ana", actors: 5, excerpt: "Bales of PET" })).toBe(
      "Ana and 4 others liked “Bales of PET”",
    );
    expect(notificationText({ type: "follow", actorName: null, actors: 1, excerpt: "" })).toBe(
      "A deleted member started following you",
    );
  });

  it("tells accepting an order apart from confirming its completion", () => {
    const order = { actorName: "Ben Buyer", actors: 1, excerpt: "Oak offcuts" };
    expect(notificationText({ type: "order_accepted", ...order })).toBe("Ben Buyer accepted the order for “Oak offcuts”");
    expect(notificationText({ type: "order_completed", ...order })).toBe(
      "Ben Buyer confirmed completion of the order for “Oak offcuts”",
    );
  });
});

describe("preferences", () => {
  it("fill every type missing a stored choice with its default", () => {
    const merged = mergePreferences([{ type: "like", in_app: false, email: "daily" }]);
    expect(merged.like).toEqual({ in_app: false, email: "daily" });
    expect(merged.order_message).toEqual({ in_app: true, email: "instant" });
    expect(merged.comment).toEqual({ in_app: true, email: "daily" });
    expect(merged.follow).toEqual({ in_app: true, email: "off" });
    expect(Object.keys(merged).sort()).toEqual(Object.keys(DEFAULT_PREFERENCES).sort());
  });

  it("default to mail at once for orders and reviews, the digest for talk, nothing for likes and follows", () => {
    for (const type of [
      "order_requested",
      "order_accepted",
      "order_declined",
      "order_cancelled",
      "order_completed",
      "order_message",
      "review",
    ] as const)
      expect(DEFAULT_PREFERENCES[type]).toEqual({ in_app: true, email: "instant" });
    expect(DEFAULT_PREFERENCES.reply.email).toBe("daily");
    expect(DEFAULT_PREFERENCES.like.email).toBe("off");
  });

  it("change only the fields a change names", () => {
    const next = applyPreferenceChanges(DEFAULT_PREFERENCES, { like: { email: "instant" }, review: { in_app: false } });
    expect(next.like).toEqual({ in_app: true, email: "instant" });
    expect(next.review).toEqual({ in_app: false, email: "instant" });
    expect(next.comment).toEqual(DEFAULT_PREFERENCES.comment);
    // The defaults themselves are never changed.
    expect(DEFAULT_PREFERENCES.like.email).toBe("off");
  });

  it("refuse unknown types and values", () => {
    expect(preferencesChangeSchema.safeParse({ like: { email: "daily" } }).success).toBe(true);
    expect(preferencesChangeSchema.safeParse({ poke: { email: "daily" } }).success).toBe(false);
    expect(preferencesChangeSchema.safeParse({ like: { email: "weekly" } }).success).toBe(false);
    expect(preferencesChangeSchema.safeParse({ like: { in_app: "yes" } }).success).toBe(false);
    expect(preferencesChangeSchema.safeParse({ like: { sms: true } }).success).toBe(false);
  });
});

describe("the bell and the links", () => {
  it("shows nothing at 0, the count up to 9, then 9+, and names the exact count", () => {
    expect(badgeText(0)).toBe("");
    expect(badgeText(9)).toBe("9");
    expect(badgeText(10)).toBe("9+");
    expect(bellLabel(0)).toBe("Notifications");
    expect(bellLabel(14)).toBe("Notifications, 14 unread");
  });

  it("leads to the thing's page", () => {
    expect(subjectPath("post", 7)).toBe("/app/community?post=7");
    expect(subjectPath("order", 3)).toBe("/app/orders/3");
    expect(subjectPath("user", 9)).toBe("/app/members/9");
  });
});

describe("the digest's schedule", () => {
  it("runs at the hour today if it is still ahead, else tomorrow", () => {
    expect(nextDigestRun(new Date("2026-03-04T06:59:00Z"), 7).toISOString()).toBe("2026-03-04T07:00:00.000Z");
    expect(nextDigestRun(new Date("2026-03-04T07:00:00Z"), 7).toISOString()).toBe("2026-03-05T07:00:00.000Z");
    expect(nextDigestRun(new Date("2026-12-31T22:00:00Z"), 7).toISOString()).toBe("2027-01-01T07:00:00.000Z");
  });
});
