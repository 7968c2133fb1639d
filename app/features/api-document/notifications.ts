import { z } from "~/lib/zod";
import { successAnswer, type ApiPath } from "~/services/http/openapi.server";
import {
  markReadSchema,
  notificationListSchema,
  preferencesChangeSchema,
  unsubscribeQuerySchema,
} from "~/features/notifications/schemas";
import { notificationPageSchema, notificationPreferencesSchema, unreadCountSchema } from "~/features/notifications/answers";

const preferences = successAnswer({ data: z.object({ preferences: notificationPreferencesSchema }) });

/** The caller's notifications and their choices. */
export const notificationPaths: ApiPath[] = [
  {
    path: "/api/notifications",
    operations: {
      get: {
        summary: "The caller's notifications, latest first, with the unread count.",
        access: "member",
        query: notificationListSchema,
        answers: { 200: successAnswer({ data: notificationPageSchema }) },
      },
    },
  },
  {
    path: "/api/notifications/read",
    operations: {
      post: {
        summary: "Marks the given notifications read, or all of them (an empty body, or `{}`).",
        access: "member",
        body: markReadSchema,
        answers: { 200: successAnswer({ data: unreadCountSchema }) },
      },
    },
  },
  {
    path: "/api/notifications/preferences",
    operations: {
      get: { summary: "Every type's choice, defaults filled in.", access: "member", answers: { 200: preferences } },
      put: {
        summary: "Changes the types given.",
        access: "member",
        body: preferencesChangeSchema,
        answers: { 200: preferences },
      },
    },
  },
  {
    path: "/api/notifications/unsubscribe",
    operations: {
      post: {
        summary: "One-click unsubscribe (RFC 8058): the signed token is the whole authority.",
        access: "public",
        query: unsubscribeQuerySchema,
        answers: { 200: successAnswer({ message: z.string(), data: z.object({ unsubscribed: z.array(z.string()) }) }) },
      },
    },
  },
];
