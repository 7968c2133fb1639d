import { describe, expect, it } from "vitest";
import { correctionFromForm, type CorrectableNote } from "./corrections";

const note: CorrectableNote = {
  place: "Leeds",
  description: "Baled cardboard",
  weight_kg: 2000,
  weight_is_estimate: true,
  carrier: {
    name: "Loop Haulage Ltd",
    registration_number: "CBDU123456",
    reason_for_no_registration: null,
    means_of_transport: "Road",
    vehicle_registration: null,
  },
};

const asShown = {
  place: "Leeds",
  description: "Baled cardboard",
  weight_kg: "2000",
  weight_is_estimate: "true",
  "carrier.name": "Loop Haulage Ltd",
  "carrier.registration_number": "CBDU123456",
  "carrier.reason_for_no_registration": "",
  "carrier.means_of_transport": "Road",
  "carrier.vehicle_registration": "",
};

describe("correctionFromForm", () => {
  it("finds nothing to correct in the form as the page filled it in, spaces and number spellings aside", () => {
    expect(correctionFromForm(note, asShown)).toEqual({});
    expect(correctionFromForm(note, { ...asShown, place: " Leeds ", weight_kg: "2000.0" })).toEqual({});
  });

  it("takes only the changed fields, an unticked box as not an estimate, and the carrier whole", () => {
    const { weight_is_estimate: _ticked, ...unticked } = asShown;
    expect(correctionFromForm(note, { ...unticked, weight_kg: "1950" })).toEqual({
      weight_kg: "1950",
      weight_is_estimate: false,
    });
    expect(correctionFromForm(note, { ...asShown, description: "Damp cardboard" })).toEqual({
      waste: { description: "Damp cardboard" },
    });
    expect(correctionFromForm(note, { ...asShown, "carrier.vehicle_registration": "YX21 ABC" })).toEqual({
      carrier: {
        name: "Loop Haulage Ltd",
        registration_number: "CBDU123456",
        reason_for_no_registration: "",
        means_of_transport: "Road",
        vehicle_registration: "YX21 ABC",
      },
    });
  });

  it("passes a weight that is not a number on, for the schema to refuse in words", () => {
    expect(correctionFromForm(note, { ...asShown, weight_kg: "heavy" })).toEqual({ weight_kg: "heavy" });
  });
});
