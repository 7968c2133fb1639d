import { z } from "~/lib/zod";
import { AUDIT_ACTIONS, AUDIT_TARGETS, AUTHOR_TYPES, REPORT_REASONS, REPORT_STATES, REPORT_TARGETS } from "./vocabulary";

/**
 * What moderation's API answers, as schemas (wire.ts and member-wire.ts have the same shapes as
 * types): the OpenAPI document is built from these, and the integration tests check every answer
 * against them.
 */

const memberRef = z.object({ id: z.number().int(), username: z.string() });
const adminPagination = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  hasMore: z.boolean(),
});

export const reportViewSchema = z.object({
  id: z.number().int(),
  target_type: z.enum(REPORT_TARGETS),
  target_id: z.number().int(),
  reason: z.enum(REPORT_REASONS),
  note: z.string(),
  state: z.enum(REPORT_STATES),
  created_at: z.string(),
});

export const reportGroupSchema = z.object({
  id: z.number().int(),
  target: z.object({
    type: z.enum(REPORT_TARGETS),
    id: z.number().int(),
    title: z.string(),
    excerpt: z.string(),
    url: z.string().nullable(),
    author: memberRef,
    post: z.object({ id: z.number().int(), title: z.string() }).nullable(),
    hidden: z.boolean(),
    deleted: z.boolean(),
  }),
  count: z.number().int(),
  reasons: z.partialRecord(z.enum(REPORT_REASONS), z.number().int()),
  notes: z.array(z.object({ reporter: memberRef, reason: z.enum(REPORT_REASONS), note: z.string(), created_at: z.string() })),
  first_reported_at: z.string(),
  last_reported_at: z.string(),
  state: z.enum(REPORT_STATES),
  resolution: z.object({ by: memberRef.nullable(), at: z.string(), note: z.string() }).nullable(),
});

export const queuePageSchema = z.object({ reports: z.array(reportGroupSchema), pagination: adminPagination });

export const adminMemberViewSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  role: z.enum(["user", "admin"]),
  author_type: z.enum(AUTHOR_TYPES),
  is_verified: z.boolean(),
  suspended: z.object({ at: z.string(), until: z.string().nullable(), reason: z.string() }).nullable(),
  created_at: z.string(),
  posts_count: z.number().int(),
  open_reports_count: z.number().int(),
});

export const memberPageSchema = z.object({ users: z.array(adminMemberViewSchema), pagination: adminPagination });

const auditEntrySchema = z.object({
  id: z.number().int(),
  admin: memberRef.nullable(),
  action: z.enum(AUDIT_ACTIONS),
  target: z.object({ type: z.enum(AUDIT_TARGETS), id: z.number().int(), label: z.string() }),
  note: z.string(),
  details: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});

export const auditPageSchema = z.object({ entries: z.array(auditEntrySchema), pagination: adminPagination });

export const memberDetailSchema = z.object({
  user: adminMemberViewSchema,
  recent_content: z.object({
    posts: z.array(z.object({ id: z.number().int(), title: z.string(), created_at: z.string(), hidden: z.boolean() })),
    comments: z.array(
      z.object({
        id: z.number().int(),
        post_id: z.number().int(),
        excerpt: z.string(),
        created_at: z.string(),
        hidden: z.boolean(),
      }),
    ),
    listings: z.array(
      z.object({ id: z.number().int(), title: z.string(), status: z.string(), created_at: z.string(), hidden: z.boolean() }),
    ),
  }),
  reports: z.array(
    z.object({
      id: z.number().int(),
      reporter: memberRef,
      target_type: z.enum(REPORT_TARGETS),
      target_id: z.number().int(),
      reason: z.enum(REPORT_REASONS),
      note: z.string(),
      state: z.enum(REPORT_STATES),
      created_at: z.string(),
      resolved_at: z.string().nullable(),
      resolution_note: z.string().nullable(),
    }),
  ),
  audit: z.array(auditEntrySchema),
});
