import { describe, expect, it } from "vitest";
import { co2eGramsOf, CURRENT_FACTOR_TABLE, factorFor, factorGrid } from "./factors";
import { MATERIALS, TREATMENTS } from "./vocabulary";

// Each expected figure was worked out by hand from factors/epa-warm-v16-summary.csv:
// grams = weight in grams × (landfill − treatment) ÷ 0.90718474 (short tons per tonne), rounded.
describe("CO2e avoided, from EPA WARM v16", () => {
  it("1 t of plastics recycled: (0.020254519 − (−0.925523407)) ÷ 0.90718474 t = 1,042.542 kg", () => {
    expect(co2eGramsOf("plastics", "recycled", 1_000_000)).toBe(1_042_542);
  });

  it("250 kg of metals recycled: 250 × (0.020254519 + 4.391160674) ÷ 0.90718474 = 1,215.688 kg", () => {
    expect(co2eGramsOf("metals", "recycled", 250_000)).toBe(1_215_688);
  });

  it("500 kg of organics composted (Food Waste row, a proxy): 500 × (0.501462234 + 0.152134923) ÷ 0.90718474 = 360.234 kg", () => {
    expect(co2eGramsOf("organics", "composted", 500_000)).toBe(360_234);
    const factor = factorFor("organics", "composted");
    expect(factor.counted && factor.proxies).toEqual(["Food Waste stands for all organics."]);
  });

  it("100 kg of wood sent to energy recovery emits more than landfill would: −37.363 kg", () => {
    expect(co2eGramsOf("wood", "energy_recovery", 100_000)).toBe(-37_363);
  });

  it("40 kg of electronics reused (source reduction stands for reuse): 917.651 kg", () => {
    expect(co2eGramsOf("electronics", "reused", 40_000)).toBe(917_651);
  });

  it("1 kg of paper recycled: (0.074702962 + 3.545523599) ÷ 0.90718474 = 3.991 kg", () => {
    expect(co2eGramsOf("paper", "recycled", 1_000)).toBe(3_991);
  });

  it("counts zero, and says why, where no row or column fits", () => {
    expect(co2eGramsOf("glass", "composted", 1_000_000)).toBe(0);
    expect(factorFor("glass", "composted")).toEqual({
      counted: false,
      why: "The table has no compost factor for Glass, so this counts zero.",
    });
    expect(co2eGramsOf("mixed", "recycled", 1_000_000)).toBe(0);
    expect(factorFor("mixed", "recycled")).toMatchObject({ counted: false, why: expect.stringContaining("mixed load") });
    expect(co2eGramsOf("plastics", "collected", 1_000_000)).toBe(0);
  });

  it("a landfilled load avoids nothing: landfill is the baseline", () => {
    for (const material of MATERIALS) expect(co2eGramsOf(material, "landfilled", 1_000_000)).toBe(0);
  });

  it("every material and treatment has a factor or a reason, and the table names its edition", () => {
    const grid = factorGrid();
    expect(grid.map((row) => row.material)).toEqual([...MATERIALS]);
    for (const row of grid) expect(row.treatments.map((cell) => cell.treatment)).toEqual([...TREATMENTS]);
    expect(CURRENT_FACTOR_TABLE).toMatchObject({ key: "epa-warm-v16", edition: "Version 16 (December 2023)" });
  });
});
