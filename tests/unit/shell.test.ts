import { describe, expect, it } from "vitest";
import { greeting, headerTitle } from "~/components/shell/member-shell";

describe("signed-in shell", () => {
  it("greets by the hour", () => {
    expect(greeting(0)).toBe("Good morning");
    expect(greeting(11)).toBe("Good morning");
    expect(greeting(12)).toBe("Good afternoon");
    expect(greeting(17)).toBe("Good afternoon");
    expect(greeting(18)).toBe("Good evening");
  });

  it("titles the header by path", () => {
    expect(headerTitle("/app/dashboard")).toBe("Dashboard");
    expect(headerTitle("/app/marketplace/3")).toBe("Marketplace");
    expect(headerTitle("/app/education")).toBe("Education Hub");
    expect(headerTitle("/app/profile")).toBe("Profile");
    expect(headerTitle("/app/community")).toBe("Circular Hub");
  });
});
