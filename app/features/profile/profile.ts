import { memberNameField } from "~/features/auth/schemas";
import { z } from "~/lib/zod";
import type { MemberImpact } from "~/features/impact/wire";

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

/** One line of the profile's recent activity: what the member did to which post. */
export type ProfileActivity = { kind: "post" | "comment" | "like" | "save" | "share"; postId: number; title: string; at: string };

/** An achievement and how far the member is towards it (progress from 0 to 1). */
export type Achievement = {
  title: string;
  description: string;
  value: number;
  target: number;
  progress: number;
  earned: boolean;
};

/** The member's own profile as its page reads it: the editable fields, their figures, achievements and activity. */
export type ProfileView = {
  user: {
    name: string;
    email: string;
    bio: string;
    phone: string;
    location: string;
    company: string;
    website: string;
    createdAt: string;
  };
  stats: { posts: number; likesReceived: number; comments: number; following: number; followers: number; entries: number };
  impact: MemberImpact;
  achievements: Achievement[];
  activity: ProfileActivity[];
};
