import { describe, expect, it } from "vitest";
import { keepNewest, keptRecentlyUsed } from "./recently-used";

describe("keptRecentlyUsed", () => {
  it("makes a value once, and lets go of the one used longest ago beyond the bound", () => {
    const kept = new Map<string, number>();
    let made = 0;
    const read = (key: string) => keptRecentlyUsed(kept, key, 2, () => ++made);
    expect([read("a"), read("b"), read("a")]).toEqual([1, 2, 1]);
    expect(read("c")).toBe(3);
    // "b" was used longest ago: it is made again, and "a" goes in its turn.
    expect(read("b")).toBe(4);
    expect([...kept.keys()]).toEqual(["c", "b"]);
    expect(made).toBe(4);
  });
});

describe("keepNewest", () => {
  it("sets a value as the newest, a key set again included, and lets go of the oldest beyond the bound", () => {
    const kept = new Map<string, number>();
    keepNewest(kept, "a", 1, 2);
    keepNewest(kept, "b", 2, 2);
    // Set again, "a" is the newest: "b" is the one to go.
    expect(keepNewest(kept, "a", 3, 2)).toBe(3);
    keepNewest(kept, "c", 4, 2);
    expect([...kept]).toEqual([
      ["a", 3],
      ["c", 4],
    ]);
  });
});
