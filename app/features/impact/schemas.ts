import { moneyToCents, numberField, numberRefusal, readNumber } from "~/lib/numbers";
import { z } from "~/lib/zod";
import { isCalendarDay, latestToday } from "./periods";
import { EARLIEST_ENTRY_DATE, MATERIALS, MAX_ENTRY_WEIGHT_KG, MAX_NOTE_LENGTH, TREATMENTS } from "./vocabulary";

/**
 * What the ledger accepts from members and clients: a load (the Process Waste form and POST
 * /api/impact/entries), a change to one (PATCH takes any of its fields) and the list's filters.
 * Forms send text and JSON clients numbers; both are read alike. Keys a schema does not know are
 * left out, never refused.
 */

/** The most money one entry may carry, either way, in whole cents: what the form's amount field takes (999,999,999.99). */
export const MAX_ENTRY_MONEY_CENTS = 99_999_999_999;

const number = numberField;

/** A field a form may leave empty: empty text is absent, and null (an API client clearing it) stays null. */
const clearable = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (typeof value === "string" && value.trim() === "" ? null : value), schema.nullable().optional());

// Control characters (C0 but line breaks, DEL, C1) and the bidirectional embeddings, overrides and
// isolates that make a note read one way on the page and another in the CSV.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

const MAX_WEIGHT_MESSAGE = "A single entry can weigh at most 100,000 t.";

export const entryFields = {
  date: z
    .string({ error: "Give the date as YYYY-MM-DD" })
    .trim()
    .refine(isCalendarDay, "Give a real calendar date as YYYY-MM-DD")
    .refine((day) => day >= EARLIEST_ENTRY_DATE, "The date cannot be before 1 January 2000.")
    // Read at each check, so a server running for days keeps moving "today" on.
    .refine((day) => day <= latestToday(), "The date cannot be in the future."),
  material: z.enum(MATERIALS, { error: "Choose one of the materials" }),
  weight_kg: number("Give the weight in kg as a number")
    .refine((kg) => kg > 0, "The weight must be above zero")
    .refine((kg) => kg <= MAX_ENTRY_WEIGHT_KG, MAX_WEIGHT_MESSAGE)
    // The ledger keeps whole grams: a weight that rounds to none would be an entry of nothing.
    .refine((kg) => Math.round(kg * 1000) >= 1, "The weight must be at least 1 gram (0.001 kg)")
    .refine(
      (kg) => Math.abs(kg * 1000 - Math.round(kg * 1000)) < 1e-6,
      "Give the weight to the gram at most: three decimals in kg",
    ),
  treatment: z.enum(TREATMENTS, { error: "Choose what happened to the load" }),
  revenue_cents: clearable(
    number("Give the revenue in cents as a whole number (negative for a cost)")
      .refine(Number.isSafeInteger, "Give the revenue in cents as a whole number (negative for a cost)")
      .refine(
        (cents) => Math.abs(cents) <= MAX_ENTRY_MONEY_CENTS,
        `A revenue or cost can be at most ${(MAX_ENTRY_MONEY_CENTS / 100).toLocaleString("en-US", { minimumFractionDigits: 2 })} in the currency`,
      ),
  ),
  note: clearable(
    z
      .string({ error: "Write the note as text" })
      // A textarea sends line breaks as CR LF: kept as one LF, so no lone CR reaches the CSV.
      .transform((note) => note.replace(/\r\n?/g, "\n"))
      .pipe(
        z
          .string()
          .trim()
          .max(MAX_NOTE_LENGTH, `The note must be at most ${MAX_NOTE_LENGTH} characters`)
          .refine((note) => !CONTROL_CHARACTERS.test(note), "Remove the control characters from the note"),
      )
      .transform((note) => note || null),
  ),
};

/**
 * A new entry. `submission_key` is what a form (or a client retrying) sends it under: the same key
 * again records nothing new and answers the entry it recorded first.
 */
export const entrySchema = z.object({
  ...entryFields,
  submission_key: z
    .string({ error: "Send the submission key as text" })
    .regex(/^[A-Za-z0-9_-]{8,64}$/, "A submission key is 8 to 64 letters, digits, - or _")
    .optional(),
});
export type EntryValues = z.output<typeof entrySchema>;

/** A change to an entry: any of its fields, at least one. */
export const entryChangeSchema = z
  .object(entryFields)
  .partial()
  .refine((change) => Object.values(change).some((value) => value !== undefined), {
    message: "Change at least one field",
    path: ["form"],
  });
export type EntryChange = z.output<typeof entryChangeSchema>;

const optionalChoice = <const T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.preprocess((value) => (value === "" ? undefined : value), z.enum(values, { error: message }).optional());

const dayFilter = (name: string) =>
  z.preprocess(
    (value) => (value === "" ? undefined : value),
    z.string().refine(isCalendarDay, `${name} must be a real calendar date written YYYY-MM-DD`).optional(),
  );

/** GET /api/impact/entries and the ledger page: every filter optional; a bad value is a 400 naming it. */
export const entryQuerySchema = z
  .object({
    from: dayFilter("from"),
    to: dayFilter("to"),
    material: optionalChoice(MATERIALS, `Choose a material from the list (${MATERIALS.join(", ")})`),
    treatment: optionalChoice(TREATMENTS, `Choose a treatment from the list (${TREATMENTS.join(", ")})`),
    // A page past the list is simply empty; the cap keeps the offset a whole number SQLite takes.
    page: z
      .preprocess(
        (value) => readNumber(value),
        z
          .number({ error: "page must be a whole number from 1" })
          .refine((page) => Number.isSafeInteger(page) && page >= 1, "page must be a whole number from 1")
          .optional(),
      )
      .transform((page) => Math.min(page ?? 1, 1_000_000)),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: "from must not be after to",
    path: ["from"],
  });
export type EntryQueryValues = z.output<typeof entryQuerySchema>;

/** Whether the form's money is earned or spent. */
export const MONEY_KINDS = ["revenue", "cost"] as const;

/**
 * The Process Waste form's fields as the entry schema reads them: the form asks for an amount in
 * the currency's units ("12.50") and whether it is a revenue or a cost; the schema and the API
 * take signed whole cents. An amount that is not such a number is refused under the form's own
 * field name, `amount`.
 */
export function fromEntryForm(form: Record<string, unknown>): { fields: Record<string, unknown>; amountError?: string } {
  const { amount, money, ...fields } = form;
  if (typeof amount !== "string" || amount.trim() === "") return { fields: { ...fields, revenue_cents: null } };
  const cents = moneyToCents(amount);
  if (Number.isNaN(cents))
    return { fields, amountError: numberRefusal(amount, "Give the amount as a number with at most two decimals, like 12.50") };
  return { fields: { ...fields, revenue_cents: money === "cost" ? -cents : cents } };
}

/** A refusal's field errors under the form's names (`amount`, not the API's `revenue_cents`). */
export const formErrorsOf = (errors: Record<string, string>) =>
  Object.fromEntries(Object.entries(errors).map(([field, message]) => [field === "revenue_cents" ? "amount" : field, message]));

/**
 * The period of /api/impact and /api/impact/export as the API document describes it: `period`
 * (7, 30 or 90 days to today) or `from` and `to` (YYYY-MM-DD). periods.ts's rangeOf reads them.
 */
export const impactRangeQuerySchema = z.object({
  period: z.enum(["7", "30", "90"]).optional(),
  from: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
  to: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
});

const calendarDay = (what: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `The ${what} date is written as YYYY-MM-DD.`)
    .refine(isCalendarDay, `The ${what} date is not a day of the calendar.`)
    .optional();

/** GET /api/impact/platform: `from` and `to` (days, both counted), each optional; neither is all time. */
export const platformQuerySchema = z
  .object({ from: calendarDay("start"), to: calendarDay("end") })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: "The start date must not be after the end date.",
    path: ["from"],
  });
