import { entryFields } from "~/features/impact/schemas";
import { numberField } from "~/lib/numbers";
import { hasHiddenControls, HIDDEN_CONTROLS_MESSAGE } from "~/lib/text";
import { z } from "~/lib/zod";
import { MATERIALS, TREATMENTS } from "~/features/impact/vocabulary";

/**
 * An event's results as members and clients send them (POST /api/events/:id/results and the
 * results form) and as the event's page and API answer them, and who may record them when. Plain
 * rules, no database: results.server.ts applies them.
 */

/** The most lines one event's results hold: more than any sorting table has piles. */
export const MAX_RESULT_LINES = 20;
/** The largest count (items, volunteers) and number of hours one event records. */
export const MAX_RESULT_COUNT = 100_000;
export const MAX_RESULT_NOTE_LENGTH = 1000;

/** What a missing event, and one that is not the viewer's to see, answer alike. */
import { NO_SUCH_EVENT } from "./vocabulary";

export { NO_SUCH_EVENT };

export const RESULTS_REFUSALS = {
  notOrganiser: "Only the event's organiser records its results.",
  cancelled: "This event was cancelled, so it has no results to record.",
  notStarted: "This event has not started yet: record its results once it has begun.",
  empty: "Record at least one weight collected or one count.",
} as const;

const count = (what: string) =>
  z.preprocess(
    (value) => (value === "" ? null : value),
    numberField(`Give ${what} as a whole number`)
      .refine((value) => Number.isSafeInteger(value) && value >= 0, `Give ${what} as a whole number from 0`)
      .refine((value) => value <= MAX_RESULT_COUNT, `${what[0]!.toUpperCase()}${what.slice(1)} can be at most 100,000`)
      .nullable()
      .optional(),
  );

export const resultLineSchema = z.object({
  material: z.enum(MATERIALS, { error: "Choose one of the materials" }),
  weight_kg: entryFields.weight_kg,
  treatment: z.enum(TREATMENTS, { error: "Choose what happened to the load" }),
});

/** POST /api/events/:id/results: every line a load the ledger takes; counts optional. */
export const resultsSchema = z
  .object({
    collected: z
      .array(resultLineSchema, { error: "Send collected as a list of {material, weight_kg, treatment}" })
      .max(MAX_RESULT_LINES, `Record at most ${MAX_RESULT_LINES} lines`),
    items_repaired: count("the items repaired"),
    items_checked: count("the items checked"),
    volunteers: count("the volunteers"),
    hours: z.preprocess(
      (value) => (value === "" ? null : value),
      numberField("Give the hours as a number")
        .refine((value) => value >= 0 && value <= MAX_RESULT_COUNT, "Give the hours as a number from 0 to 100,000")
        .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, "Give the hours with at most two decimals")
        .nullable()
        .optional(),
    ),
    note: z.preprocess(
      (value) => (typeof value === "string" && value.trim() === "" ? null : value),
      z
        .string({ error: "Write the note as text" })
        .trim()
        .transform((note) => note.replace(/\r\n?/g, "\n"))
        .refine((note) => note.length <= MAX_RESULT_NOTE_LENGTH, `Keep the note to ${MAX_RESULT_NOTE_LENGTH} characters`)
        // Shown on the public page: no NUL, nor a direction override that turns the text around.
        .refine((note) => !hasHiddenControls(note), HIDDEN_CONTROLS_MESSAGE)
        .nullable()
        .optional(),
    ),
  })
  .refine(
    (results) =>
      results.collected.length > 0 ||
      [results.items_repaired, results.items_checked, results.volunteers, results.hours].some((value) => value != null),
    { message: RESULTS_REFUSALS.empty, path: ["collected"] },
  );
export type ResultsInput = z.output<typeof resultsSchema>;

/** What the rule needs of an event. */
export type EventForResults = { organiserId: number; status: "scheduled" | "cancelled"; startsAt: Date };

/**
 * Whether the viewer may record the event's results now: only its organiser (the event is public,
 * so another member is told so, 403), only once it has begun (409) and never on a cancelled one.
 * Null when they may.
 */
export function resultsRefusal(
  event: EventForResults | undefined,
  viewerId: number,
  now: Date,
): { reason: "not-found" | "forbidden" | "conflict"; message: string } | null {
  if (!event) return { reason: "not-found", message: NO_SUCH_EVENT };
  if (event.organiserId !== viewerId) return { reason: "forbidden", message: RESULTS_REFUSALS.notOrganiser };
  if (event.status === "cancelled") return { reason: "conflict", message: RESULTS_REFUSALS.cancelled };
  if (event.startsAt.getTime() > now.getTime()) return { reason: "conflict", message: RESULTS_REFUSALS.notStarted };
  return null;
}

const factorTableSchema = z.object({ key: z.string(), name: z.string(), edition: z.string() });

/** An event's results as its page, GET /api/events/:id and POST /api/events/:id/results answer them. */
export const eventResultsSchema = z
  .object({
    event_id: z.number().int(),
    collected: z.array(
      z.object({
        material: z.enum(MATERIALS),
        weight_kg: z.number(),
        treatment: z.enum(TREATMENTS),
        co2e_kg: z.number().describe("kg CO2e avoided against landfill, worked out with `factor_table`."),
      }),
    ),
    totals: z.object({ weight_kg: z.number(), co2e_kg: z.number() }),
    items_repaired: z.number().int().nullable(),
    items_checked: z.number().int().nullable(),
    volunteers: z.number().int().nullable(),
    hours: z.number().nullable(),
    note: z.string().nullable(),
    factor_table: factorTableSchema.describe("The factor table the CO2e was worked out with."),
    recorded_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: "EventResults" });
export type EventResults = z.output<typeof eventResultsSchema>;

/** Rows the results form offers: the lines recorded and a few blank ones, at most MAX_RESULT_LINES. */
export const formRowsFor = (lines: number) => Math.min(MAX_RESULT_LINES, Math.max(5, lines + 3));

/**
 * The results form's fields (`collected.0.material`, `collected.0.weight_kg`, …) as the schema
 * reads them: a row left wholly blank is no line; a row half filled stays, for its error to show.
 */
export function resultsFromForm(form: Record<string, unknown>): Record<string, unknown> {
  const collected: Record<string, unknown>[] = [];
  for (let row = 0; row < MAX_RESULT_LINES; row++) {
    const line = {
      material: form[`collected.${row}.material`],
      weight_kg: form[`collected.${row}.weight_kg`],
      treatment: form[`collected.${row}.treatment`],
    };
    const blank = Object.values(line).every((value) => value === undefined || (typeof value === "string" && value.trim() === ""));
    if (!blank) collected.push(line);
  }
  const { items_repaired, items_checked, volunteers, hours, note } = form;
  return { collected, items_repaired, items_checked, volunteers, hours, note };
}
