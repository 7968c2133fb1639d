import { describe, expect, it } from "vitest";
import { countReasons, excerptOf, ownThingMessage, reportsSummary, resolveRefusal, showingRange } from "./rules";
import { queueQuerySchema, reportSchema, resolveSchema } from "./schemas";

describe("grouping a thing's reports", () => {
  it("counts reasons in the vocabulary's order and says them in words", () => {
    const reasons = countReasons(["abuse", "spam", "spam"]);
    expect(reasons).toEqual({ spam: 2, abuse: 1 });
    expect(Object.keys(reasons)).toEqual(["spam", "abuse"]);
    expect(reportsSummary(3, reasons)).toBe("3 reports: Spam 2, Abuse or harassment 1");
    expect(reportsSummary(1, { other: 1 })).toBe("1 report: Something else 1");
  });

  it("cuts long texts on one line", () => {
    expect(excerptOf("a\n\n b", 10)).toBe("a b");
    expect(excerptOf("x".repeat(20), 10)).toBe(`${"x".repeat(9)}…`);
  });

  it("writes the queue's range", () => {
    expect(showingRange(1, 20, 20, 45)).toBe("Showing 1–20 of 45");
    expect(showingRange(3, 20, 5, 45)).toBe("Showing 41–45 of 45");
  });
});

describe("what a resolution may do", () => {
  const open = { state: "open" as const, targetType: "post" as const, deleted: false };
  it("hides or dismisses an open thing's reports", () => {
    expect(resolveRefusal({ ...open, action: "hide" })).toBeNull();
    expect(resolveRefusal({ ...open, action: "dismiss" })).toBeNull();
  });
  it("refuses resolved reports, hiding a member, and hiding what its author deleted", () => {
    expect(resolveRefusal({ ...open, state: "hidden", action: "dismiss" })?.message).toBe("These reports are already resolved.");
    expect(resolveRefusal({ ...open, targetType: "user", action: "hide" })?.message).toMatch(/suspend them/);
    expect(resolveRefusal({ ...open, targetType: "user", action: "dismiss" })).toBeNull();
    expect(resolveRefusal({ ...open, deleted: true, action: "hide" })?.reason).toBe("conflict");
    expect(resolveRefusal({ ...open, deleted: true, action: "dismiss" })).toBeNull();
  });
  it("names the thing one cannot report", () => {
    expect(ownThingMessage("listing")).toBe("You cannot report your own listing.");
    expect(ownThingMessage("user")).toBe("You cannot report yourself.");
  });
});

describe("schemas", () => {
  it("reads a report from JSON or a form, note optional", () => {
    expect(reportSchema.parse({ target_type: "post", target_id: "12", reason: "spam" })).toEqual({
      target_type: "post",
      target_id: 12,
      reason: "spam",
      note: "",
    });
    expect(reportSchema.safeParse({ target_type: "post", target_id: 0, reason: "spam" }).success).toBe(false);
    expect(reportSchema.safeParse({ target_type: "post", target_id: 2.5, reason: "spam" }).success).toBe(false);
    expect(reportSchema.safeParse({ target_type: "post", target_id: 1, reason: "spam", note: "x".repeat(1001) }).success).toBe(
      false,
    );
    expect(reportSchema.safeParse({ target_type: "post", target_id: 1, reason: "spam", note: "x".repeat(1000) }).success).toBe(
      true,
    );
  });
  it("needs a moderator's note of 1 to 1,000 characters", () => {
    expect(resolveSchema.safeParse({ action: "hide", note: "  " }).success).toBe(false);
    expect(resolveSchema.safeParse({ action: "hide", note: "Spam" }).success).toBe(true);
    expect(resolveSchema.safeParse({ action: "suspend", note: "Spam" }).success).toBe(false);
  });
  it("refuses control characters and bidirectional overrides in notes, keeping line breaks", () => {
    const report = (note: string) => reportSchema.safeParse({ target_type: "post", target_id: 1, reason: "other", note });
    expect(report("ctrl\u0000\u0007\u001b[31mred").error?.issues[0]?.message).toBe(
      "Remove the control characters from the text.",
    );
    expect(report("looks fine\u202eenil").success).toBe(false);
    expect(report("first line\nsecond line").success).toBe(true);
    expect(resolveSchema.safeParse({ action: "hide", note: "Spam\u2066hidden" }).success).toBe(false);
  });
  it("reads the queue's tab and page", () => {
    expect(queueQuerySchema.parse({})).toEqual({ state: "open", page: 1 });
    expect(queueQuerySchema.safeParse({ state: "closed" }).success).toBe(false);
    expect(queueQuerySchema.safeParse({ page: "0" }).success).toBe(false);
  });
});
