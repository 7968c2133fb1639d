import { describe, expect, it } from "vitest";
import type { SeriesPoint } from "~/features/impact/wire";
import { barPaths } from "./trend-chart";

const point = (from: string, byTreatment: Partial<SeriesPoint["by_treatment"]>): SeriesPoint =>
  ({
    from,
    to: from,
    weight_kg: Object.values(byTreatment).reduce((sum, kg) => sum + (kg ?? 0), 0),
    by_treatment: { collected: 0, reused: 0, recycled: 0, composted: 0, energy_recovery: 0, landfilled: 0, ...byTreatment },
  }) as SeriesPoint;

describe("the trend's bars", () => {
  it("are one path a treatment, stacked from the bottom, with a bar only where there is weight", () => {
    const points = [
      point("2026-11-01", { reused: 50, recycled: 100 }),
      point("2026-11-02", {}),
      point("2026-11-03", { recycled: 25 }),
    ];
    expect(barPaths(points, ["reused", "recycled"], 150)).toEqual([
      { treatment: "reused", d: "M1.5 68h7v32h-7z" },
      { treatment: "recycled", d: "M1.5 4h7v64h-7zM21.5 84h7v16h-7z" },
    ]);
  });
});
