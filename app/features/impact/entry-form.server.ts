import { fieldErrors, formDataObject, type FormFailure, type FormSuccess } from "~/lib/forms";
import type { Viewer } from "~/services/access.server";
import { changeEntry, deleteEntry, getEntry, NO_SUCH_ENTRY, recordEntry, type EntryRefusal } from "./entries.server";
import { todayIn } from "./periods";
import { entrySchema, formErrorsOf, fromEntryForm } from "./schemas";
import type { EntryView } from "./wire";

/**
 * The Process Waste form and the edit form, as their pages' actions read them: the fields as
 * typed (to fill the form again beside the reasons it was refused), the amount and its direction
 * turned into signed cents, then the same rules and the same calls as the API.
 */

export type EntryFormOutcome =
  | FormSuccess<{ message: string; entry?: EntryView }>
  | FormFailure<{ message: string; values: Record<string, string>; retryAfterSeconds?: number }>;

const textValues = (form: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(form).flatMap(([name, value]) => (typeof value === "string" ? [[name, value]] : [])));

function refused(refusal: EntryRefusal, values: Record<string, string>): EntryFormOutcome {
  const errors = formErrorsOf(refusal.errors);
  return {
    ok: false,
    reason: refusal.reason,
    message: refusal.message ?? Object.values(errors)[0] ?? "The entry was not saved.",
    errors,
    values,
    ...(refusal.retryAfterSeconds ? { retryAfterSeconds: refusal.retryAfterSeconds } : {}),
  };
}

function read(form: Record<string, unknown>) {
  const values = textValues(form);
  const { fields, amountError } = fromEntryForm(form);
  const checked = entrySchema.safeParse(fields);
  const errors = {
    ...(checked.success ? {} : formErrorsOf(fieldErrors(checked.error))),
    ...(amountError ? { amount: amountError } : {}),
  };
  if (!checked.success || amountError) {
    return {
      ok: false as const,
      refusal: refused({ ok: false, reason: "invalid", message: Object.values(errors)[0], errors }, values),
    };
  }
  return { ok: true as const, values, fields: checked.data };
}

export async function recordFromForm(viewer: Viewer, form: Record<string, unknown>): Promise<EntryFormOutcome> {
  const input = read(form);
  if (!input.ok) return input.refusal;
  const outcome = await recordEntry(viewer, input.fields);
  return outcome.ok ? outcome : refused(outcome, input.values);
}

/** The edit form sends every field, so the whole entry is what the member sees in it. */
export async function changeFromForm(viewer: Viewer, id: number, form: Record<string, unknown>): Promise<EntryFormOutcome> {
  const input = read(form);
  if (!input.ok) return input.refusal;
  const outcome = await changeEntry(viewer, id, input.fields);
  return outcome.ok ? outcome : refused(outcome, input.values);
}

export { NO_SUCH_ENTRY };

/** The entry page: the viewer's own entry (null for anyone else's or a missing one) and today on their clock, the edit form's latest date. */
export async function loadEntryPage(viewer: Viewer, id: number, timeZone: string) {
  const entry = await getEntry(viewer, id);
  return entry ? { entry, today: todayIn(timeZone) } : null;
}

/** The entry page's two forms: `intent=edit` sends every field, `intent=delete` confirms the deletion. */
export async function entryPageAction(viewer: Viewer, id: number, form: FormData): Promise<EntryFormOutcome> {
  const fields = formDataObject(form);
  if (fields.intent === "delete") {
    const outcome = await deleteEntry(viewer, id);
    return outcome.ok ? outcome : { ...refused(outcome, {}) };
  }
  if (fields.intent === "edit") return changeFromForm(viewer, id, fields);
  return { ok: false, reason: "invalid", message: "Choose to save the entry or to delete it.", errors: {}, values: {} };
}
