import { createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { getEnv, getJwtSecret } from "~/services/env.server";
import { emailVersionSum } from "./store/preferences.server";
import { PREFERENCE_TYPES, type PreferenceType } from "./vocabulary";

/**
 * One-click unsubscribe links: a token that names a member, what to stop (one type, or the daily
 * digest as a whole) and the version of that choice it was sent under, signed with an HMAC of the
 * app's secret. It works without signing in, so it must be unforgeable: changing the member, the
 * type or the version breaks the signature. The version (how many times the member turned those
 * mails on, see queries.server.ts) makes a link sent before the member turned them back on stop
 * nothing: it cannot be replayed against their newer choice. A token of version 0 is written
 * without it, as links were before versions, so those still work. The purpose prefix keeps these
 * signatures from ever matching one the secret makes for something else.
 */

/**
 * What a link stops: one type's mails, several types' (a mail that tells of several, joined by
 * "+" in their order in PREFERENCE_TYPES: scopeOfTypes), or every type sent in the daily digest.
 */
export type UnsubscribeScope = PreferenceType | "digest" | `${PreferenceType}+${string}`;

/** The scope that stops each of these types (at least one). */
export function scopeOfTypes(types: readonly PreferenceType[]): UnsubscribeScope {
  return PREFERENCE_TYPES.filter((type) => types.includes(type)).join("+") as UnsubscribeScope;
}

/** The types a scope stops, or "digest". */
export function typesOfScope(scope: UnsubscribeScope): PreferenceType[] | "digest" {
  return scope === "digest" ? "digest" : (scope.split("+") as PreferenceType[]);
}

/** A scope as a token writes it, or null: "digest", or known types, each once, in their order. */
function readScope(text: string): UnsubscribeScope | null {
  if (text === "digest") return text;
  const types = text.split("+");
  if (!types.every((type) => PREFERENCE_TYPES.includes(type as PreferenceType))) return null;
  return scopeOfTypes(types as PreferenceType[]) === text ? (text as UnsubscribeScope) : null;
}

const PURPOSE = "notification-unsubscribe";

function signature(userId: number, scope: UnsubscribeScope, version: number, secret: Uint8Array) {
  const payload = version === 0 ? `${PURPOSE}:${userId}:${scope}` : `${PURPOSE}:${userId}:${scope}:${version}`;
  return createHmac("sha256", secret).update(payload).digest("base64url");
}

export function unsubscribeToken(userId: number, scope: UnsubscribeScope, version = 0, secret = getJwtSecret()) {
  const versionPart = version === 0 ? "" : `${version}.`;
  return `${userId}.${scope}.${versionPart}${signature(userId, scope, version, secret)}`;
}

/** The member, scope and version a token names, or null when it is malformed or its signature does not match. */
export function readUnsubscribeToken(
  token: unknown,
  secret = getJwtSecret(),
): { userId: number; scope: UnsubscribeScope; version: number } | null {
  if (typeof token !== "string" || token.length > 400) return null;
  const match = /^([1-9]\d{0,15})\.([a-z_+]{1,300})\.(?:([1-9]\d{0,8})\.)?([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const userId = Number(match[1]);
  const scope = readScope(match[2]!);
  const version = match[3] === undefined ? 0 : Number(match[3]);
  if (!Number.isSafeInteger(userId) || !scope) return null;
  const expected = Buffer.from(signature(userId, scope, version, secret));
  const given = Buffer.from(match[4]!);
  return given.length === expected.length && timingSafeEqual(given, expected) ? { userId, scope, version } : null;
}

/**
 * The links a notification mail carries: the one-click address (List-Unsubscribe), the page, the
 * settings. `version` is the member's current version of that choice (emailVersionOf).
 */
export function unsubscribeLinks(userId: number, scope: UnsubscribeScope, version: number) {
  const { appUrl } = getEnv();
  const token = encodeURIComponent(unsubscribeToken(userId, scope, version));
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
  scope: z.string().refine((scope) => readScope(scope) !== null, "an unsubscribe scope") as z.ZodType<UnsubscribeScope>,
});
export type UnsubscribeTarget = z.infer<typeof unsubscribeTargetSchema>;

/**
 * The version an unsubscribe link for `scope` is sent under: the type's (or the sum over the types
 * of a scope of several), or for the digest (whose link stops every daily type) the sum of every
 * type's, so turning any of them on anew retires the links sent before.
 */
export function emailVersionOf(userId: number, scope: UnsubscribeScope): Promise<number> {
  const types = typesOfScope(scope);
  return emailVersionSum(userId, types === "digest" ? "all" : types);
}

/** The links as rows an earlier version queued held them (such a mail is sent with them as they are). */
export const queuedUnsubscribeLinksSchema = z.object({ oneClick: z.url(), page: z.url(), preferences: z.url() });

/**
 * A queued mail's links: made now from its target, at the member's current version of that choice
 * (so a mail queued before they turned the mails on again still stops them), or the ones an
 * earlier version's row holds.
 */
export async function linksOf(unsubscribe: UnsubscribeTarget | UnsubscribeLinks): Promise<UnsubscribeLinks> {
  if (!("userId" in unsubscribe)) return unsubscribe;
  return unsubscribeLinks(unsubscribe.userId, unsubscribe.scope, await emailVersionOf(unsubscribe.userId, unsubscribe.scope));
}
