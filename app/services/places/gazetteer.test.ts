import { describe, expect, it } from "vitest";
import { distanceKm } from "~/lib/distance";
import { resolvePlace } from "./gazetteer.server";

describe("where a location is", () => {
  it("reads a postcode district, or a full postcode by its district, in any case and spacing", () => {
    const leeds = { lat: 53.7965, lng: -1.5478, label: "LS1, Leeds", kind: "postcode" };
    expect(resolvePlace("LS1")).toEqual(leeds);
    expect(resolvePlace("LS1 4AP")).toEqual(leeds);
    expect(resolvePlace("ls14ap")).toEqual(leeds);
    expect(resolvePlace("Unit 3, Kirkstall Road, Leeds LS1 4AP")).toEqual(leeds);
    expect(resolvePlace("m1")?.label).toBe("M1, Manchester");
  });

  it("reads a town by its name, accents and case folded, a county or country after it", () => {
    const leeds = { lat: 53.7965, lng: -1.5478, label: "Leeds", kind: "town" };
    expect(resolvePlace("Leeds")).toEqual(leeds);
    expect(resolvePlace("  leeds ")).toEqual(leeds);
    expect(resolvePlace("Leeds, West Yorkshire")).toEqual(leeds);
    expect(resolvePlace("Leeds, UK")).toEqual(leeds);
    expect(resolvePlace("Zürich")?.label).toBe("Zürich");
    expect(resolvePlace("zurich")?.label).toBe("Zürich");
    expect(resolvePlace("Accra, Ghana")).toMatchObject({ label: "Accra", kind: "town" });
    // GeoNames' towns call it Kingston upon Hull; the postcode districts know it as Hull too.
    expect(resolvePlace("Hull")).toMatchObject({ label: "Hull", kind: "town" });
    expect(resolvePlace("Hull")!.lat).toBeCloseTo(53.75, 1);
    expect(resolvePlace("Kingston upon Hull")).toMatchObject({ label: "Kingston upon Hull", kind: "town" });
  });

  it("takes the UK's town of an ambiguous name unless the text names another country", () => {
    expect(resolvePlace("Manchester, UK")).toMatchObject({ lat: 53.481, lng: -2.2374 });
    expect(resolvePlace("Manchester")).toMatchObject({ lat: 53.481, lng: -2.2374 });
    expect(resolvePlace("Manchester, United States")).toMatchObject({ lat: 42.9956, lng: -71.4548 });
    expect(resolvePlace("London, Canada")).toMatchObject({ lat: 42.9834 });
    expect(resolvePlace("Portland, OR")).toMatchObject({ label: "Portland", lat: 45.5234 });
    expect(resolvePlace("Sacramento, CA")).toMatchObject({ label: "Sacramento" });
  });

  it("answers null for what it cannot place, and never throws", () => {
    for (const text of ["Nowhereville", "", "   ", "12345", ",,,", "\u0000", "x".repeat(10_000), null, undefined])
      expect(resolvePlace(text)).toBeNull();
    expect(resolvePlace(42 as unknown as string)).toBeNull();
  });

  it("measures straight lines: Leeds to Manchester is about 58 km", () => {
    const km = distanceKm(resolvePlace("Leeds")!, resolvePlace("Manchester")!);
    expect(km).toBeGreaterThan(56);
    expect(km).toBeLessThan(60);
    expect(distanceKm(resolvePlace("LS1")!, resolvePlace("Leeds")!)).toBe(0);
  });
});
