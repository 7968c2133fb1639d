import { describe, expect, it } from "vitest";
import { allowedDistance, editDistance } from "./spelling.server";

describe("editDistance", () => {
  it("counts the letters changed, added or dropped", () => {
    expect(editDistance("cardbord", "cardboard", 2)).toBe(1);
    expect(editDistance("plastik", "plastic", 1)).toBe(1);
    expect(editDistance("pallets", "pallets", 1)).toBe(0);
    expect(editDistance("metl", "metal", 1)).toBe(1);
  });

  it("stops past the allowed distance", () => {
    expect(editDistance("wood", "glass", 1)).toBe(2);
    expect(editDistance("tin", "timbers", 2)).toBe(3);
  });
});

describe("allowedDistance", () => {
  it("allows one edit, two from eight letters", () => {
    expect(allowedDistance(4)).toBe(1);
    expect(allowedDistance(7)).toBe(1);
    expect(allowedDistance(8)).toBe(2);
  });
});
