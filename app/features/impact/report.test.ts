import { describe, expect, it } from "vitest";
import { methodView, quickRanges } from "./report";

describe("the report's ranges and method", () => {
  it("offers the last 7, 30 and 90 days and this year, each ending today", () => {
    expect(quickRanges("2026-03-05")).toEqual([
      { label: "Last 7 days", from: "2026-02-27", to: "2026-03-05" },
      { label: "Last 30 days", from: "2026-02-04", to: "2026-03-05" },
      { label: "Last 90 days", from: "2025-12-06", to: "2026-03-05" },
      { label: "This year", from: "2026-01-01", to: "2026-03-05" },
    ]);
  });

  it("names each material's row with its proxy, and the reason of every cell that counts zero", () => {
    const method = methodView();
    expect(method.table.key).toBe("epa-warm-v16");
    expect(method.materials.find((each) => each.material === "textiles")).toEqual({
      material: "textiles",
      row: "Carpet",
      proxy: "Carpet is the nearest row to textiles in this table.",
    });
    expect(method.materials.find((each) => each.material === "mixed")?.row).toBeNull();
    expect(method.treatments.find((each) => each.treatment === "reused")?.column).toBe("source_reduction");
    const cell = (material: string, treatment: string) =>
      method.grid.find((row) => row.material === material)!.cells.find((each) => each.treatment === treatment)!;
    // 1.10231 × (landfill 0.0203 − recycle −0.9255) for Mixed Plastics, by hand from the CSV.
    expect(cell("plastics", "recycled").kgPerKg).toBeCloseTo(1.0425, 4);
    expect(cell("plastics", "landfilled").kgPerKg).toBe(0);
    expect(cell("glass", "composted")).toMatchObject({
      kgPerKg: null,
      why: expect.stringContaining("no compost factor for Glass"),
    });
    expect(cell("metals", "collected")).toMatchObject({ kgPerKg: null, why: expect.stringContaining("claims no treatment") });
  });
});
