import { describe, expect, it } from "vitest";
import { isSafeRedirect, safeRedirect } from "~/lib/safe-redirect";

describe("safeRedirect", () => {
  it.each([
    "/",
    "/app/profile",
    "/app/community?tab=local&search=zebra%2Fwood",
    "/app/marketplace/3#reviews",
    "/auth/login?redirectTo=%2Fapp%2Fdashboard",
  ])("keeps the same-site path %s", (target) => {
    expect(safeRedirect(target)).toBe(target);
  });

  it.each([
    ["another host", "//evil.example"],
    ["another host after a backslash", "/\\evil.example"],
    ["a backslash later on", "/app\\..\\evil"],
    ["a scheme", "https://evil.example/app"],
    ["a script", "javascript:alert(1)"],
    ["a script behind spaces", " javascript:alert(1)"],
    ["a relative path", "app/profile"],
    ["an empty string", ""],
    ["a tab that browsers drop", "/\t/evil.example"],
    ["a newline that browsers drop", "/\n/evil.example"],
    ["a carriage return", "/app\r\nSet-Cookie: a=b"],
    ["a NUL", "/app\u0000"],
    ["encoded slashes", "/%2F%2Fevil.example"],
    ["an encoded backslash", "/%5Cevil.example"],
    ["an encoded newline", "/app%0a"],
    ["a very long path", `/app/${"a".repeat(5000)}`],
    ["not text", 42],
    ["nothing", null],
    ["a file from a form", new Blob(["/app"])],
    ["a path that resolves to another host", "/.//evil.example"],
    ["an encoded dot path that resolves to another host", "/%2e//evil.example"],
  ])("refuses %s", (_what, target) => {
    expect(isSafeRedirect(target)).toBe(false);
    expect(safeRedirect(target)).toBe("/");
    expect(safeRedirect(target, { fallback: "/app/dashboard" })).toBe("/app/dashboard");
  });

  it("writes characters outside ASCII percent-encoded, so the answer's Location header can carry them", () => {
    expect(safeRedirect("/app/\u2603")).toBe("/app/%E2%98%83");
    expect(safeRedirect("/app/community?search=caf\u00e9#post-1")).toBe("/app/community?search=caf%C3%A9#post-1");
    expect(() => new Headers({ Location: safeRedirect("/app/\u2603?q=\u2603") })).not.toThrow();
  });

  describe("within a part of the site", () => {
    const member = (target: unknown) => safeRedirect(target, { within: "/app", fallback: "/app/dashboard" });

    it.each([
      ["/app", "/app"],
      ["/app?tab=x", "/app?tab=x"],
      ["/app/profile", "/app/profile"],
      ["/app/community?tab=local", "/app/community?tab=local"],
      ["/application", "/app/dashboard"],
      ["/", "/app/dashboard"],
      ["/auth/login", "/app/dashboard"],
      ["/app/../auth/login", "/app/dashboard"],
      ["/app/%2e%2e/auth/login", "/app/dashboard"],
      ["//evil.example/app", "/app/dashboard"],
      ["https://evil.example/app", "/app/dashboard"],
      [undefined, "/app/dashboard"],
    ])("%s goes to %s", (target, expected) => {
      expect(member(target)).toBe(expected);
    });

    it("falls back to the part itself unless told otherwise, with or without a trailing slash", () => {
      expect(safeRedirect("/app/marketplace/3", { within: "/app/community" })).toBe("/app/community");
      expect(safeRedirect("/app/community?search=x", { within: "/app/community/" })).toBe("/app/community?search=x");
    });
  });
});
