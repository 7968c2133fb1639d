import { describe, expect, it } from "vitest";
import { besideTheirReferences, hasSettled, timesPerRound } from "../../bench/lib/harness.js";

describe("the bench's warm-up", () => {
  it("settles only when a run costs what the run before it cost, within 5%", () => {
    // The first run has none before it.
    expect(hasSettled(Infinity, 500)).toBe(false);
    expect(hasSettled(600, 500)).toBe(false);
    expect(hasSettled(520, 500)).toBe(true);
  });
});

describe("the bench's rounds", () => {
  it("take each ratio round by round: a round slower on both sides leaves its ratio", () => {
    const read = { cpuUsPerRound: [600, 900, 620] };
    const ownWork = { cpuUsPerRound: [300, 450, 300] };
    // Over the medians (620 / 300) it would read 2.07; each round's is 2, 2 and 2.07.
    expect(timesPerRound(read as never, ownWork as never)).toEqual({ times: 2, timesSpread: 0.033 });
  });

  it("run each target right after its reference, and the rest where they stood", () => {
    const target = (label: string) => ({ label }) as never;
    const ownWork = (label: string) => `${label}: own work`;
    const order = besideTheirReferences(
      [target("a: own work"), target("c: own work"), target("b"), target("a"), target("c")],
      ownWork,
    ).map(({ label }) => label);
    expect(order).toEqual(["b", "a: own work", "a", "c: own work", "c"]);
  });
});
