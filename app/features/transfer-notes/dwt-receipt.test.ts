import { describe, expect, it } from "vitest";
import { addMember, addTransferNote } from "../../../tests/support/unit-factories";
import { dwtReceiptFor, dwtReceiptOf } from "./dwt-receipt.server";
import { dwtReceiptErrors } from "./dwt-rules.server";
import { noteForParty } from "./store/notes.server";

describe("a note's receipt for digital waste tracking", () => {
  const [seller, buyer, stranger] = [addMember("DwtSeller"), addMember("DwtBuyer"), addMember("DwtStranger")];

  it("maps a complete note's fields, names what the note does not hold, and validates once the receiver adds it", async () => {
    const { id, number } = await addTransferNote({ transferorId: (await seller).id, transfereeId: (await buyer).id });
    const answer = dwtReceiptOf((await noteForParty((await buyer).id, id))!);
    expect(answer.receipt).toMatchObject({
      dateTimeReceived: "2026-03-10T10:30:00.000Z",
      reasonForNoConsignmentCode: "NON_HAZ_WASTE_TRANSFER",
      yourUniqueReference: number,
      wasteItems: [
        {
          ewcCodes: ["150106"],
          physicalForm: "Solid",
          numberOfContainers: 4,
          typeOfContainers: "BAL",
          weight: { metric: "Kilograms", amount: 120, isEstimate: false },
          containsHazardous: false,
        },
      ],
      carrier: { registrationNumber: "CBDU123456", meansOfTransport: "Road", vehicleRegistration: "YX21 ABC" },
      receiver: { siteName: "Canal Road recycling yard", authorisationNumber: "EPR/AB1234CD" },
      receipt: { address: { fullAddress: "Unit 4, Canal Road, Bradford", postcode: "BD1 4SJ" } },
    });
    expect(answer.missing.map((entry) => [entry.field, entry.required])).toEqual([
      ["wasteItems[0].containsPops", true],
      ["wasteItems[0].disposalOrRecoveryCodes", false],
    ]);
    expect(answer.errors).toEqual([]);
    expect(answer.ready).toBe(false);
    // What the note holds passes every rule; the receiver's own answer is all it lacks.
    const completed = structuredClone(answer.receipt);
    completed.wasteItems![0]!.containsPops = false;
    expect(dwtReceiptErrors(completed)).toEqual([]);
  });

  it("names the receiving site's authorisation and name when the transferee's organisation had none, rather than guess", async () => {
    const { id } = await addTransferNote({
      transferorId: (await seller).id,
      transfereeId: (await buyer).id,
      transferee: { permit_number: null, site_name: null, roles: ["producer"] },
      carrier: { registration_number: null, reason_for_no_registration: "ONE_OFF", vehicle_registration: null },
    });
    const answer = dwtReceiptOf((await noteForParty((await buyer).id, id))!);
    expect(answer.missing.map((entry) => entry.field)).toEqual([
      "wasteItems[0].containsPops",
      "wasteItems[0].disposalOrRecoveryCodes",
      "receiver.siteName",
      "receiver.authorisationNumber",
      "carrier.vehicleRegistration",
    ]);
    expect(answer.receipt.carrier).toMatchObject({ registrationNumber: null, reasonForNoRegistrationNumber: "ONE_OFF" });
    expect(answer.errors).toEqual([]);
  });

  it("names the consignment code of a load with a hazardous code instead of calling it non-hazardous", async () => {
    const { id } = await addTransferNote({
      transferorId: (await seller).id,
      transfereeId: (await buyer).id,
      waste: { ewc_codes: [{ code: "150110", description: "packaging containing residues of hazardous substances" }] },
    });
    const answer = dwtReceiptOf((await noteForParty((await buyer).id, id))!);
    expect(answer.receipt.reasonForNoConsignmentCode).toBeUndefined();
    expect(answer.receipt.wasteItems![0]!.containsHazardous).toBe(true);
    expect(answer.missing.map((entry) => entry.field)).toContain("hazardousWasteConsignmentCode");
    expect(answer.ready).toBe(false);
  });

  it("is the transferee's: the transferor is refused, anyone else finds nothing", async () => {
    const { id } = await addTransferNote({ transferorId: (await seller).id, transfereeId: (await buyer).id });
    expect((await dwtReceiptFor((await buyer).id, id)).ok).toBe(true);
    expect(await dwtReceiptFor((await seller).id, id)).toEqual({ ok: false, status: 403 });
    expect(await dwtReceiptFor((await stranger).id, id)).toEqual({ ok: false, status: 404 });
  });
});
