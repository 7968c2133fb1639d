import { describe, expect, it } from "vitest";
import { documentSecurityPolicy, isSameOriginRequest } from "~/services/http/security.server";

const check = (headers: Record<string, string>) => isSameOriginRequest(new Headers(headers), "https://hub.example.org");

describe("same-origin check for unsafe requests", () => {
  it("trusts Sec-Fetch-Site when the browser sends it", () => {
    expect(check({ "sec-fetch-site": "same-origin", origin: "null" })).toBe(true);
    expect(check({ "sec-fetch-site": "cross-site", origin: "https://hub.example.org" })).toBe(false);
    expect(check({ "sec-fetch-site": "same-site" })).toBe(false);
  });

  it("falls back to Origin against APP_URL or the Host", () => {
    expect(check({ origin: "https://hub.example.org" })).toBe(true);
    expect(check({ origin: "http://localhost:3000", host: "localhost:3000" })).toBe(true);
    expect(check({ origin: "https://evil.example", host: "hub.example.org" })).toBe(false);
    expect(check({ origin: "null" })).toBe(false);
  });

  it("lets non-browser clients without either header through", () => {
    expect(check({})).toBe(true);
  });
});

describe("content security policy", () => {
  it("allows scripts only with the response's nonce and forbids framing", () => {
    const policy = documentSecurityPolicy("abc123");
    expect(policy).toContain("script-src 'self' 'nonce-abc123'");
    expect(policy).not.toContain("unsafe-eval");
    expect(policy).toContain("frame-ancestors 'none'");
  });
});
