import { z } from "~/lib/zod";

/**
 * What the account's API answers, as schemas (wire.ts has the same shapes as types): the OpenAPI
 * document is built from these, and the integration tests check every answer against them.
 */

/** The member as sign-in and registration answer them (publicUser). */
export const publicUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  user_type: z.string(),
});

/** PATCH /api/users/profile: the profile's fields besides. */
export const profileViewSchema = publicUserSchema.extend({
  bio: z.string().nullable(),
  phone: z.string().nullable(),
  location: z.string().nullable(),
  company: z.string().nullable(),
  website: z.string().nullable(),
  is_verified: z.boolean(),
  created_at: z.string(),
});

export const sessionViewSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  last_seen_at: z.string().nullable(),
  user_agent: z.string(),
  current: z.boolean(),
});
