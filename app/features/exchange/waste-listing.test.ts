import { describe, expect, it } from "vitest";
import { fieldErrors } from "~/lib/forms";
import { HAZARDOUS_WASTE_MESSAGE } from "~/features/waste-codes/vocabulary";
import { mergeListingChange } from "./listing-rules";
import { listingChangeSchema, listingSchema, listingSearchSchema } from "./schemas";
import { wasteCodesRefusal, wasteCodesView } from "./waste-listing.server";

const cardboard = {
  kind: "sale",
  title: "Baled cardboard",
  description: "Clean, dry cardboard from our shop, baled.",
  category: "paper",
  material: "paper",
  condition: "scrap",
  quantity: "2",
  unit: "t",
  price_cents: "4000",
  handover: "collection",
};
const waste = {
  ...cardboard,
  ewc_codes: ["20 01 01"],
  waste_description: "Cardboard boxes, flattened and baled",
  physical_form: "Solid",
  container_type: "BAL",
  containers: "6",
};

function errorsOf(input: unknown) {
  const result = listingSchema.safeParse(input);
  return result.success ? {} : fieldErrors(result.error);
}

describe("a waste listing's fields", () => {
  it("reads codes with spaces or a star as six digits, a repeated code once, and the waste details", () => {
    expect(listingSchema.parse({ ...waste, ewc_codes: ["20 01 01", "200101", "15 01 01"] })).toMatchObject({
      ewc_codes: ["200101", "150101"],
      waste_description: "Cardboard boxes, flattened and baled",
      physical_form: "Solid",
      container_type: "BAL",
      containers: 6,
    });
    // A form sends the chosen codes as one text, separated by commas.
    expect(listingSchema.parse({ ...waste, ewc_codes: "200101, 15 01 01" }).ewc_codes).toEqual(["200101", "150101"]);
  });

  it("keeps a listing without codes an ordinary one, its waste fields null", () => {
    expect(listingSchema.parse({ ...cardboard, ewc_codes: "" })).toMatchObject({
      ewc_codes: null,
      waste_description: null,
      physical_form: null,
      container_type: null,
      containers: null,
    });
  });

  it("takes one to five codes of six digits", () => {
    expect(errorsOf({ ...waste, ewc_codes: [] })).toEqual({ ewc_codes: "Choose at least one waste code" });
    const six = ["200101", "150101", "150102", "150103", "150104", "150105"];
    expect(errorsOf({ ...waste, ewc_codes: six })).toEqual({ ewc_codes: "Choose at most 5 waste codes" });
    expect(errorsOf({ ...waste, ewc_codes: six.slice(0, 5) })).toEqual({});
    expect(errorsOf({ ...waste, ewc_codes: ["2001"] })).toEqual({
      ewc_codes: "Give each waste code as six digits, like 20 01 01",
    });
    expect(errorsOf({ ...waste, ewc_codes: 200101 })).toEqual({ ewc_codes: "Give the waste codes as a list of six-digit codes" });
  });

  it("requires every waste detail of a waste listing, naming each one missing", () => {
    expect(errorsOf({ ...cardboard, ewc_codes: ["200101"] })).toEqual({
      waste_description: "Describe the waste as its transfer note will name it",
      physical_form: "Choose the waste's form: Solid, Liquid, Sludge, Powder, Gas or Mixed",
      container_type: "Choose a container type",
      containers: "Give the number of containers",
    });
    expect(errorsOf({ ...waste, physical_form: "Slurry", container_type: "BIN", containers: "1.5" })).toEqual({
      physical_form: "Choose the waste's form: Solid, Liquid, Sludge, Powder, Gas or Mixed",
      container_type: "Choose a container type",
      containers: "Give the number of containers as a whole number from 1 to 100,000",
    });
    expect(errorsOf({ ...waste, containers: 0 })).toMatchObject({ containers: expect.stringMatching(/from 1/) });
  });

  it("refuses waste details on a listing without codes", () => {
    const { ewc_codes: _codes, ...detailsOnly } = waste;
    expect(Object.keys(errorsOf(detailsOnly))).toEqual(["waste_description", "physical_form", "container_type", "containers"]);
  });

  it("refuses a hazardous code with the consignment note's message, and a code not on the list naming the field", () => {
    expect(wasteCodesRefusal(["200101", "150102"])).toBeNull();
    expect(wasteCodesRefusal(["170503"])).toMatchObject({
      ok: false,
      reason: "invalid",
      message: HAZARDOUS_WASTE_MESSAGE,
      errors: { ewc_codes: HAZARDOUS_WASTE_MESSAGE },
    });
    expect(HAZARDOUS_WASTE_MESSAGE).toBe(
      "Hazardous waste needs a consignment note, which Circular Hub does not issue: trade it outside the platform.",
    );
    expect(wasteCodesRefusal(["200101", "209999"])).toMatchObject({
      reason: "invalid",
      errors: { ewc_codes: "20 99 99 is not a code of the List of Waste" },
    });
  });

  it("shows each code with its display form and description", () => {
    expect(wasteCodesView(["200101"])).toEqual([
      { code: "200101", display_code: "20 01 01", description: "paper and cardboard" },
    ]);
    expect(wasteCodesView(null)).toBeNull();
  });

  it("takes the waste details away with the codes when a change clears them", () => {
    const stored = listingSchema.parse(waste);
    const change = listingChangeSchema.parse({ ewc_codes: null });
    const merged = mergeListingChange(stored, change);
    expect(merged).toMatchObject({ ok: true, values: { ewc_codes: null, physical_form: null, containers: null } });
  });

  it("filters the marketplace by a code (spaces ignored) or a chapter, refusing a bad one by name", () => {
    expect(listingSearchSchema.parse({ ewc_code: "20 01 01", ewc_chapter: "20" })).toMatchObject({
      ewc_code: "200101",
      ewc_chapter: "20",
    });
    const refused = (query: Record<string, string>) => fieldErrors(listingSearchSchema.safeParse(query).error!);
    expect(refused({ ewc_code: "2001" })).toEqual({ ewc_code: "ewc_code must be a code of six digits, like 20 01 01" });
    expect(refused({ ewc_chapter: "21" })).toEqual({
      ewc_chapter: "ewc_chapter must be a chapter of the List of Waste, 01 to 20",
    });
  });
});
