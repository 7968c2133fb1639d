import { describe, expect, it } from "vitest";
import { boundingBox, distanceKm, distanceLabel, roundedDistanceKm } from "./distance";

describe("distances", () => {
  it("rounds to 0.1 km under 10 km and to whole km above, and cards say <1 km under a kilometre", () => {
    expect(roundedDistanceKm(3.44)).toBe(3.4);
    expect(roundedDistanceKm(9.94)).toBe(9.9);
    expect(roundedDistanceKm(12.4)).toBe(12);
    expect(distanceLabel(0.4)).toBe("<1 km");
    expect(distanceLabel(3.44)).toBe("3.4 km");
    expect(distanceLabel(12.4)).toBe("12 km");
    expect(distanceLabel(1234)).toBe("1,234 km");
  });

  it("keeps every point within the radius inside the bounding box", () => {
    const leeds = { lat: 53.7965, lng: -1.5478 };
    const box = boundingBox(leeds, 50);
    for (const [lat, lng] of [
      [leeds.lat + 0.449, leeds.lng],
      [leeds.lat, leeds.lng + 0.75],
      [leeds.lat - 0.3, leeds.lng - 0.5],
    ]) {
      if (distanceKm(leeds, { lat, lng }) > 50) continue;
      expect(lat).toBeGreaterThanOrEqual(box.minLat);
      expect(lat).toBeLessThanOrEqual(box.maxLat);
      expect(lng).toBeGreaterThanOrEqual(box.minLng);
      expect(lng).toBeLessThanOrEqual(box.maxLng);
    }
  });
});
