import { memberNameField } from "~/features/auth/schemas";
import { z } from "~/lib/zod";

/** The profile form: the same schema checks it in the browser and in the action. */

const optional = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .optional()
    .transform((value) => value ?? "");

/** A web address; "example.org" is read as https://example.org. */
function normalizeWebsite(value: string) {
  if (!value) return value;
  const withScheme = /^[a-z][a-z\d+.-]*:/i.test(value) ? value : `https://${value}`;
  try {
    const url = new URL(withScheme);
    if (!/^https?:$/.test(url.protocol) || !url.hostname.includes(".") || /\s/.test(value)) return null;
    return url.toString();
  } catch {
    return null;
  }
}

export const profileSchema = z.object({
  name: memberNameField,
  bio: optional(500, "Bio"),
  phone: optional(30, "Phone").pipe(z.string().regex(/^[\d\s()+\-.]*$/, "Phone may contain digits, spaces and + ( ) - . only")),
  location: optional(100, "Location"),
  company: optional(100, "Company"),
  website: optional(200, "Website").transform((value, ctx) => {
    const url = normalizeWebsite(value);
    if (url === null) {
      ctx.addIssue({ code: "custom", message: "Website must be a valid URL, like https://example.org" });
      return z.NEVER;
    }
    return url;
  }),
});
export type ProfileInput = z.output<typeof profileSchema>;
