import { describe, expect, it } from "vitest";
import { preferencesErrors, preferencesFormSchema, preferencesFormValues } from "~/features/community/preferences";

describe("the feed preferences form", () => {
  const form = (entries: [string, string][]) => {
    const data = new FormData();
    for (const [name, value] of entries) data.append(name, value);
    return preferencesFormValues(data);
  };

  it("reads checkbox groups as lists, one or none, with the API's rules", () => {
    expect(
      preferencesFormSchema.parse(
        form([
          ["categories", "composting"],
          ["categories", "recycling"],
          ["categories", "composting"],
          ["location", " Ghent "],
        ]),
      ),
    ).toEqual({
      categories: ["composting", "recycling"],
      post_types: [],
      location: "Ghent",
    });
    // An empty form clears every preference.
    expect(preferencesFormSchema.parse(form([["location", ""]]))).toEqual({ categories: [], post_types: [], location: null });
    // What the browser's check sees (one value a name) reads the same way.
    expect(preferencesFormSchema.parse({ post_types: "tip" })).toEqual({ categories: [], post_types: ["tip"], location: null });
  });

  it("refuses unknown values and a long location, by field", () => {
    const result = preferencesFormSchema.safeParse(
      form([
        ["categories", "composting"],
        ["categories", "rockets"],
        ["post_types", "poem"],
        ["location", "x".repeat(101)],
      ]),
    );
    expect(preferencesErrors(result.error!)).toEqual({
      categories: "Unknown category",
      post_types: "Unknown post type",
      location: "Location must be at most 100 characters",
    });
  });
});
