import { z } from "~/lib/zod";
import { pathIdSchema, successAnswer, type ApiPath } from "~/services/http/openapi.server";
import {
  forgotPasswordSchema,
  loginSchema,
  registerApiSchema,
  resetPasswordApiSchema,
  resetTokenSchema,
} from "~/features/auth/schemas";
import {
  changeEmailSchema,
  changePasswordSchema,
  deleteAccountSchema,
  emailTokenSchema,
  profilePatchSchema,
  SESSION_ID_PATTERN,
} from "~/features/account/schemas";
import { profileViewSchema, publicUserSchema, sessionViewSchema } from "~/features/account/answers";
import { listPageSchema, preferencesSchema } from "~/features/community/schemas";
import { blockedPageSchema, preferencesViewSchema, recommendedMemberSchema } from "~/features/community/answers";
import { feedPageSchema } from "~/features/community/answers";

const message = successAnswer({ message: z.string() });
const signedIn = successAnswer({ token: z.string(), user: publicUserSchema });
const sessions = z.object({ sessions: z.array(sessionViewSchema) });

/** Sign-in, the account's settings and a member's relations to others. */
export const accountPaths: ApiPath[] = [
  {
    path: "/api/auth/register",
    operations: {
      post: {
        summary: "Registers a member and signs them in (`user_type` is ignored: always `user`).",
        access: "public",
        body: registerApiSchema,
        answers: { 201: signedIn },
        errors: { 409: "The e-mail address or name is taken.", 429: "Rate limited (Retry-After)." },
      },
    },
  },
  {
    path: "/api/auth/login",
    operations: {
      post: {
        summary: "Signs in: a token for 12 hours, or 30 days with `remember`.",
        access: "public",
        body: loginSchema,
        answers: { 200: signedIn },
        errors: {
          401: "Wrong e-mail or password.",
          403: "The account is suspended.",
          429: "Rate limited (Retry-After).",
          503: "Too many sign-ins are being checked (Retry-After).",
        },
      },
    },
  },
  {
    path: "/api/auth/logout",
    operations: {
      post: {
        summary: "Ends the caller's session.",
        access: "member",
        answers: { 200: message },
      },
    },
  },
  {
    path: "/api/auth/forgot-password",
    operations: {
      post: {
        summary: "Mails a reset link (the same answer for unknown addresses).",
        access: "public",
        body: forgotPasswordSchema,
        answers: { 200: message },
        errors: { 429: "Rate limited (Retry-After)." },
      },
    },
  },
  {
    path: "/api/auth/validate-reset-token",
    operations: {
      post: {
        summary: "Whether a reset link's token still works.",
        access: "public",
        body: resetTokenSchema,
        answers: { 200: successAnswer({ valid: z.literal(true) }) },
      },
    },
  },
  {
    path: "/api/auth/reset-password",
    operations: {
      post: {
        summary: "Sets a new password with a reset link's token; ends every session of the account.",
        access: "public",
        body: resetPasswordApiSchema,
        answers: { 200: message },
        errors: { 429: "Rate limited (Retry-After)." },
      },
    },
  },
  {
    path: "/api/users/profile",
    operations: {
      get: { summary: "The caller.", access: "member", answers: { 200: successAnswer({ user: publicUserSchema }) } },
      patch: {
        summary: "Changes any of the profile's fields (name or username, bio, phone, location, company, website).",
        access: "member",
        body: profilePatchSchema,
        answers: { 200: successAnswer({ user: profileViewSchema }) },
        errors: { 404: "The account no longer exists." },
      },
    },
  },
  {
    path: "/api/users/preferences",
    operations: {
      get: {
        summary: "The feed's preferences.",
        access: "member",
        answers: { 200: successAnswer({ data: z.object({ preferences: preferencesViewSchema }) }) },
      },
      put: {
        summary: "Replaces the feed's preferences.",
        access: "member",
        body: preferencesSchema,
        answers: { 200: successAnswer({ data: z.object({ preferences: preferencesViewSchema }) }) },
      },
    },
  },
  {
    path: "/api/users/recommendations",
    operations: {
      get: {
        summary: "Authors to follow.",
        access: "member",
        answers: { 200: successAnswer({ data: z.object({ users: z.array(recommendedMemberSchema) }) }) },
      },
    },
  },
  {
    path: "/api/users/password",
    operations: {
      post: {
        summary: "Changes the password; every other session ends.",
        access: "member",
        body: changePasswordSchema,
        answers: { 200: message },
        errors: { 429: "Rate limited (Retry-After).", 503: "Too many password checks wait (Retry-After)." },
      },
    },
  },
  {
    path: "/api/users/email",
    operations: {
      post: {
        summary: "Mails a confirmation link to a new address; nothing changes until it is opened.",
        access: "member",
        body: changeEmailSchema,
        answers: { 200: message },
        errors: { 409: "The address cannot be used.", 429: "Rate limited (Retry-After)." },
      },
    },
  },
  {
    path: "/api/users/email/confirm",
    operations: {
      post: {
        summary: "Confirms an e-mail change with the mailed link's token (no session needed).",
        access: "public",
        body: emailTokenSchema,
        answers: { 200: successAnswer({ message: z.string(), email: z.string() }) },
        errors: { 409: "The address was taken meanwhile." },
      },
    },
  },
  {
    path: "/api/users/sessions",
    operations: {
      get: {
        summary: "The caller's sessions, newest first.",
        access: "member",
        answers: { 200: successAnswer({ data: sessions }) },
      },
      delete: {
        summary: "Ends every session but the caller's.",
        access: "member",
        answers: { 200: successAnswer({ message: z.string(), ended: z.number().int(), data: sessions }) },
      },
    },
  },
  {
    path: "/api/users/sessions/{id}",
    params: { id: z.string().regex(SESSION_ID_PATTERN) },
    operations: {
      delete: {
        summary: "Ends one of the caller's sessions.",
        access: "member",
        answers: { 200: message },
        errors: { 404: "No such session of the caller's." },
      },
    },
  },
  {
    path: "/api/users/export",
    operations: {
      get: {
        summary: "Everything stored about the caller, as one JSON download.",
        access: "member",
        answers: { 200: { mediaType: "application/json", description: "The export (Content-Disposition: attachment)." } },
        errors: { 404: "The account no longer exists.", 429: "An export is under way, or past the hourly limit (Retry-After)." },
      },
    },
  },
  {
    path: "/api/users/me",
    operations: {
      delete: {
        summary: "Deletes the caller's account; every session ends.",
        access: "member",
        body: deleteAccountSchema,
        answers: { 200: message },
        errors: { 409: "Open orders keep the account.", 429: "Rate limited (Retry-After)." },
      },
    },
  },
  {
    path: "/api/users/saved",
    operations: {
      get: {
        summary: "The caller's saved posts, newest saved first.",
        access: "member",
        query: listPageSchema,
        answers: { 200: successAnswer({ data: feedPageSchema }) },
      },
    },
  },
  {
    path: "/api/users/{id}/follow",
    params: { id: pathIdSchema },
    operations: {
      post: {
        summary: "Follows a member.",
        access: "member",
        answers: { 200: successAnswer({ data: z.object({ following: z.boolean(), followers_count: z.number().int() }) }) },
        errors: { 403: "A block stands between the two.", 404: "No such member." },
      },
      delete: {
        summary: "Stops following a member.",
        access: "member",
        answers: { 200: successAnswer({ data: z.object({ following: z.boolean(), followers_count: z.number().int() }) }) },
        errors: { 404: "No such member." },
      },
    },
  },
  {
    path: "/api/users/blocked",
    operations: {
      get: {
        summary: "The members the caller blocked, newest block first.",
        access: "member",
        query: listPageSchema,
        answers: { 200: successAnswer({ data: blockedPageSchema }) },
      },
    },
  },
  {
    path: "/api/users/{id}/block",
    params: { id: pathIdSchema },
    operations: {
      post: {
        summary: "Blocks a member.",
        access: "member",
        answers: { 200: successAnswer({ data: z.object({ blocked: z.boolean() }) }) },
        errors: { 404: "No such member." },
      },
      delete: {
        summary: "Unblocks a member.",
        access: "member",
        answers: { 200: successAnswer({ data: z.object({ blocked: z.boolean() }) }) },
        errors: { 404: "No such member." },
      },
    },
  },
];
