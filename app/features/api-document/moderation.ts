import { z } from "~/lib/zod";
import { pathIdSchema, successAnswer, type ApiPath } from "~/services/http/openapi.server";
import {
  hideableTargetSchema,
  queueQuerySchema,
  reportSchema,
  resolveSchema,
  restoreSchema,
} from "~/features/moderation/schemas";
import { auditQuerySchema, memberChangeSchema, memberSearchSchema } from "~/features/moderation/member-schemas";
import {
  adminMemberViewSchema,
  auditPageSchema,
  memberDetailSchema,
  memberPageSchema,
  queuePageSchema,
  reportGroupSchema,
  reportViewSchema,
} from "~/features/moderation/answers";

/** Reports by members, and what admins do. */
export const moderationPaths: ApiPath[] = [
  {
    path: "/api/reports",
    operations: {
      post: {
        summary: "Reports a post, comment, listing or member to moderators, once per thing.",
        access: "member",
        body: reportSchema,
        answers: { 201: successAnswer({ data: z.object({ report: reportViewSchema }), message: z.string() }) },
        errors: {
          404: "No such thing, or one the caller cannot see.",
          409: "Already reported by the caller.",
          429: "Rate limited (Retry-After).",
        },
      },
    },
  },
  {
    path: "/api/admin/users",
    operations: {
      get: {
        summary: "Members by name or e-mail, newest first.",
        access: "admin",
        query: memberSearchSchema,
        answers: { 200: successAnswer({ data: memberPageSchema }) },
      },
    },
  },
  {
    path: "/api/admin/users/{id}",
    params: { id: pathIdSchema },
    operations: {
      get: {
        summary: "A member, their recent content, the reports about them and their audit rows.",
        access: "admin",
        answers: { 200: successAnswer({ data: memberDetailSchema }) },
        errors: { 404: "No such member." },
      },
      patch: {
        summary: "Verifies, sets the author type, suspends or lifts, grants or revokes admin.",
        access: "admin",
        body: memberChangeSchema,
        answers: { 200: successAnswer({ data: z.object({ user: adminMemberViewSchema }) }) },
        errors: { 404: "No such member.", 409: "The change is not possible (the last admin, oneself)." },
      },
    },
  },
  {
    path: "/api/admin/audit",
    operations: {
      get: {
        summary: "The audit log, newest first.",
        access: "admin",
        query: auditQuerySchema,
        answers: { 200: successAnswer({ data: auditPageSchema }) },
      },
    },
  },
  {
    path: "/api/admin/reports",
    operations: {
      get: {
        summary: "One state's report groups, one per reported thing.",
        access: "admin",
        query: queueQuerySchema,
        answers: { 200: successAnswer({ data: queuePageSchema }) },
      },
    },
  },
  {
    path: "/api/admin/reports/{id}/resolve",
    params: { id: pathIdSchema },
    operations: {
      post: {
        summary: "Hides the thing or dismisses: every open report of it at once.",
        access: "admin",
        body: resolveSchema,
        answers: { 200: successAnswer({ data: z.object({ report: reportGroupSchema }), message: z.string() }) },
        errors: { 404: "No such report.", 409: "Already resolved." },
      },
    },
  },
  {
    path: "/api/admin/content/{type}/{id}/restore",
    params: { type: hideableTargetSchema, id: pathIdSchema },
    operations: {
      post: {
        summary: "A hidden post, comment or listing is back for everyone.",
        access: "admin",
        body: restoreSchema,
        answers: {
          200: successAnswer({
            data: z.object({ restored: z.object({ type: hideableTargetSchema, id: z.number().int() }) }),
            message: z.string(),
          }),
        },
        errors: { 404: "No such thing.", 409: "It is not hidden." },
      },
    },
  },
];
