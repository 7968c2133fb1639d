import { describe, expect, it } from "vitest";
import { findWasteCode, searchWasteCodes } from "./codes.server";
import { wasteCodeQuerySchema } from "./schemas";

const search = (params: Record<string, string>) => searchWasteCodes(wasteCodeQuerySchema.parse(params));
const codesOf = (params: Record<string, string>) => search(params).codes.map((code) => code.code);

describe("the List of Waste", () => {
  it("holds all 842 codes, 408 hazardous, with their leading zeros, 25 a page", () => {
    const all = search({});
    expect(all.pagination).toEqual({ page: 1, limit: 25, hasMore: true, total: 842 });
    expect(all.codes[0]).toEqual({
      code: "010101",
      display_code: "01 01 01",
      description: "wastes from mineral metalliferous excavation",
      hazardous: false,
      mirror: false,
      chapter: "01",
      chapter_title: "Wastes resulting from exploration, mining, quarrying, and physical and chemical treatment of minerals",
    });
    expect(search({ hazardous: "true" }).pagination.total).toBe(408);
    expect(search({ hazardous: "false" }).pagination.total).toBe(434);
    expect(search({ page: "34" })).toEqual({
      codes: expect.any(Array),
      pagination: { page: 34, limit: 25, hasMore: false, total: 842 },
    });
    expect(search({ page: "34" }).codes).toHaveLength(842 - 33 * 25);
    expect(search({ page: "35" }).codes).toEqual([]);
  });

  it("finds codes by a prefix written with or without spaces or the star", () => {
    expect(codesOf({ search: "0103" })).toEqual(["010304", "010305", "010306", "010307", "010308", "010309", "010310", "010399"]);
    expect(codesOf({ search: " 01 03 " })).toEqual(codesOf({ search: "0103" }));
    expect(codesOf({ search: "01 03 04*" })).toEqual(["010304"]);
    expect(codesOf({ search: "17 05 03" })).toEqual(["170503"]);
    expect(search({ search: "1" }).pagination.total).toBeGreaterThan(300);
    expect(codesOf({ search: "999" })).toEqual([]);
  });

  it("finds codes whose words all start words of the description or titles, in any case and order", () => {
    expect(codesOf({ search: "Garden SOIL" })).toEqual(["200202"]);
    expect(codesOf({ search: "soil garden" })).toEqual(["200202"]);
    // The sub-chapter "soil ..., stones and dredging spoil" names all six of 17 05 03 to 17 05 08.
    expect(codesOf({ search: "stones soil" })).toEqual(["170503", "170504", "170505", "170506", "170507", "170508", "200202"]);
    expect(codesOf({ search: "soil stones hazardous" })).toEqual(["170503", "170505", "170507"]);
    // "oil" starts words ("oils", "oil-containing", "oily") but does not find "soil".
    const oil = search({ search: "oil" });
    expect(oil.pagination.total).toBeGreaterThan(50);
    expect(oil.codes.map((code) => code.code)).toContain("050105");
    const everyOil = Array.from(
      { length: Math.ceil(oil.pagination.total / 25) },
      (_, page) => search({ search: "oil", page: String(page + 1) }).codes,
    ).flat();
    expect(everyOil).toHaveLength(oil.pagination.total);
    expect(everyOil.some((code) => code.code === "200202" || code.code === "170504")).toBe(false);
    expect(codesOf({ search: "soil unicorn" })).toEqual([]);
  });

  it("finds codes by the words of their chapter's title, and filters by hazardous", () => {
    const packaging = search({ search: "packaging absorbents" });
    expect(packaging.codes.every((code) => code.chapter === "15")).toBe(true);
    expect(packaging.codes[0]!.chapter_title).toMatch(/^Waste packaging; absorbents/);
    const safe = search({ search: "packaging absorbents", hazardous: "false" }).codes;
    const starred = search({ search: "packaging absorbents", hazardous: "true" }).codes;
    expect(safe.length + starred.length).toBe(packaging.pagination.total);
    expect(safe.every((code) => !code.hazardous && !code.display_code.endsWith("*"))).toBe(true);
    expect(starred.every((code) => code.hazardous && code.display_code.endsWith("*"))).toBe(true);
  });

  it("marks mirror entries and finds one code by its digits", () => {
    expect(findWasteCode("17 05 03*")).toMatchObject({ code: "170503", hazardous: true, mirror: true });
    expect(findWasteCode("010101")).toMatchObject({ mirror: false });
    expect(findWasteCode("10101")).toBeUndefined();
  });

  it("refuses a bad filter naming it", () => {
    const refusal = (params: Record<string, string>) => wasteCodeQuerySchema.safeParse(params).error?.issues[0];
    expect(refusal({ hazardous: "yes" })).toMatchObject({ path: ["hazardous"], message: "hazardous must be true or false" });
    expect(refusal({ page: "0" })).toMatchObject({ path: ["page"], message: "page must be a whole number from 1" });
    expect(refusal({ search: "x".repeat(201) })).toMatchObject({ path: ["search"] });
  });
});
