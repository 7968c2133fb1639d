import { HIDDEN_CONTROLS_MESSAGE, hasHiddenControls } from "~/lib/text";
import { z } from "~/lib/zod";
import { MAX_NOTE_LENGTH, REPORT_REASONS, REPORT_STATES, REPORT_TARGETS } from "./vocabulary";

/**
 * What moderation accepts from members and admins: a report, a resolution of a thing's reports,
 * a restore, and the queue's query. Forms send text and JSON clients numbers; ids are read alike.
 */

const targetType = z.enum(REPORT_TARGETS, {
  error: "Say what you report: a post, a comment, a listing, a member (user) or a message about a listing (enquiry_message).",
});
const reason = z.enum(REPORT_REASONS, { error: "Choose a reason: spam, abuse, misleading, illegal or other." });

/** A positive whole number, from JSON or from a form's text. */
export const idSchema = z.preprocess(
  (value) => (typeof value === "string" && /^\d{1,16}$/.test(value.trim()) ? Number(value.trim()) : value),
  z
    .number({ error: "Give the id as a whole number." })
    .int("Give the id as a whole number.")
    .positive("Give the id as a whole number.")
    .max(Number.MAX_SAFE_INTEGER, "Give the id as a whole number."),
);

/** A member's optional note: trimmed, at most MAX_NOTE_LENGTH characters. */
const optionalNote = z
  .string({ error: "The note must be text." })
  .trim()
  .max(MAX_NOTE_LENGTH, `Keep the note to ${MAX_NOTE_LENGTH.toLocaleString("en-US")} characters.`)
  .refine((note) => !hasHiddenControls(note), HIDDEN_CONTROLS_MESSAGE)
  .optional()
  .default("");

const NOTE_REQUIRED = "A note is required: write why.";

/** A moderator's note: required, since the author and the audit log are told why. */
const requiredNote = z
  .string({ error: NOTE_REQUIRED })
  .trim()
  .min(1, NOTE_REQUIRED)
  .max(MAX_NOTE_LENGTH, `Keep the note to ${MAX_NOTE_LENGTH.toLocaleString("en-US")} characters.`)
  .refine((note) => !hasHiddenControls(note), HIDDEN_CONTROLS_MESSAGE);

/** POST /api/reports and the report page. */
export const reportSchema = z.object({
  target_type: targetType,
  target_id: idSchema,
  reason,
  note: optionalNote,
});
export type ReportValues = z.output<typeof reportSchema>;

export const RESOLVE_ACTIONS = ["hide", "dismiss"] as const;
export type ResolveAction = (typeof RESOLVE_ACTIONS)[number];

/** POST /api/admin/reports/:id/resolve and the queue's forms. */
export const resolveSchema = z.object({
  action: z.enum(RESOLVE_ACTIONS, { error: "Choose hide or dismiss." }),
  note: requiredNote,
});
export type ResolveValues = z.output<typeof resolveSchema>;

/** POST /api/admin/content/:type/:id/restore. */
export const restoreSchema = z.object({ note: requiredNote });

/** What an admin can hide and restore: members are suspended instead. */
export const HIDEABLE_TARGETS = ["post", "comment", "listing"] as const;
export type HideableTarget = (typeof HIDEABLE_TARGETS)[number];
export const hideableTargetSchema = z.enum(HIDEABLE_TARGETS, { error: "Only a post, a comment or a listing can be restored." });

/** GET /api/admin/reports and the queue page: which tab, which page. */
export const queueQuerySchema = z.object({
  state: z.enum(REPORT_STATES, { error: "The state must be open, hidden, dismissed or suspended." }).default("open"),
  page: z.coerce
    .number({ error: "The page must be a whole number from 1." })
    .int("The page must be a whole number from 1.")
    .min(1, "The page must be a whole number from 1.")
    .max(100_000, "The page must be a whole number from 1.")
    .default(1),
});
export type QueueQuery = z.output<typeof queueQuerySchema>;
