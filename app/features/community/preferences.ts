import { z } from "~/lib/zod";
import { preferencesSchema } from "./schemas";
import { issueErrors } from "~/lib/forms";

/**
 * The feed preferences form (Settings → Feed preferences): the same rules as PUT
 * /api/users/preferences (preferencesSchema), read from a form, where a group of checkboxes
 * arrives as repeated fields, one or none, and the form always sends every field.
 */
const asList = (value: unknown) =>
  value === undefined || value === null || value === "" ? [] : Array.isArray(value) ? value : [value];

export const preferencesFormSchema = z.object({
  categories: z.preprocess(asList, preferencesSchema.shape.categories.unwrap()),
  post_types: z.preprocess(asList, preferencesSchema.shape.post_types.unwrap()),
  location: z.preprocess((value) => value ?? "", preferencesSchema.shape.location),
});

/** The fields of a submitted form as the schema reads them. */
export function preferencesFormValues(form: FormData) {
  return { categories: form.getAll("categories"), post_types: form.getAll("post_types"), location: form.get("location") ?? "" };
}

/** Errors keyed by the form's field ("categories.2" is an error of "categories"). */
export function preferencesErrors(error: z.ZodError) {
  return issueErrors(error.issues, (path) => String(path[0] ?? "form"));
}
