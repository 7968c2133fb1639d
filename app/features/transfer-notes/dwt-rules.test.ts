import { describe, expect, it } from "vitest";
import { dwtReceiptErrors } from "./dwt-rules.server";
import type { DwtReceipt } from "./wire";

/** A receipt the service takes: every required field, in its formats and lists. */
const complete = (): DwtReceipt => ({
  dateTimeReceived: "2026-03-10T10:30:00.000Z",
  reasonForNoConsignmentCode: "NON_HAZ_WASTE_TRANSFER",
  yourUniqueReference: "CH-2026-000001",
  wasteItems: [
    {
      ewcCodes: ["150106"],
      wasteDescription: "Mixed packaging",
      physicalForm: "Solid",
      numberOfContainers: 4,
      typeOfContainers: "BAL",
      weight: { metric: "Kilograms", amount: 120, isEstimate: false },
      containsPops: false,
      containsHazardous: false,
      hazardous: null,
    },
  ],
  carrier: {
    organisationName: "Second Life Plastics Ltd",
    registrationNumber: "CBDU123456",
    meansOfTransport: "Road",
    vehicleRegistration: "YX21 ABC",
  },
  receiver: { siteName: "Canal Road yard", authorisationNumber: "EPR/AB1234CD" },
  receipt: { address: { fullAddress: "Unit 4, Canal Road, Bradford", postcode: "BD1 4SJ" } },
});

const keysOf = (receipt: DwtReceipt) => dwtReceiptErrors(receipt).map((error) => `${error.key} ${error.errorType}`);

describe("the digital waste tracking receipt's rules", () => {
  it("take a complete receipt", () => {
    expect(dwtReceiptErrors(complete())).toEqual([]);
  });

  it("refuse what is required and missing, naming each field", () => {
    const receipt = complete();
    delete receipt.dateTimeReceived;
    delete receipt.wasteItems![0]!.containsPops;
    delete receipt.receiver!.authorisationNumber;
    delete receipt.receipt;
    expect(keysOf(receipt)).toEqual([
      "dateTimeReceived NotProvided",
      "wasteItems[0].containsPops NotProvided",
      "receiver.authorisationNumber NotProvided",
      "receipt.address.fullAddress NotProvided",
      "receipt.address.postcode NotProvided",
    ]);
    expect(keysOf({ ...complete(), wasteItems: [] })).toEqual(["wasteItems NotProvided"]);
  });

  it("refuse values outside the service's formats and lists (case-sensitive)", () => {
    const receipt = complete();
    const item = receipt.wasteItems![0]!;
    Object.assign(item, { physicalForm: "solid", typeOfContainers: "XYZ", ewcCodes: ["999999"], numberOfContainers: -1 });
    item.weight = { metric: "Pounds", amount: 0, isEstimate: false };
    receipt.dateTimeReceived = "10/03/2026";
    receipt.receiver!.authorisationNumber = "not a permit";
    receipt.receipt!.address!.postcode = "D02 X285";
    expect(keysOf(receipt)).toEqual([
      "dateTimeReceived InvalidFormat",
      "wasteItems[0].ewcCodes InvalidValue",
      "wasteItems[0].physicalForm InvalidValue",
      "wasteItems[0].numberOfContainers OutOfRange",
      "wasteItems[0].typeOfContainers InvalidValue",
      "wasteItems[0].weight.metric InvalidValue",
      "wasteItems[0].weight.amount OutOfRange",
      "receiver.authorisationNumber InvalidFormat",
      "receipt.address.postcode InvalidFormat",
    ]);
  });

  it("hold the cross-field rules: carrier registration or a reason, vehicle for road only, a reason beside hazardous codes", () => {
    const both = complete();
    both.carrier!.reasonForNoRegistrationNumber = "ONE_OFF";
    expect(keysOf(both)).toEqual(["carrier.reasonForNoRegistrationNumber NotAllowed"]);

    const neither = complete();
    neither.carrier!.registrationNumber = null;
    expect(keysOf(neither)).toEqual(["carrier.reasonForNoRegistrationNumber NotProvided"]);

    const road = complete();
    delete road.carrier!.vehicleRegistration;
    expect(keysOf(road)).toEqual(["carrier.vehicleRegistration NotProvided"]);

    const rail = complete();
    rail.carrier!.meansOfTransport = "Rail";
    expect(keysOf(rail)).toEqual(["carrier.vehicleRegistration NotAllowed"]);

    const hazardous = complete();
    hazardous.wasteItems![0]!.ewcCodes = ["150110"];
    delete hazardous.reasonForNoConsignmentCode;
    expect(keysOf(hazardous)).toEqual(["reasonForNoConsignmentCode BusinessRuleViolation"]);
  });

  it("ask for the components the source of a POPs or hazardous assessment calls for", () => {
    const receipt = complete();
    const item = receipt.wasteItems![0]!;
    item.containsPops = true;
    item.pops = { sourceOfComponents: "GUIDANCE" };
    expect(keysOf(receipt)).toEqual(["wasteItems[0].pops.components NotProvided"]);
    item.pops = { sourceOfComponents: "NOT_PROVIDED", components: [{ code: "END" }] };
    expect(keysOf(receipt)).toEqual(["wasteItems[0].pops.components NotAllowed"]);
  });
});
