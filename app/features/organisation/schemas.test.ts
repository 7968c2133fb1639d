import { describe, expect, it } from "vitest";
import { fieldErrors } from "~/lib/forms";
import { organisationFormSchema, organisationSchema } from "./schemas";

const valid = {
  legal_name: "Green Loop Ltd",
  address: "1 Mill Lane, Leeds",
  postcode: "ls1 4ap",
  country: "gb",
  sic_code: "38320",
  roles: ["producer"],
};

function errorsOf(input: Record<string, unknown>) {
  const result = organisationSchema.safeParse(input);
  return result.success ? {} : fieldErrors(result.error);
}

describe("an organisation's details", () => {
  it("are taken with the postcode and country in capitals and absent numbers as null", () => {
    expect(organisationSchema.parse(valid)).toEqual({
      ...valid,
      postcode: "LS1 4AP",
      country: "GB",
      carrier_registration: null,
      permit_number: null,
      exemption_reference: null,
      site_name: null,
    });
  });

  it("name each missing field", () => {
    expect(Object.keys(errorsOf({})).sort()).toEqual(["address", "country", "legal_name", "postcode", "roles", "sic_code"]);
    expect(errorsOf({ ...valid, roles: [] }).roles).toBe("Choose at least one role");
    expect(errorsOf({ ...valid, roles: ["producer", "recycler"] })["roles.1"]).toMatch(/^Each role must be one of/);
  });

  it("take a five-digit SIC code and a two-letter country only", () => {
    for (const sic_code of ["3832", "383200", "38.32", "ABCDE"])
      expect(errorsOf({ ...valid, sic_code }).sic_code).toMatch(/five digits/);
    for (const country of ["GBR", "G", "1A", "XX", "ZZ", "EU", "QO"])
      expect(errorsOf({ ...valid, country }).country).toMatch(/two-letter/);
    for (const country of ["IE", "de", "NO"]) expect(errorsOf({ ...valid, country, postcode: "1" }), country).toEqual({});
    expect(errorsOf({ ...valid, sic_code: 38110 }).sic_code).toMatch(/five digits/);
  });

  it("print as a note prints them: names on one line, no control, direction-override or invisible characters", () => {
    for (const legal_name of ["Green\u0000 Loop", "\u202eGreen Loop", "Green\u200b Loop", "Green\nLoop", "Green \u0007"])
      expect(errorsOf({ ...valid, legal_name }).legal_name, JSON.stringify(legal_name)).toBe(
        "The legal name must be on one line, without control or invisible characters",
      );
    expect(errorsOf({ ...valid, address: "1 Mill Lane\nLeeds" })).toEqual({});
    expect(errorsOf({ ...valid, address: "1 Mill Lane\u0000" }).address).toBe("The address must not contain control characters");
    expect(errorsOf({ ...valid, site_name: "Yard\u0000" }).site_name).toMatch(/^The site name must be on one line/);
    expect(errorsOf({ ...valid, legal_name: "Zażółć Łódź 株式会社 😀 Ltd" })).toEqual({});
  });

  it("need a UK postcode in GB and take any postcode elsewhere", () => {
    for (const postcode of ["SW1A 1AA", "sw1a1aa", "M1 1AE", "B33 8TH", "CR2 6XH", "DN55 1PT", "EC1A 1BB"]) {
      expect(errorsOf({ ...valid, postcode }), postcode).toEqual({});
    }
    for (const postcode of ["12345", "SW1A", "D02 X285", "1AA SW1"]) {
      expect(errorsOf({ ...valid, postcode }).postcode, postcode).toBe("Enter a UK postcode such as SW1A 1AA");
    }
    expect(errorsOf({ ...valid, country: "IE", postcode: "D02 X285" })).toEqual({});
  });

  it("take carrier and broker registrations in the England and Wales, SEPA and Northern Ireland forms", () => {
    const carrier = { ...valid, roles: ["carrier"] };
    for (const number of [
      "CBDU123456",
      "cbdl999",
      "CBDU12345678901234567890",
      "WCR/R/1234567",
      "SCO/123456",
      "SEA/123456",
      "SNO/123456",
      "SWE/123456",
      "WCR/123456",
      "ROC UT 12345",
      "ROC LT 9",
    ]) {
      expect(errorsOf({ ...carrier, carrier_registration: number }), number).toEqual({});
    }
    for (const number of [
      "CBDU12",
      "CBDX123456",
      "CBDU123456789012345678901",
      "WCR/R/123456",
      "ABC/123456",
      "ROC UT 123456",
      "ROC XT 1",
      "123456",
    ]) {
      expect(errorsOf({ ...carrier, carrier_registration: number }).carrier_registration, number).toMatch(
        /^Enter a waste carrier/,
      );
    }
  });

  it("take permit numbers and exemption references in UK forms", () => {
    const holder = { ...valid, roles: ["permit_holder"] };
    for (const number of [
      "EPR/AB1234CD",
      "AB1234CD",
      "EPR/AB1234CD/A001",
      "AB1234CD/D1234",
      "PPC/A/1234567",
      "WML/L/123456",
      "EAS/P/123456",
    ]) {
      expect(errorsOf({ ...holder, permit_number: number }), number).toEqual({});
    }
    for (const number of ["AB123CD", "EPR/1234ABCD", "PPC/1234567", "permit"]) {
      expect(errorsOf({ ...holder, permit_number: number }).permit_number, number).toMatch(
        /^Enter an environmental permit number/,
      );
    }
    const exempt = { ...valid, roles: ["exempt"] };
    expect(errorsOf({ ...exempt, exemption_reference: "WEX123456" })).toEqual({});
    expect(errorsOf({ ...exempt, exemption_reference: "WEX12" }).exemption_reference).toMatch(
      /^Enter a waste exemption reference/,
    );
  });

  it("need the registration each role requires", () => {
    expect(errorsOf({ ...valid, roles: ["carrier"] }).carrier_registration).toBe(
      "A carrier, broker or dealer needs its waste carrier registration number",
    );
    expect(errorsOf({ ...valid, roles: ["broker_dealer"], carrier_registration: "" }).carrier_registration).toMatch(
      /needs its waste carrier/,
    );
    expect(errorsOf({ ...valid, roles: ["permit_holder"] }).permit_number).toBe("A permit holder needs its permit number");
    expect(errorsOf({ ...valid, roles: ["exempt"] }).exemption_reference).toBe(
      "An exempt business needs its exemption reference",
    );
    expect(errorsOf({ ...valid, roles: ["producer", "local_authority", "importer"] })).toEqual({});
  });

  it("refuse fields of the wrong type by name, whatever else was sent", () => {
    for (const roles of [null, 5, "carrier", { 0: "carrier" }]) {
      expect(errorsOf({ ...valid, roles, postcode: 7 }), String(roles)).toMatchObject({
        roles: expect.any(String),
        postcode: expect.any(String),
      });
    }
    expect(Object.keys(errorsOf({ ...valid, roles: ["carrier"], carrier_registration: 5, site_name: [] })).sort()).toEqual([
      "carrier_registration",
      "site_name",
    ]);
  });

  it("come from a form as one role or several", () => {
    expect(organisationFormSchema.parse({ ...valid, roles: "producer" })).toMatchObject({ roles: ["producer"] });
    expect(organisationFormSchema.parse({ ...valid, roles: ["importer", "producer"] })).toMatchObject({
      roles: ["producer", "importer"],
    });
    expect(organisationFormSchema.safeParse({ ...valid, roles: undefined }).success).toBe(false);
  });
});
