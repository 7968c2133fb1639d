import { describe, expect, it } from "vitest";
import { headerTitle } from "~/components/shell/member-shell";
import { safeRedirect } from "~/lib/safe-redirect";
import { readTheme, themeCookieHeader } from "~/services/http/theme.server";

const withCookie = (cookie: string) => new Request("http://circular.test/app/dashboard", { headers: { cookie } });

describe("the theme cookie", () => {
  it("reads Light and Dark, and anything else as System", () => {
    expect(readTheme(withCookie("theme=dark"))).toBe("dark");
    expect(readTheme(withCookie("session=x; theme=light"))).toBe("light");
    expect(readTheme(withCookie("theme=purple"))).toBeNull();
    expect(readTheme(new Request("http://circular.test/"))).toBeNull();
  });

  it("keeps a choice for a year and forgets it for System", () => {
    expect(themeCookieHeader("dark")).toBe("theme=dark; Path=/; Max-Age=31536000; HttpOnly; SameSite=Lax");
    expect(themeCookieHeader("system")).toBe("theme=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax");
  });

  it("sends the member back only to a path on this site", () => {
    expect(safeRedirect("/app/education?topic=composting")).toBe("/app/education?topic=composting");
    expect(safeRedirect("/")).toBe("/");
    for (const unsafe of [
      "//evil.example/app",
      "/\\evil.example",
      "https://evil.example/",
      "app/dashboard",
      "/app\n/x",
      "",
      null,
      undefined,
    ]) {
      expect(safeRedirect(unsafe), String(unsafe)).toBe("/");
    }
    expect(safeRedirect("//evil.example", { fallback: "/app/dashboard" })).toBe("/app/dashboard");
  });
});

describe("the shell's header", () => {
  it("titles the settings pages", () => {
    expect(headerTitle("/app/settings")).toBe("Settings");
    expect(headerTitle("/app/admin/reports", "admin")).toBe("Admin");
    expect(headerTitle("/app/admin/reports", "user")).toBe("Circular Hub");
    expect(headerTitle("/app/settings/preferences")).toBe("Settings");
    expect(headerTitle("/app/education/courses/1")).toBe("Education Hub");
  });

  it("titles a page without a title of its own with the site's name", () => {
    expect(headerTitle("/app/saved-searches", "user", "Tyne Loop")).toBe("Tyne Loop");
    expect(headerTitle("/app/admin/reports", "user", "Tyne Loop")).toBe("Tyne Loop");
    expect(headerTitle("/app/dashboard", "user", "Tyne Loop")).toBe("Dashboard");
  });
});
