import { describe, expect, it } from "vitest";
import { mergeTransferDetails, nestCarrierFields, partsOwedBy } from "./transfer-details";
import { orderTransitionSchema } from "./schemas";

const carrier = {
  name: "Loop Haulage Ltd",
  registration_number: "CBDU123456",
  means_of_transport: "Road" as const,
  vehicle_registration: undefined,
};

describe("what each party of a waste order owes its transfer note", () => {
  it("asks the transferor for the declaration and the place, and the carrying party for the carrier", () => {
    expect(partsOwedBy("seller", "collection")).toEqual(["hierarchy_declaration", "place"]);
    expect(partsOwedBy("buyer", "collection")).toEqual(["carrier"]);
    expect(partsOwedBy("buyer", "buyer_transport")).toEqual(["carrier"]);
    expect(partsOwedBy("seller", "delivery")).toEqual(["hierarchy_declaration", "place", "carrier"]);
    expect(partsOwedBy("buyer", "delivery")).toEqual([]);
  });

  it("names each part left out, and keeps only the parts the party owes", () => {
    expect(mergeTransferDetails("seller", "delivery", {}, null)).toMatchObject({
      ok: false,
      errors: { hierarchy_declaration: expect.any(String), place: expect.any(String), carrier: expect.any(String) },
    });
    // The buyer on collection cannot make the transferor's declaration or say the place for them.
    expect(
      mergeTransferDetails("buyer", "collection", { carrier, place: "Somewhere else", hierarchy_declaration: true }, null),
    ).toEqual({
      ok: true,
      details: {
        carrier: { ...carrier, reason_for_no_registration: null, vehicle_registration: null },
      },
    });
  });

  it("never overwrites what the other party gave first", () => {
    const first = mergeTransferDetails(
      "seller",
      "collection",
      { hierarchy_declaration: true, place: "Leeds", weight_is_estimate: false },
      null,
    );
    if (!first.ok) throw new Error(first.message);
    const second = mergeTransferDetails("buyer", "collection", { carrier, weight_is_estimate: true }, first.details);
    expect(second).toMatchObject({
      ok: true,
      details: { hierarchy_declaration: true, place: "Leeds", weight_is_estimate: false, carrier: { name: "Loop Haulage Ltd" } },
    });
  });

  it("reads the page's flat carrier fields as the API's object, and a blank carrier as none", () => {
    const form = {
      action: "complete",
      "carrier.name": "Loop",
      "carrier.reason_for_no_registration": "ONE_OFF",
      "carrier.means_of_transport": "Inland Waterway",
    };
    expect(orderTransitionSchema.parse(nestCarrierFields(form)).carrier).toMatchObject({
      name: "Loop",
      reason_for_no_registration: "ONE_OFF",
      means_of_transport: "Inland Waterway",
    });
    expect(nestCarrierFields({ action: "complete", "carrier.name": " ", "carrier.means_of_transport": "" })).toEqual({
      action: "complete",
    });
    expect(
      orderTransitionSchema.safeParse({ action: "complete", carrier: { ...carrier, means_of_transport: "road" } }).success,
    ).toBe(false);
  });
});
