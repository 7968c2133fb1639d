import { keptForRequest } from "./request-scope.server";
import { keepNewest } from "~/lib/recently-used";
import { blockedIdsColumn, keepBlockedIds } from "./access.server";
import { createSecretKey, randomBytes, type KeyObject } from "node:crypto";
import { eq, lte, sql } from "drizzle-orm";
import { errors as joseErrors, jwtVerify, SignJWT } from "jose";
import { data, redirect } from "react-router";
import { emailChanges, endedSessions, passwordResetTokens, sessions, type Role } from "../../db/schema";
import type { SignedOutReason } from "../../db/session-values";
import { type Db, getDb, isDatabaseBusy, statement, changedRows } from "./database/db.server";
import { isDatabaseFull } from "./storage.server";
import { getEnv, getJwtSecret } from "./env.server";
import { writeWithoutWaiting } from "./database/write-lock.server";

const SESSION_COOKIE = "session";
const REMEMBER_MS = 30 * 24 * 60 * 60 * 1000;
const BROWSER_SESSION_MS = 12 * 60 * 60 * 1000;

export type SessionUser = { id: number; username: string; email: string; userType: Role };
export type CurrentSession = { sessionId: string; user: SessionUser; via: "bearer" | "cookie" };

let signingKey: KeyObject | undefined;
/** Imported once: verifying with a ready key object is measurably cheaper than raw bytes per call. */
function key() {
  signingKey ??= createSecretKey(getJwtSecret());
  return signingKey;
}

/** A client names itself in User-Agent as it likes: kept to this many characters. */
export const MAX_USER_AGENT_LENGTH = 300;

/** The request's User-Agent as a session keeps it: cut to its limit, control characters dropped. */
export const userAgentOf = (request: Request) =>
  // eslint-disable-next-line no-control-regex
  (request.headers.get("user-agent") ?? "").replace(/[\u0000-\u001f\u007f]/g, "").slice(0, MAX_USER_AGENT_LENGTH);

/** Creates a session row and the JWT that names it; `userAgent` lets the member tell their sessions apart. */
export async function createSession(userId: number, { remember, userAgent = "" }: { remember: boolean; userAgent?: string }) {
  const sessionId = randomBytes(18).toString("base64url");
  const expiresAt = new Date(Date.now() + (remember ? REMEMBER_MS : BROWSER_SESSION_MS));
  await getDb()
    .insert(sessions)
    .values({ id: sessionId, userId, expiresAt, userAgent: userAgent.slice(0, MAX_USER_AGENT_LENGTH) })
    .run();
  const token = await new SignJWT({})
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(String(userId))
    .setJti(sessionId)
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(key());
  return { token, sessionId, expiresAt, remember };
}

type VerifiedClaims = { sub: string; jti: string; exp: number };

/**
 * Tokens whose signature was already checked. The same string cannot carry another signature,
 * so a repeat skips the HMAC (most of the cost of a request's authentication); expiry and the
 * session row are still checked every time, so logout and resets still end a token at once.
 */
const verifiedTokens = new Map<string, VerifiedClaims>();
const MAX_VERIFIED_TOKENS = 2000;

async function verifiedClaims(token: string): Promise<VerifiedClaims | null> {
  const known = verifiedTokens.get(token);
  if (known) return known.exp * 1000 > Date.now() ? known : null;
  let payload;
  try {
    ({ payload } = await jwtVerify(token, key(), { algorithms: ["HS256"], requiredClaims: ["exp", "sub", "jti"] }));
  } catch (error) {
    if (error instanceof joseErrors.JOSEError || error instanceof TypeError) return null;
    throw error;
  }
  return keepNewest(
    verifiedTokens,
    token,
    { sub: String(payload.sub), jti: String(payload.jti), exp: Number(payload.exp) },
    MAX_VERIFIED_TOKENS,
  );
}

/** A session's last use is written at most this often, so most requests write nothing. */
export const LAST_SEEN_EVERY_MS = 60_000;

/**
 * Records that a session was used now, if it was not within the last minute. Conditional, so two
 * requests racing write once; a database busy with another writer (or read-only, or on a full
 * disk) skips it at once, without waiting for the lock: the request matters more than the minute.
 */
async function noteSessionSeen(sessionId: string, lastSeenAt: number | null, now: number) {
  if (lastSeenAt !== null && now - lastSeenAt < LAST_SEEN_EVERY_MS) return;
  try {
    await writeWithoutWaiting(() =>
      statement("UPDATE sessions SET last_seen_at = ? WHERE id = ? AND (last_seen_at IS NULL OR last_seen_at <= ?)").run(
        now,
        sessionId,
        now - LAST_SEEN_EVERY_MS,
      ),
    );
  } catch (error) {
    const readOnly = String((error as { code?: unknown } | null)?.code).startsWith("SQLITE_READONLY");
    if (!isDatabaseBusy(error) && !readOnly && !isDatabaseFull(error)) throw error;
  }
}

// The member's blocks come with the session: the request's reads ask for them next (access.server).
const SESSION_BY_TOKEN = `SELECT s.id AS sessionId, s.last_seen_at AS lastSeenAt, u.id, u.username, u.email,
  u.user_type AS userType, ${blockedIdsColumn("u.id")} AS blockedIds
  FROM sessions s JOIN users u ON u.id = s.user_id
  WHERE s.id = ? AND s.user_id = ? AND s.expires_at > ? AND (u.suspended_at IS NULL OR u.suspended_until <= ?)`;

/**
 * The session a token names, if the signature, expiry and session row all hold, and its member is
 * not suspended: suspending deletes the sessions, and this check also refuses one a sign-in racing
 * the suspension may have written.
 */
export async function verifySessionToken(token: string): Promise<Omit<CurrentSession, "via"> | null> {
  const claims = await verifiedClaims(token);
  if (!claims) return null;
  const now = Date.now();
  const row = (await statement(SESSION_BY_TOKEN).get(claims.jti, Number(claims.sub), now, now)) as
    (SessionUser & { sessionId: string; lastSeenAt: number | null; blockedIds: string | null }) | undefined;
  if (!row) return null;
  const { sessionId, lastSeenAt, blockedIds, ...user } = row;
  keepBlockedIds(user.id, blockedIds);
  await noteSessionSeen(sessionId, lastSeenAt, now);
  return { sessionId, user };
}

/**
 * When the request's token is genuine but names no live session, whether its member is suspended
 * now, until when (null: until an admin lifts it) and why. Asked only on that failure path, so a
 * suspended member is told why instead of being asked to sign in again.
 */
export async function suspensionOfRequest(request: Request): Promise<{ until: number | null; reason: string | null } | null> {
  const token = bearerToken(request) ?? readCookie(request, SESSION_COOKIE);
  const claims = token ? await verifiedClaims(token) : null;
  if (!claims) return null;
  const now = Date.now();
  const row = (await statement(
    `SELECT suspended_until AS until, suspension_reason AS reason FROM users
     WHERE id = ? AND deleted_at IS NULL AND suspended_at IS NOT NULL AND (suspended_until IS NULL OR suspended_until > ?)`,
  ).get(Number(claims.sub), now)) as { until: number | null; reason: string | null } | undefined;
  return row ?? null;
}

/**
 * Ends a member's sessions for `reason`: every one, every one but `except` (the caller's own), or
 * only `only`. Each leaves a row saying why, kept until its token would have expired, so the
 * device still holding the token is told why it was signed out. Answers how many ended.
 */
export async function endSessions(
  db: Db,
  userId: number,
  reason: SignedOutReason,
  { except, only }: { except?: string; only?: string } = {},
): Promise<number> {
  const which = sql.join(
    [sql`user_id = ${userId}`, ...(except ? [sql`id <> ${except}`] : []), ...(only ? [sql`id = ${only}`] : [])],
    sql` AND `,
  );
  await db.run(
    // An upsert both engines accept (not SQLite's INSERT OR REPLACE), replacing the whole row as that did.
    sql`INSERT INTO ended_sessions (id, user_id, reason, expires_at)
        SELECT id, user_id, ${reason}, expires_at FROM sessions WHERE ${which} AND expires_at > ${Date.now()}
        ON CONFLICT (id) DO UPDATE SET user_id = excluded.user_id, reason = excluded.reason,
          created_at = excluded.created_at, expires_at = excluded.expires_at`,
  );
  return changedRows(await db.run(sql`DELETE FROM sessions WHERE ${which}`));
}

/**
 * Why the session a genuine token names was ended elsewhere, if it was. Asked only when the token
 * opens nothing, so a request with a live session never pays for it.
 */
async function signedOutReasonOf(token: string): Promise<SignedOutReason | null> {
  const claims = await verifiedClaims(token);
  if (!claims) return null;
  const row = (await statement("SELECT reason FROM ended_sessions WHERE id = ? AND user_id = ? AND expires_at > ?").get(
    claims.jti,
    Number(claims.sub),
    Date.now(),
  )) as { reason: SignedOutReason } | undefined;
  return row?.reason ?? null;
}

export function readCookie(request: Request, name: string) {
  const header = request.headers.get("cookie");
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const separator = part.indexOf("=");
    if (separator > 0 && part.slice(0, separator).trim() === name) {
      try {
        return decodeURIComponent(part.slice(separator + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/** Whether the browser sends a session cookie: its pages are a member's, and are not stored by caches. */
export const hasSessionCookie = (request: Request) => Boolean(readCookie(request, SESSION_COOKIE));

function bearerToken(request: Request) {
  const header = request.headers.get("authorization");
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1];
}

/**
 * Deletes the session row the request's genuine token names, whether or not it still opens
 * anything: signing out ends what the token names even for a suspended member, whose token opens
 * nothing now but whose row (left by a sign-in racing the suspension) would open again once lifted.
 */
export async function endSessionNamedBy(request: Request) {
  const token = bearerToken(request) ?? readCookie(request, SESSION_COOKIE);
  const claims = token ? await verifiedClaims(token) : null;
  if (claims) await statement("DELETE FROM sessions WHERE id = ? AND user_id = ?").run(claims.jti, Number(claims.sub));
}

/** The signed-in member, from a bearer token (API clients) or the session cookie (the browser). */
/**
 * The session a page's request reads, kept for that request: a page's layout and the page itself
 * both ask (requireUser in each loader), and the second would read the token and its row again.
 * Only a reading request keeps it (request-scope.server.ts).
 */
export function getCurrentSession(request: Request): Promise<CurrentSession | null> {
  return keptForRequest("session", () => readCurrentSession(request));
}

async function readCurrentSession(request: Request): Promise<CurrentSession | null> {
  const bearer = bearerToken(request);
  if (bearer) {
    const session = await verifySessionToken(bearer);
    return session && { ...session, via: "bearer" };
  }
  const cookie = readCookie(request, SESSION_COOKIE);
  if (!cookie) return null;
  const session = await verifySessionToken(cookie);
  return session && { ...session, via: "cookie" };
}

export function sessionCookie(token: string, { remember, expiresAt }: { remember: boolean; expiresAt: Date }) {
  const parts = [`${SESSION_COOKIE}=${token}`, "Path=/", "HttpOnly", "SameSite=Lax"];
  if (getEnv().secureCookies) parts.push("Secure");
  // Without "remember me" the cookie ends with the browser session (and the token in 12 hours).
  if (remember)
    parts.push(`Expires=${expiresAt.toUTCString()}`, `Max-Age=${Math.floor((expiresAt.getTime() - Date.now()) / 1000)}`);
  return parts.join("; ");
}

export function clearSessionCookie() {
  const parts = [`${SESSION_COOKIE}=`, "Path=/", "HttpOnly", "SameSite=Lax", "Max-Age=0"];
  if (getEnv().secureCookies) parts.push("Secure");
  return parts.join("; ");
}

/**
 * The page a request is for, path and query. React Router hands loaders the request as it came
 * (future.v8_passThroughRequests: no copies of it): a client-side navigation asks for
 * `/app/orders.data?_routes=…`, which names the page `/app/orders`, and a form posted to an index
 * route carries `?index`. They are taken off as React Router takes them off the `url` it gives.
 */
export function pageAddress(request: Request) {
  const url = new URL(request.url);
  const path = url.pathname === "/_root.data" ? "/" : url.pathname.replace(/\.data$/, "");
  url.searchParams.delete("_routes");
  const index = url.searchParams.getAll("index").filter(Boolean);
  url.searchParams.delete("index");
  for (const value of index) url.searchParams.append("index", value);
  const query = url.searchParams.toString();
  return path + (query ? `?${query}` : "");
}

/**
 * Where a visitor is sent to sign in, remembering the page they asked for, and why their session
 * ended if it was ended elsewhere (the sign-in page says so).
 */
function loginRedirectPath(request: Request, signedOut: SignedOutReason | null) {
  const params = new URLSearchParams({ redirectTo: pageAddress(request) });
  if (signedOut) params.set("signedOut", signedOut);
  return `/auth/login?${params}`;
}

/**
 * The guard for /app: the signed-in member, or a redirect to the login page. A cookie that
 * no longer names a live session (expired, signed out elsewhere) is cleared on the way.
 */
export async function requireUser(request: Request): Promise<SessionUser> {
  const session = await getCurrentSession(request);
  if (session) return session.user;
  const headers = new Headers();
  const cookie = readCookie(request, SESSION_COOKIE);
  if (cookie !== undefined) headers.append("Set-Cookie", clearSessionCookie());
  const signedOut = cookie ? await signedOutReasonOf(cookie) : null;
  throw redirect(loginRedirectPath(request, signedOut), { headers });
}

/**
 * The guard for /app/admin: an admin, or the plain "not found" page any member gets for a page
 * that does not exist (a member learns nothing of what is there).
 */
export async function requireAdmin(request: Request): Promise<SessionUser> {
  const user = await requireUser(request);
  if (user.userType !== "admin") throw data("Not Found", { status: 404 });
  return user;
}

export async function getOptionalUser(request: Request) {
  return (await getCurrentSession(request))?.user ?? null;
}

export async function deleteSession(sessionId: string) {
  await getDb().delete(sessions).where(eq(sessions.id, sessionId)).run();
}

export async function deleteExpiredSessions(now = new Date()) {
  return changedRows(await getDb().delete(sessions).where(lte(sessions.expiresAt, now)).run());
}

export async function deleteExpiredAuthRecords(now = new Date()) {
  await deleteExpiredSessions(now);
  await getDb().delete(endedSessions).where(lte(endedSessions.expiresAt, now)).run();
  await getDb().delete(passwordResetTokens).where(lte(passwordResetTokens.expiresAt, now)).run();
  await getDb().delete(emailChanges).where(lte(emailChanges.expiresAt, now)).run();
}
