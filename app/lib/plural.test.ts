import { describe, expect, it } from "vitest";
import { countOf } from "~/lib/plural";

describe("counts in words", () => {
  it("uses the singular for one and the plural otherwise", () => {
    expect(countOf(1, "like")).toBe("1 like");
    expect(countOf(0, "like")).toBe("0 likes");
    expect(countOf(2, "day")).toBe("2 days");
    expect(countOf(1, "reply", "replies")).toBe("1 reply");
    expect(countOf(3, "reply", "replies")).toBe("3 replies");
    expect(countOf(12500, "view")).toBe("12,500 views");
  });
});
