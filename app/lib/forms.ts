import type { FormEvent } from "react";
import type { z } from "zod";

/** The first message for each field, keyed by the field's name (nested paths joined by "."). */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join(".") : "form";
    errors[key] ??= issue.message;
  }
  return errors;
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
