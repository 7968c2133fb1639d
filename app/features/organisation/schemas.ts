import { z } from "~/lib/zod";
import { textRule } from "~/lib/text";

/**
 * A member's business identity, as a waste transfer note names it: the rules and messages shared by
 * the API, the settings form (in the browser too) and the page's action. The registration formats
 * are the ones the UK's digital waste tracking service accepts, so that a note's numbers can be
 * sent on as they are.
 */

export const ORGANISATION_ROLES = [
  "producer",
  "carrier",
  "broker_dealer",
  "permit_holder",
  "exempt",
  "local_authority",
  "importer",
] as const;
export type OrganisationRole = (typeof ORGANISATION_ROLES)[number];

export const ROLE_LABELS: Record<OrganisationRole, string> = {
  producer: "Producer (our activities make the waste)",
  carrier: "Carrier (we transport waste)",
  broker_dealer: "Broker or dealer (we arrange or buy and sell waste)",
  permit_holder: "Permit holder (we run a permitted site)",
  exempt: "Exempt (we work under a registered exemption)",
  local_authority: "Local authority",
  importer: "Importer",
};

/**
 * Waste carrier, broker and dealer registrations: England's and Wales's CBDU/CBDL numbers, SEPA's
 * WCR and regional forms, Northern Ireland's ROC UT/LT numbers.
 */
export const CARRIER_REGISTRATION_FORMS = [
  /^CBD[LU]\d{3,20}$/,
  /^WCR\/R\/\d{7}$/,
  /^(SCO|SEA|SNO|SWE|WCR)\/\d{6}$/,
  /^ROC [UL]T \d{1,5}$/,
];

/**
 * Site permits: England's and Wales's (two letters, four digits, two letters, optionally with EPR/
 * before and a variation or deployment after), SEPA's PPC/WML/EAS licences and Northern Ireland's
 * waste management licences and PPC permits.
 */
export const PERMIT_NUMBER_FORMS = [
  /^(EPR\/)?[A-Z]{2}\d{4}[A-Z]{2}(\/[A-Z]\d{3}|\/D\d{4})?$/,
  /^(PPC|WML|EAS)\/[A-Z]\/\d{5,7}$/,
  /^(LN|WPPC|P)\s?\/?\d{2,4}\/\d{2}[A-Z]?(\/V\d+)?$/,
];

/** Registered exemptions: England's WEX numbers, Wales's, Scotland's and Northern Ireland's references. */
export const EXEMPTION_REFERENCE_FORMS = [
  /^WEX\d{6}$/,
  /^EPR\/[A-Z]{2}\d{4}[A-Z]{2}$/,
  /^WML\/XS\/\d{5,7}$/,
  /^(NIEA\/)?[A-Z]{2,3}\/\d{3,6}$/,
];

/** A UK postcode, any case, with or without its space (British Forces and Girobank's included). */
export const UK_POSTCODE = /^([A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}|GIR ?0AA|BFPO ?\d{1,4})$/;

export const CARRIER_REGISTRATION_MESSAGE =
  "Enter a waste carrier, broker or dealer registration number such as CBDU123456, WCR/R/1234567, SCO/123456 or ROC UT 123";
export const PERMIT_NUMBER_MESSAGE = "Enter an environmental permit number such as EPR/AB1234CD, AB1234CD or PPC/A/1234567";
export const EXEMPTION_REFERENCE_MESSAGE = "Enter a waste exemption reference such as WEX123456";
export const UK_POSTCODE_MESSAGE = "Enter a UK postcode such as SW1A 1AA";

/** A registration as people type it: spaces at the ends trimmed, letters in capitals. */
const normalised = (value: string) => value.trim().replace(/\s+/g, " ").toUpperCase();

const optionalNumber = (forms: readonly RegExp[], message: string) =>
  z
    .string({ error: message })
    .max(40, message)
    .transform(normalised)
    .refine((value) => value === "" || forms.some((form) => form.test(value)), message)
    .optional()
    .transform((value) => value || null);

/**
 * Text a transfer note prints as the business's: a name on one line without control,
 * direction-override or invisible characters (which would make a legal name read one way on the
 * note and another in a register); an address of several lines without control characters.
 */
const text = (name: string, max: number, lines: "one" | "several" = "one") =>
  z
    .string({ error: (issue) => (issue.input === undefined ? `${name} is required` : `${name} must be text`) })
    .trim()
    .min(1, `${name} is required`)
    .max(max, `${name} must be at most ${max} characters`)
    .refine(...textRule(name, lines));

/**
 * Whether a two-letter code is a country or territory of ISO 3166-1: one the runtime's region
 * names know, less the codes ISO leaves to users (AA, QM to QZ, XA to XZ, ZZ: CLDR's "Unknown
 * Region" among them) and the unions it reserves (EU, EZ, UN), which name no country.
 */
const regionNames = new Intl.DisplayNames(["en"], { type: "region", fallback: "none" });
const isCountryCode = (code: string) =>
  /^[A-Z]{2}$/.test(code) && !/^(AA|Q[M-Z]|X[A-Z]|ZZ|EU|EZ|UN)$/.test(code) && regionNames.of(code) !== undefined;

/** The roles each registration is required by. */
const REQUIRED_BY: {
  field: "carrier_registration" | "permit_number" | "exemption_reference";
  roles: OrganisationRole[];
  message: string;
}[] = [
  {
    field: "carrier_registration",
    roles: ["carrier", "broker_dealer"],
    message: "A carrier, broker or dealer needs its waste carrier registration number",
  },
  { field: "permit_number", roles: ["permit_holder"], message: "A permit holder needs its permit number" },
  { field: "exemption_reference", roles: ["exempt"], message: "An exempt business needs its exemption reference" },
];

const organisationFields = z.object({
  legal_name: text("The legal name", 200),
  address: text("The address", 500, "several"),
  postcode: z
    .string({ error: "The postcode is required" })
    .max(16, "The postcode must be at most 16 characters")
    .transform(normalised)
    .refine((value) => value !== "", "The postcode is required"),
  country: z
    .string({ error: "The country is required" })
    .transform((value) => value.trim().toUpperCase())
    .refine(isCountryCode, "The country must be a two-letter ISO 3166 code such as GB"),
  sic_code: z
    .string({
      error: (issue) =>
        issue.input === undefined ? "The SIC code is required" : "The SIC code must be five digits (SIC 2007), such as 38320",
    })
    .trim()
    .regex(/^\d{5}$/, "The SIC code must be five digits (SIC 2007), such as 38320"),
  roles: z
    .array(z.enum(ORGANISATION_ROLES, { error: `Each role must be one of ${ORGANISATION_ROLES.join(", ")}` }), {
      error: "Choose at least one role",
    })
    .min(1, "Choose at least one role")
    .max(ORGANISATION_ROLES.length, "Choose each role once")
    .transform((roles) => ORGANISATION_ROLES.filter((role) => roles.includes(role))),
  carrier_registration: optionalNumber(CARRIER_REGISTRATION_FORMS, CARRIER_REGISTRATION_MESSAGE),
  permit_number: optionalNumber(PERMIT_NUMBER_FORMS, PERMIT_NUMBER_MESSAGE),
  exemption_reference: optionalNumber(EXEMPTION_REFERENCE_FORMS, EXEMPTION_REFERENCE_MESSAGE),
  site_name: z
    .string({ error: "The site name must be text" })
    .trim()
    .max(200, "The site name must be at most 200 characters")
    .refine(...textRule("The site name", "one"))
    .optional()
    .transform((value) => value || null),
});

/** PUT /api/users/organisation and the settings form: the whole organisation, replaced. */
export const organisationSchema = organisationFields.superRefine((value, context) => {
  // This runs even when some fields were refused (a blank name, a short SIC code), so that every
  // refusal is named at once: read nothing as the type it should have had.
  const roles: readonly unknown[] = Array.isArray(value.roles) ? value.roles : [];
  if (value.country === "GB" && typeof value.postcode === "string" && !UK_POSTCODE.test(value.postcode)) {
    context.addIssue({ code: "custom", path: ["postcode"], message: UK_POSTCODE_MESSAGE });
  }
  for (const rule of REQUIRED_BY) {
    if (value[rule.field] === null && rule.roles.some((role) => roles.includes(role))) {
      context.addIssue({ code: "custom", path: [rule.field], message: rule.message });
    }
  }
});

export type OrganisationInput = z.output<typeof organisationSchema>;

/** The settings form sends the roles as checkboxes: none, one (a string) or several. */
export const organisationFormSchema = z.preprocess((value) => {
  if (typeof value !== "object" || value === null) return value;
  const roles = (value as { roles?: unknown }).roles;
  return { ...value, roles: roles === undefined ? [] : Array.isArray(roles) ? roles : [roles] };
}, organisationSchema);

/** The organisation as the API answers it. */
export const organisationViewSchema = z.object({
  legal_name: z.string(),
  address: z.string(),
  postcode: z.string(),
  country: z.string(),
  sic_code: z.string(),
  roles: z.array(z.enum(ORGANISATION_ROLES)),
  carrier_registration: z.string().nullable(),
  permit_number: z.string().nullable(),
  exemption_reference: z.string().nullable(),
  site_name: z.string().nullable(),
  updated_at: z.string(),
});

export type Organisation = z.output<typeof organisationViewSchema>;
