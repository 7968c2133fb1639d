import type { FormEvent } from "react";
import type { z } from "zod";

/** A message for each field that has one, keyed by the field's name; a message for the whole form under "form". */
export type FieldErrors = Record<string, string>;

/**
 * Why a domain call refused, in words the domain knows; the edge (a route's action, an API route)
 * chooses the HTTP status for each, so domain code never speaks HTTP:
 * - invalid: the input breaks a rule (400)
 * - invalid-link: a link's token is unknown, used or expired (400)
 * - wrong-credentials: no account has this e-mail address and password (401)
 * - forbidden: the thing is the caller's to see, but this move belongs to someone else, e.g. the
 *   other party of an order (403)
 * - not-found: what the call names does not exist (404)
 * - conflict: the state of things forbids it, e.g. the e-mail address is taken (409)
 * - rate-limited: too many attempts; `retryAfterSeconds` says for how long (429)
 * - too-large: a file or the whole submission is over its limit (413)
 * - unsupported-media: a file or a body of a kind the call does not take (415)
 */
export type FailureReason =
  | "invalid"
  | "invalid-link"
  | "wrong-credentials"
  | "forbidden"
  | "not-found"
  | "conflict"
  | "rate-limited"
  | "too-large"
  | "unsupported-media"
  | "busy";

/** No fields beyond the shape's own. */
type NoData = Record<never, never>;

/**
 * What every page action answers, and what domain calls return for a page to pass on: done, with
 * an optional message (shown as a toast) and whatever the page needs; or refused, with a message,
 * the errors to show beside their fields (none: `{}`) and, from a domain call, the reason.
 */
export type FormSuccess<Data extends object = NoData> = { ok: true; message?: string } & Data;
export type FormFailure<Data extends object = NoData> = {
  ok: false;
  message?: string;
  errors: FieldErrors;
  reason?: FailureReason;
} & Data;
export type FormResult<Success extends object = NoData, Failure extends object = NoData> =
  FormSuccess<Success> | FormFailure<Failure>;

/** A form whose fields break the schema's rules: each field's first message. */
export function invalidInput(error: z.ZodError): FormFailure {
  return { ok: false, reason: "invalid", errors: fieldErrors(error) };
}

/**
 * The hidden fields of a form that works both ways (components/enhanced-form.tsx writes them, the
 * server's answerForm reads them): `_enhanced=1` once scripts run, so the action answers with data
 * instead of a redirect; `returnTo`, the page to send the member back to when no script runs.
 */
export const ENHANCED_FIELD = "_enhanced";
export const RETURN_TO_FIELD = "returnTo";

/** The first message for each field, keyed by the field's name (nested paths joined by "."). */
export function fieldErrors(error: z.ZodError): FieldErrors {
  return issueErrors(error.issues);
}

type IssuePath = readonly PropertyKey[];

/**
 * The first message of the issues for each field: `keyOf` names the field an issue's path belongs
 * to (by default the path joined by "."), and an issue of no field is the whole form's ("form").
 */
export function issueErrors(
  issues: readonly { path: IssuePath; message: string }[],
  keyOf: (path: IssuePath) => string = (path) => path.map(String).join("."),
): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) errors[keyOf(issue.path) || "form"] ??= issue.message;
  return errors;
}

/** A domain call's refusal: why, in words and as a reason, and the errors beside their fields (none by default). */
export function refuse<Reason extends FailureReason>(reason: Reason, message: string, errors: FieldErrors = {}) {
  return { ok: false as const, reason, message, errors };
}

/** FormData as a plain object: checkboxes that are absent become absent keys, as the schemas expect. */
export function formDataObject(formData: FormData) {
  const entries: Record<string, FormDataEntryValue> = {};
  for (const [key, value] of formData) entries[key] = value;
  return entries;
}

/**
 * A form whose button must keep the keyboard focus while it is sent: the button says it is busy
 * with aria-disabled and this ignores a second press. `disabled` would drop the focus to the page
 * body and leave it there.
 */
export function ignoreWhilePending(pending: boolean) {
  return (event: FormEvent<HTMLFormElement>) => {
    if (pending) event.preventDefault();
  };
}
