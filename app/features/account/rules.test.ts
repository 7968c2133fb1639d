import { describe, expect, it } from "vitest";
import { blockingOrderMessage, deletedEmailOf, DELETED_MEMBER_NAME } from "./rules";
import { changeEmailSchema, changePasswordFormSchema, changePasswordSchema, SESSION_ID_PATTERN } from "./schemas";
import { describeUserAgent } from "./user-agent";

describe("deleting an account", () => {
  it("names the order that stops it, in a sentence that says what to do", () => {
    expect(blockingOrderMessage({ id: 12, title: "Office chairs" })).toBe(
      "Your order #12 for Office chairs is accepted and not completed yet: complete or cancel it first.",
    );
  });

  it("leaves a tombstone whose address is unique, unreachable and not the member's", () => {
    const email = deletedEmailOf(7, "a1b2c3");
    expect(email).toBe("deleted-7-a1b2c3@deleted.invalid");
    expect(deletedEmailOf(7, "ffffff")).not.toBe(email);
    expect(DELETED_MEMBER_NAME).toBe("a deleted member");
  });
});

describe("the account forms' rules", () => {
  it("asks the new password to follow the reset rules, and the current one only to be given", () => {
    const weak = changePasswordSchema.safeParse({ current_password: "x", new_password: "short" });
    expect(weak.success).toBe(false);
    expect(new Set(weak.error?.issues.map((issue) => issue.path.join(".")))).toEqual(new Set(["new_password"]));
    expect(changePasswordSchema.safeParse({ current_password: "compost-heap-7", new_password: "Greener-Bins-42" }).success).toBe(
      true,
    );
    const missing = changePasswordSchema.safeParse({ new_password: "Greener-Bins-42" });
    expect(missing.error?.issues[0].message).toBe("Your current password is required");
  });

  it("checks the confirmation on the form", () => {
    const result = changePasswordFormSchema.safeParse({
      current_password: "compost-heap-7",
      new_password: "Greener-Bins-42",
      confirm_password: "Greener-Bins-43",
    });
    expect(result.error?.issues[0]).toMatchObject({ path: ["confirm_password"], message: "Passwords do not match" });
  });

  it("reads a new address as registration does: trimmed and lower-cased", () => {
    expect(changeEmailSchema.parse({ email: "  New@Example.ORG ", password: "p" }).email).toBe("new@example.org");
    expect(changeEmailSchema.safeParse({ email: "not-an-address", password: "p" }).error?.issues[0].message).toBe(
      "Email is invalid",
    );
  });

  it("takes only session ids of the token's alphabet", () => {
    expect(SESSION_ID_PATTERN.test("Ab0_-xyzAb0_-xyzAb0_-xyz")).toBe(true);
    expect(SESSION_ID_PATTERN.test("../etc")).toBe(false);
    expect(SESSION_ID_PATTERN.test("")).toBe(false);
  });
});

describe("describeUserAgent", () => {
  it.each([
    ["Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36", "Chrome on Linux"],
    ["Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:125.0) Gecko/20100101 Firefox/125.0", "Firefox on Windows"],
    [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1",
      "Safari on iOS",
    ],
    [
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.0.0",
      "Edge on macOS",
    ],
    [
      "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36",
      "Chrome on Android",
    ],
    ["curl/8.5.0", "curl"],
    ["inventory-sync/2.1 (+https://example.org)", "inventory-sync/2.1"],
    ["", "Unknown client"],
  ])("names %j as %j", (agent, name) => {
    expect(describeUserAgent(agent)).toBe(name);
  });

  it("shortens a long client name", () => {
    expect(describeUserAgent("x".repeat(300))).toHaveLength(40);
  });
});
