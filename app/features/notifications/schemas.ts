import { z } from "~/lib/zod";
import {
  EMAIL_MODES,
  MAX_NOTIFICATIONS_PER_PAGE,
  MAX_READ_IDS,
  NOTIFICATIONS_PER_PAGE,
  PREFERENCE_TYPES,
  type EmailMode,
  type PreferenceType,
} from "./vocabulary";

/** What the notifications accept from members and clients: the list's query, "mark as read", the choices per type. */

const blankIsAbsent = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (typeof value === "string" && value.trim() === "" ? undefined : value), schema.optional());

const whole = (message: string, min: number, max: number) =>
  z.preprocess(
    (value) => (typeof value === "string" && /^\d{1,9}$/.test(value.trim()) ? Number(value) : value),
    z.number({ error: message }).int(message).min(min, message).max(max, message),
  );

/** GET /api/notifications and the page: `unread` (true/1 for unread only), `page`, `limit`. */
export const notificationListSchema = z.object({
  unread: blankIsAbsent(
    z
      .enum(["true", "1", "false", "0"], { error: "unread must be true, 1, false or 0" })
      .transform((v) => v === "true" || v === "1"),
  ).transform((value) => value ?? false),
  page: blankIsAbsent(whole("page must be a whole number from 1 to 10000", 1, 10_000)).transform((value) => value ?? 1),
  // Above the maximum is served at the maximum, as the feed does.
  limit: blankIsAbsent(whole("limit must be a whole number from 1", 1, 1_000_000_000)).transform((value) =>
    Math.min(value ?? NOTIFICATIONS_PER_PAGE, MAX_NOTIFICATIONS_PER_PAGE),
  ),
});
export type NotificationListQuery = z.output<typeof notificationListSchema>;

/** POST /api/notifications/read: the ids to mark, or none for all. */
export const markReadSchema = z.strictObject(
  {
    ids: z
      .array(
        z
          .number({ error: "ids must be a list of notification ids" })
          .int("ids must be whole numbers")
          .positive("ids must be positive"),
        {
          error: "ids must be a list of notification ids",
        },
      )
      .max(MAX_READ_IDS, `At most ${MAX_READ_IDS} ids at once`)
      .optional(),
  },
  { error: "Only ids may be sent" },
);

const typePreferenceChange = z.strictObject(
  {
    in_app: z.boolean({ error: "in_app must be true or false" }).optional(),
    email: z.enum(EMAIL_MODES, { error: "email must be instant, daily or off" }).optional(),
  },
  { error: "Each type takes in_app and email only" },
);

/** PUT /api/notifications/preferences: any subset of the types, each with any of its two fields. */
export const preferencesChangeSchema = z.strictObject(
  Object.fromEntries(PREFERENCE_TYPES.map((type) => [type, typePreferenceChange.optional()])) as Record<
    PreferenceType,
    z.ZodOptional<typeof typePreferenceChange>
  >,
  {
    error: (issue) =>
      issue.code === "unrecognized_keys"
        ? `Unknown notification type: ${issue.keys.join(", ")}`
        : "Send an object of notification types",
  },
);
export type PreferencesChange = z.output<typeof preferencesChangeSchema>;

/**
 * The settings page's form: per type a checkbox `<type>.in_app` (sent only when ticked) and a
 * select `<type>.email`. Every type is on the form, so a missing checkbox means off.
 */
export function preferencesFromForm(form: FormData): PreferencesChange | { error: string } {
  const change: PreferencesChange = {};
  for (const type of PREFERENCE_TYPES) {
    const email = form.get(`${type}.email`);
    if (!EMAIL_MODES.includes(email as EmailMode)) return { error: "Choose at once, daily digest or off for each kind." };
    change[type] = { in_app: form.get(`${type}.in_app`) !== null, email: email as EmailMode };
  }
  return change;
}

/** The query of the one-click unsubscribe as the API document describes it: the mail's signed token. */
export const unsubscribeQuerySchema = z.object({ token: z.string() });
