import { createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { getEnv, getJwtSecret } from "~/services/env.server";
import { PREFERENCE_TYPES, type PreferenceType } from "./vocabulary";

/**
 * One-click unsubscribe links: a token that names a member and what to stop (one type, or the
 * daily digest as a whole), signed with an HMAC of the app's secret. It works without signing in,
 * so it must be unforgeable: changing the member or the type breaks the signature. The purpose
 * prefix keeps these signatures from ever matching one the secret makes for something else.
 */

/** What a link stops: one type's mails, or every type sent in the daily digest. */
export type UnsubscribeScope = PreferenceType | "digest";

const PURPOSE = "notification-unsubscribe";

function signature(userId: number, scope: UnsubscribeScope, secret: Uint8Array) {
  return createHmac("sha256", secret).update(`${PURPOSE}:${userId}:${scope}`).digest("base64url");
}

export function unsubscribeToken(userId: number, scope: UnsubscribeScope, secret = getJwtSecret()) {
  return `${userId}.${scope}.${signature(userId, scope, secret)}`;
}

/** The member and scope a token names, or null when it is malformed or its signature does not match. */
export function readUnsubscribeToken(
  token: unknown,
  secret = getJwtSecret(),
): { userId: number; scope: UnsubscribeScope } | null {
  if (typeof token !== "string" || token.length > 200) return null;
  const match = /^([1-9]\d{0,15})\.([a-z_]{1,40})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const userId = Number(match[1]);
  const scope = match[2] as UnsubscribeScope;
  if (!Number.isSafeInteger(userId) || (scope !== "digest" && !PREFERENCE_TYPES.includes(scope))) return null;
  const expected = Buffer.from(signature(userId, scope, secret));
  const given = Buffer.from(match[3]!);
  return given.length === expected.length && timingSafeEqual(given, expected) ? { userId, scope } : null;
}

/** The links a notification mail carries: the one-click address (List-Unsubscribe), the page, the settings. */
export function unsubscribeLinks(userId: number, scope: UnsubscribeScope) {
  const { appUrl } = getEnv();
  const token = encodeURIComponent(unsubscribeToken(userId, scope));
  return {
    oneClick: `${appUrl}/api/notifications/unsubscribe?token=${token}`,
    page: `${appUrl}/notifications/unsubscribe?token=${token}`,
    preferences: `${appUrl}/app/settings/notifications`,
  };
}
export type UnsubscribeLinks = ReturnType<typeof unsubscribeLinks>;

/**
 * Whose mails a mail's unsubscribe links stop, and which: what a queued mail holds instead of the
 * links. A link works without signing in and for as long as the secret stays, so it is made when
 * the mail is sent (`unsubscribeLinks`), never written to the jobs table.
 */
export const unsubscribeTargetSchema = z.object({
  userId: z.number().int(),
  scope: z.enum(["digest", ...PREFERENCE_TYPES]),
});
export type UnsubscribeTarget = z.infer<typeof unsubscribeTargetSchema>;

/** The links as rows an earlier version queued held them (such a mail is sent with them as they are). */
export const queuedUnsubscribeLinksSchema = z.object({ oneClick: z.url(), page: z.url(), preferences: z.url() });

/** A queued mail's links: made now from its target, or the ones an earlier version's row holds. */
export function linksOf(unsubscribe: UnsubscribeTarget | UnsubscribeLinks): UnsubscribeLinks {
  return "userId" in unsubscribe ? unsubscribeLinks(unsubscribe.userId, unsubscribe.scope) : unsubscribe;
}
