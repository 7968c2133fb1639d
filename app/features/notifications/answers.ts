import { z } from "~/lib/zod";
import { EMAIL_MODES, NOTIFICATION_TYPES } from "./vocabulary";

/**
 * What the notifications' API answers, as schemas (wire.ts has the same shapes as types): the
 * OpenAPI document is built from these, and the integration tests check every answer against them.
 */

export const notificationPageSchema = z.object({
  notifications: z.array(
    z.object({
      id: z.number().int(),
      type: z.enum(NOTIFICATION_TYPES),
      text: z.string(),
      actor: z.object({ id: z.number().int(), username: z.string() }).nullable(),
      actors: z.number().int(),
      subject: z.object({ type: z.string(), id: z.number().int() }),
      url: z.string(),
      read: z.boolean(),
      created_at: z.string(),
      updated_at: z.string(),
    }),
  ),
  unread_count: z.number().int(),
  pagination: z.object({ page: z.number().int(), limit: z.number().int(), hasMore: z.boolean() }),
});

/** Every type a member chooses for, with its choice. */
export const notificationPreferencesSchema = z.record(z.string(), z.object({ in_app: z.boolean(), email: z.enum(EMAIL_MODES) }));

export const unreadCountSchema = z.object({ unread_count: z.number().int() });
