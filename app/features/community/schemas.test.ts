import { timeAgo } from "~/lib/dates";
import { describe, expect, it } from "vitest";
import { createPostSchema, feedQuerySchema, normalizeImpact, normalizeTags, parseEventDate } from "./schemas";
import { labelOf } from "./vocabulary";
import { fieldErrors } from "~/lib/forms";

const valid = { title: "Title", content: "Body", category: "recycling" };

describe("createPostSchema", () => {
  it("defaults the post type to general and empties to null", () => {
    const result = createPostSchema.parse({ ...valid, location_name: "  ", difficulty_level: "" });
    expect(result).toMatchObject({
      post_type: "general",
      tags: [],
      environmental_impact: {},
      location_name: null,
      difficulty_level: null,
      is_local_event: false,
      event_date: null,
    });
  });

  it("names every missing field at once, each with its message", () => {
    const result = createPostSchema.safeParse({ title: "", content: " ", is_local_event: "on" });
    expect(result.success).toBe(false);
    expect(fieldErrors(result.error!)).toEqual({
      title: "Title is required",
      content: "Content is required",
      category: "Category is required",
      event_date: "Event date is required for events",
    });
  });

  it("needs no event date for an event that is not local", () => {
    expect(createPostSchema.safeParse({ ...valid, post_type: "event" }).success).toBe(true);
  });
});

describe("normalizeTags", () => {
  it("trims, drops empties and repeats (ignoring case), from a list, JSON or commas", () => {
    expect(normalizeTags([" Compost ", "compost", "", "#bins"])).toEqual(["Compost", "bins"]);
    expect(normalizeTags('["a", " a ", "b"]')).toEqual(["a", "b"]);
    expect(normalizeTags("a, b ,, A")).toEqual(["a", "b"]);
    expect(normalizeTags(undefined)).toEqual([]);
  });

  it("refuses what is not a list of words", () => {
    expect(normalizeTags("[1, 2]")).toBeUndefined();
    expect(normalizeTags("[broken")).toBeUndefined();
  });
});

describe("normalizeImpact", () => {
  it("reads an object, a list of entries or JSON text, skipping empty entries", () => {
    expect(normalizeImpact({ CO2: "3 kg" })).toEqual({ CO2: "3 kg" });
    expect(
      normalizeImpact([
        { type: " Water ", amount: " 20 l " },
        { type: "", amount: "" },
      ]),
    ).toEqual({ Water: "20 l" });
    expect(normalizeImpact('{"Energy": 12}')).toEqual({ Energy: "12" });
    expect(normalizeImpact("")).toEqual({});
  });

  it("says an entry with only a type or only an amount is incomplete", () => {
    expect(normalizeImpact([{ type: "CO2", amount: "" }])).toBe("incomplete");
    expect(normalizeImpact({ CO2: "" })).toBe("incomplete");
    expect(normalizeImpact([{ type: "", amount: "5" }])).toBe("incomplete");
  });
});

describe("parseEventDate", () => {
  it("reads ISO dates, datetime-local values (as UTC) and bare dates", () => {
    expect(parseEventDate("2030-01-02T03:04:05.000Z")?.toISOString()).toBe("2030-01-02T03:04:05.000Z");
    expect(parseEventDate("2030-01-02T03:04+02:00")?.toISOString()).toBe("2030-01-02T01:04:00.000Z");
    expect(parseEventDate("2030-01-02T03:04")?.toISOString()).toBe("2030-01-02T03:04:00.000Z");
    expect(parseEventDate("2030-01-02")?.toISOString()).toBe("2030-01-02T00:00:00.000Z");
  });

  it("refuses anything else", () => {
    for (const value of ["tomorrow", "2030-13-45", "1650000000", "2030-01-02T25:00"]) {
      expect(parseEventDate(value)).toBeNull();
    }
  });
});

describe("feedQuerySchema", () => {
  it("fills the defaults and treats empty and 'all' filters as none", () => {
    expect(feedQuerySchema.parse({ category: "", postType: "all" })).toEqual({
      page: 1,
      limit: 10,
      timeRange: "all",
      sortBy: "score",
      category: undefined,
      postType: undefined,
      search: undefined,
      location: undefined,
    });
  });

  it("caps the page size at 50", () => {
    expect(feedQuerySchema.parse({ limit: "80" }).limit).toBe(50);
  });
});

describe("labelOf", () => {
  it("turns values into labels", () => {
    expect(labelOf("renewable_energy")).toBe("Renewable Energy");
    expect(labelOf("diy_projects")).toBe("DIY Projects");
  });
});

describe("timeAgo", () => {
  const now = Date.parse("2026-06-15T12:00:00Z");
  const ago = (seconds: number) => timeAgo(new Date(now - seconds * 1000).toISOString(), now);

  it("counts in words: one unit, several units, and just now under a minute", () => {
    expect(ago(30)).toBe("just now");
    expect(ago(60)).toBe("1 minute ago");
    expect(ago(2 * 3600)).toBe("2 hours ago");
    expect(ago(24 * 3600)).toBe("1 day ago");
    expect(ago(3 * 24 * 3600)).toBe("3 days ago");
    expect(ago(7 * 24 * 3600)).toBe("1 week ago");
    expect(ago(400 * 24 * 3600)).toBe("1 year ago");
  });
});
