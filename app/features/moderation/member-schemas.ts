import { HIDDEN_CONTROLS_MESSAGE, hasHiddenControls } from "~/lib/text";
import { z } from "~/lib/zod";
import { AUDIT_ACTIONS, AUTHOR_TYPES, MAX_NOTE_LENGTH } from "./vocabulary";
import { issueErrors } from "~/lib/forms";

/**
 * What the admin's member pages and API accept: the members' search, the audit log's filters, and
 * the changes an admin makes to a member. Shared by the API, the pages' actions and their forms.
 */

export const ADMIN_ROLES = ["user", "admin"] as const;

/** The audit filter's value for actions of the operator's command line (no admin). */
export const COMMAND_LINE = "cli";

export const REASON_REQUIRED = "Give the reason for the suspension.";
export const NOTE_TOO_LONG = `A note can be at most ${MAX_NOTE_LENGTH.toLocaleString("en-US")} characters.`;
export const REASON_TOO_LONG = `The reason can be at most ${MAX_NOTE_LENGTH.toLocaleString("en-US")} characters.`;
export const UNTIL_INVALID = "Give the end as a date (YYYY-MM-DD) or a date and time.";
export const AUTHOR_TYPE_REQUIRED = "Choose an author type: Expert, Admin or Member.";
export const AUDIT_ADMIN_INVALID = `admin must be a member's id or ${COMMAND_LINE}`;
export const UNTIL_IN_PAST = "The end of a suspension must be in the future.";
export const NOTHING_TO_CHANGE = "Send at least one change: is_verified, author_type, suspended or role.";

const blankIsAbsent = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (typeof value === "string" && value.trim() === "" ? undefined : value), schema.optional());

const pageField = blankIsAbsent(
  z.preprocess(
    (value) => (typeof value === "string" && /^\d{1,9}$/.test(value.trim()) ? Number(value) : value),
    z.number({ error: "page must be a whole number from 1 to 10000" }).int().min(1).max(10_000),
  ),
).transform((value) => value ?? 1);

/** GET /api/admin/users and the members page: `search` (name or e-mail), `page`. */
export const memberSearchSchema = z.object({
  search: blankIsAbsent(z.string().trim().max(200, "search can be at most 200 characters")).transform((v) => v ?? ""),
  page: pageField,
});
export type MemberSearch = z.output<typeof memberSearchSchema>;

/** GET /api/admin/audit and the audit page: `admin` (an admin's id, or "cli"), `action`, `page`. */
export const auditQuerySchema = z.object({
  // One pattern rather than a union of two, so a wrong value is told what is expected.
  admin: blankIsAbsent(
    z
      .string({ error: AUDIT_ADMIN_INVALID })
      .regex(new RegExp(`^(?:${COMMAND_LINE}|[1-9]\\d{0,15})$`), AUDIT_ADMIN_INVALID)
      .transform((value) => (value === COMMAND_LINE ? COMMAND_LINE : Number(value))),
  ),
  action: blankIsAbsent(z.enum(AUDIT_ACTIONS, { error: `action must be one of ${AUDIT_ACTIONS.join(", ")}` })),
  page: pageField,
});
export type AuditQuery = z.output<typeof auditQuerySchema>;

const day = z.iso.date();
const instant = z.iso.datetime({ offset: true });

/**
 * A day (taken as its start, UTC) or an instant with its offset; the server decides whether it is
 * still ahead. One checked string rather than a union of the two formats: a failed union inside
 * `suspended` would be reported as the whole field being of the wrong shape.
 */
const untilField = z
  .string({ error: UNTIL_INVALID })
  .refine((value) => day.safeParse(value).success || instant.safeParse(value).success, { error: UNTIL_INVALID })
  .nullable()
  .transform((value) => (value === null ? null : new Date(value.length === 10 ? `${value}T00:00:00Z` : value)));

const noteField = z
  .string({ error: "note must be text" })
  .trim()
  .min(1, "A note cannot be empty.")
  .max(MAX_NOTE_LENGTH, NOTE_TOO_LONG)
  .refine((note) => !hasHiddenControls(note), HIDDEN_CONTROLS_MESSAGE);

const suspensionObject = z.strictObject(
  {
    until: untilField,
    reason: z
      .string({ error: REASON_REQUIRED })
      .trim()
      .min(1, REASON_REQUIRED)
      .max(MAX_NOTE_LENGTH, REASON_TOO_LONG)
      // The reason goes to the member in a notification and a mail.
      .refine((reason) => !hasHiddenControls(reason), HIDDEN_CONTROLS_MESSAGE),
  },
  { error: "suspended takes until and reason only" },
);

const SUSPENDED_SHAPE = "suspended must be false or {until, reason}";

/**
 * `suspended`: false lifts a suspension; an object suspends until a day or time (null: until
 * lifted), with its reason. Chosen by the value's shape rather than by a union, which would answer
 * a wrong end or a missing reason with the shape of the whole field instead of what is wrong.
 */
const suspensionField = z.unknown().transform((value, ctx) => {
  if (value === false) return false as const;
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    ctx.issues.push({ code: "custom", message: SUSPENDED_SHAPE, input: value });
    return z.NEVER;
  }
  const parsed = suspensionObject.safeParse(value);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues)
    ctx.issues.push({ code: "custom", message: issue.message, path: issue.path, input: value });
  return z.NEVER;
});

/** PATCH /api/admin/users/:id: any of the fields, and a note for the audit log. */
export const memberChangeSchema = z
  .strictObject(
    {
      is_verified: z.boolean({ error: "is_verified must be true or false" }).optional(),
      author_type: z.enum(AUTHOR_TYPES, { error: `author_type must be one of ${AUTHOR_TYPES.join(", ")}` }).optional(),
      role: z.enum(ADMIN_ROLES, { error: "role must be user or admin" }).optional(),
      suspended: suspensionField.optional(),
      note: noteField.optional(),
    },
    { error: "Only is_verified, author_type, suspended, role and note may be sent" },
  )
  .refine(
    (change) =>
      change.is_verified !== undefined ||
      change.author_type !== undefined ||
      change.role !== undefined ||
      change.suspended !== undefined,
    NOTHING_TO_CHANGE,
  );
export type MemberChange = z.output<typeof memberChangeSchema>;

/** The member page's forms, one per intent. */
export const MEMBER_INTENTS = ["verify", "unverify", "author-type", "grant", "revoke", "suspend", "lift"] as const;
export type MemberIntent = (typeof MEMBER_INTENTS)[number];

export const UNTIL_REQUIRED = "Choose the day the suspension ends, or Indefinitely.";

/**
 * A member page's form as the change the API takes: the intent says which field, the optional
 * note goes to the audit log. A suspension's end is a day (its start, UTC) or "indefinitely".
 */
export function memberChangeFromForm(form: Record<string, unknown>) {
  const intent = MEMBER_INTENTS.find((known) => known === form.intent);
  const text = (name: string) => (typeof form[name] === "string" ? (form[name] as string) : "");
  const note = text("note").trim() ? text("note") : undefined;
  let change: Record<string, unknown> | null = null;
  if (intent === "verify" || intent === "unverify") change = { is_verified: intent === "verify" };
  else if (intent === "author-type") {
    // The form's choice: a missing or unknown one is answered in the page's words, not the API's.
    if (!AUTHOR_TYPES.some((known) => known === form.author_type)) {
      return { intent, result: { success: false as const, errors: { author_type: AUTHOR_TYPE_REQUIRED } } };
    }
    change = { author_type: text("author_type") };
  } else if (intent === "grant" || intent === "revoke") change = { role: intent === "grant" ? "admin" : "user" };
  else if (intent === "lift") change = { suspended: false };
  else if (intent === "suspend") {
    const indefinitely = form.indefinitely === "on" || form.indefinitely === "1";
    if (!indefinitely && !text("until").trim()) {
      return { intent, result: { success: false as const, errors: { until: UNTIL_REQUIRED } } };
    }
    change = { suspended: { until: indefinitely ? null : text("until").trim(), reason: text("reason") } };
  }
  if (!intent || !change)
    return { intent: undefined, result: { success: false as const, errors: { intent: "Choose an action." } } };
  const parsed = memberChangeSchema.safeParse(note === undefined ? change : { ...change, note });
  if (parsed.success) return { intent, result: { success: true as const, data: parsed.data } };
  // The form's fields: the reason and end of a suspension sit in `suspended`, the rest by name.
  const errors = issueErrors(parsed.error.issues, (path) =>
    path.at(-1) === "reason" ? "reason" : path.at(-1) === "until" ? "until" : String(path[0] ?? "form"),
  );
  return { intent, result: { success: false as const, errors } };
}
