import { describe, expect, it } from "vitest";
import {
  auditQuerySchema,
  memberChangeFromForm,
  memberChangeSchema,
  memberSearchSchema,
  AUDIT_ADMIN_INVALID,
  AUTHOR_TYPE_REQUIRED,
  NOTHING_TO_CHANGE,
  REASON_REQUIRED,
  UNTIL_INVALID,
  UNTIL_REQUIRED,
} from "./member-schemas";

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe("an admin's change to a member", () => {
  it("takes each field alone or together, with an optional note", () => {
    expect(memberChangeSchema.parse({ is_verified: true })).toEqual({ is_verified: true });
    expect(memberChangeSchema.parse({ author_type: "expert", role: "admin", note: " checked " })).toEqual({
      author_type: "expert",
      role: "admin",
      note: "checked",
    });
    expect(memberChangeSchema.parse({ suspended: false })).toEqual({ suspended: false });
  });

  it("reads a suspension's end as a day (its start, UTC), an instant with its offset, or none", () => {
    expect(memberChangeSchema.parse({ suspended: { until: "2026-12-01", reason: "Spam" } })).toEqual({
      suspended: { until: new Date("2026-12-01T00:00:00Z"), reason: "Spam" },
    });
    expect(memberChangeSchema.parse({ suspended: { until: "2026-12-01T10:00:00+02:00", reason: "Spam" } }).suspended).toEqual({
      until: new Date("2026-12-01T08:00:00Z"),
      reason: "Spam",
    });
    expect(memberChangeSchema.parse({ suspended: { until: null, reason: "Spam" } }).suspended).toEqual({
      until: null,
      reason: "Spam",
    });
  });

  it("refuses what it does not know, an empty change and a suspension without its reason", () => {
    expect(memberChangeSchema.safeParse({ is_verified: true, email: "x@example.org" }).success).toBe(false);
    expect(memberChangeSchema.safeParse({ author_type: "wizard" }).success).toBe(false);
    expect(memberChangeSchema.safeParse({ role: "owner" }).success).toBe(false);
    expect(memberChangeSchema.safeParse({ is_verified: "yes" }).success).toBe(false);
    expect(memberChangeSchema.safeParse({ suspended: true }).success).toBe(false);
    expect(memberChangeSchema.safeParse({ suspended: { until: "tomorrow", reason: "x" } }).success).toBe(false);
    expect(firstMessage(memberChangeSchema.safeParse({}))).toBe(NOTHING_TO_CHANGE);
    expect(firstMessage(memberChangeSchema.safeParse({ note: "only a note" }))).toBe(NOTHING_TO_CHANGE);
    expect(firstMessage(memberChangeSchema.safeParse({ suspended: { until: null, reason: "  " } }))).toBe(REASON_REQUIRED);
    expect(memberChangeSchema.safeParse({ suspended: { until: null } }).success).toBe(false);
    // What the member is told (the reason) and what the log keeps (the note) hold no hidden controls.
    const disguised = { suspended: { until: null, reason: "Spam\u202eeno doog" } };
    expect(firstMessage(memberChangeSchema.safeParse(disguised))).toBe("Remove the control characters from the text.");
    expect(memberChangeSchema.safeParse({ is_verified: true, note: "bell\u0007" }).success).toBe(false);
  });

  it("says what is wrong with a suspension's end rather than the shape of the field", () => {
    for (const until of ["2026-02-30", "tomorrow", 0, "99999-01-01", "2026-12-01T10:00:00"]) {
      expect(firstMessage(memberChangeSchema.safeParse({ suspended: { until, reason: "r" } })), String(until)).toBe(
        UNTIL_INVALID,
      );
    }
    expect(UNTIL_INVALID).toBe("Give the end as a date (YYYY-MM-DD) or a date and time.");
    expect(firstMessage(memberChangeSchema.safeParse({ suspended: true }))).toBe("suspended must be false or {until, reason}");
    expect(firstMessage(memberChangeSchema.safeParse({ suspended: { until: null } }))).toBe(REASON_REQUIRED);
  });

  it("keeps notes and reasons to 1,000 characters", () => {
    expect(memberChangeSchema.safeParse({ is_verified: true, note: "x".repeat(1000) }).success).toBe(true);
    expect(memberChangeSchema.safeParse({ is_verified: true, note: "x".repeat(1001) }).success).toBe(false);
    expect(memberChangeSchema.safeParse({ suspended: { until: null, reason: "x".repeat(1001) } }).success).toBe(false);
  });
});

describe("the member page's forms", () => {
  it("become the API's change", () => {
    expect(memberChangeFromForm({ intent: "verify", note: "" })).toEqual({
      intent: "verify",
      result: { success: true, data: { is_verified: true } },
    });
    expect(memberChangeFromForm({ intent: "suspend", reason: "Spam", indefinitely: "on", until: "" }).result).toEqual({
      success: true,
      data: { suspended: { until: null, reason: "Spam" } },
    });
    expect(memberChangeFromForm({ intent: "revoke", note: "stepping down" }).result).toEqual({
      success: true,
      data: { role: "user", note: "stepping down" },
    });
  });

  it("say which field is wrong", () => {
    expect(memberChangeFromForm({ intent: "suspend", reason: "Spam", until: "" }).result).toEqual({
      success: false,
      errors: { until: UNTIL_REQUIRED },
    });
    expect(memberChangeFromForm({ intent: "suspend", reason: "", until: "2026-12-01" }).result).toEqual({
      success: false,
      errors: { reason: REASON_REQUIRED },
    });
    expect(memberChangeFromForm({ intent: "delete" }).result.success).toBe(false);
    expect(memberChangeFromForm({ intent: "suspend", reason: "Spam", until: "garbage" }).result).toEqual({
      success: false,
      errors: { until: UNTIL_INVALID },
    });
    for (const author_type of [undefined, "", "wizard"]) {
      expect(memberChangeFromForm({ intent: "author-type", author_type }).result).toEqual({
        success: false,
        errors: { author_type: AUTHOR_TYPE_REQUIRED },
      });
    }
    expect(AUTHOR_TYPE_REQUIRED).toBe("Choose an author type: Expert, Admin or Member.");
  });
});

describe("the admin lists' queries", () => {
  it("default to the first page and check their values", () => {
    expect(memberSearchSchema.parse({})).toEqual({ search: "", page: 1 });
    expect(memberSearchSchema.safeParse({ page: "0" }).success).toBe(false);
    expect(auditQuerySchema.parse({ admin: "cli", action: "suspend", page: "2" })).toEqual({
      admin: "cli",
      action: "suspend",
      page: 2,
    });
    expect(auditQuerySchema.parse({ admin: "7" })).toEqual({ admin: 7, page: 1 });
    expect(auditQuerySchema.safeParse({ action: "delete" }).success).toBe(false);
    expect(auditQuerySchema.safeParse({ admin: "me" }).success).toBe(false);
    for (const admin of ["0", "me", "-1", "1.5"]) {
      expect(firstMessage(auditQuerySchema.safeParse({ admin })), admin).toBe(AUDIT_ADMIN_INVALID);
    }
    expect(AUDIT_ADMIN_INVALID).toBe("admin must be a member's id or cli");
  });
});
