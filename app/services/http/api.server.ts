import type { AppLoadContext } from "react-router";
import { z } from "zod";
import { isAdmin } from "../access.server";
import { isSameOriginRequest, isUnsafeMethod } from "./security.server";
import { getCurrentSession, suspensionOfRequest, type CurrentSession } from "../session.server";
import { BUSY_RETRY_AFTER_SECONDS, BusyError, DATABASE_BUSY_MESSAGE } from "./busy";
import { logError } from "../log.server";
import { isDatabaseBusy } from "../database/db.server";
import { getEnv } from "../env.server";
import { noteDatabaseBusy } from "../database/write-lock.server";
import { noteDatabaseError } from "../database/db-integrity.server";
import { fieldErrors, type FailureReason, type FieldErrors } from "~/lib/forms";
import { suspendedMessage } from "~/lib/suspension";
import { retryAfterHeaders } from "../rate-limit.server";
import { logStorageFull, storageFullStatus } from "../storage.server";
import { STORAGE_FULL_MESSAGE, STORAGE_FULL_RETRY_AFTER_SECONDS } from "../storage";
import { pathId } from "~/lib/path-id";
import { TextAnswer } from "./text-answer.server";

/**
 * The JSON contract of /api (docs/api.md): every answer has `success`; failures a `message`.
 * Answers are not stored (they are a member's), unless the caller says otherwise for one that is
 * the same for everyone.
 */
export function apiSuccess(body: Record<string, unknown>, init: { status?: number; headers?: HeadersInit } = {}) {
  const headers = new Headers(init.headers);
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", "no-store");
  return TextAnswer.json({ success: true, ...body }, { status: init.status ?? 200, headers });
}

/**
 * `apiSuccess({ data })` for a `data` already written as JSON text (as JSON.stringify writes it):
 * the same answer, byte for byte, without serialising it again.
 */
export function apiSuccessJson(dataJson: string) {
  const headers = new Headers({ "Cache-Control": "no-store", "Content-Type": "application/json" });
  return TextAnswer.of(`{"success":true,"data":${dataJson}}`, { headers });
}

export function apiError(
  status: number,
  message: string,
  extra: { errors?: Record<string, string>; headers?: HeadersInit } = {},
) {
  const headers = new Headers(extra.headers);
  headers.set("Cache-Control", "no-store");
  return TextAnswer.json(apiFailure(message, extra.errors), { status, headers });
}

/** A failed answer's body: also the edge's own, when it refuses an API request before the app sees it. */
export const apiFailure = (message: string, errors?: Record<string, string>) => ({
  success: false,
  message,
  ...(errors ? { errors } : {}),
});

/** Thrown to stop a handler with a finished JSON answer; `apiRoute` turns it into the response. */
class ApiFailure extends Error {
  constructor(readonly response: Response) {
    super("api failure");
  }
}

const MAX_JSON_BYTES = 16 * 1024;

/**
 * Reads a JSON body of at most 16 KB and validates it. Wrong content type, oversized or
 * malformed bodies and schema failures all end as 4xx answers, never as exceptions.
 */
export async function readJson<Schema extends z.ZodType>(
  request: Request,
  schema: Schema,
  // A listing's text (a 5,000-character description in any script) needs more than the usual 16 KB.
  { maxBytes = MAX_JSON_BYTES }: { maxBytes?: number } = {},
): Promise<z.output<Schema>> {
  const type = request.headers.get("content-type") ?? "";
  if (!/^application\/json\b/i.test(type)) {
    throw new ApiFailure(apiError(415, "Send the request body as JSON (Content-Type: application/json)."));
  }
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > maxBytes) throw new ApiFailure(apiError(413, "The request body is too large."));
  let text = "";
  let size = 0;
  if (request.body) {
    const decoder = new TextDecoder();
    const reader = request.body.getReader();
    for (;;) {
      // A body the edge refused (over its limit) or a client that hung up fails the read.
      const { done, value } = await reader.read().catch(() => {
        throw new ApiFailure(apiError(413, "The request body is too large."));
      });
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel();
        throw new ApiFailure(apiError(413, "The request body is too large."));
      }
      text += decoder.decode(value, { stream: true });
    }
    text += decoder.decode();
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ApiFailure(apiError(400, "The request body is not valid JSON."));
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new ApiFailure(apiError(400, "The request body must be a JSON object."));
  }
  const result = schema.safeParse(body);
  if (!result.success) {
    const errors = fieldErrors(result.error);
    throw new ApiFailure(apiError(400, Object.values(errors)[0] ?? "The request is not valid.", { errors }));
  }
  return result.data;
}

export const AUTHENTICATION_REQUIRED = "Authentication required. Please sign in.";

/**
 * The caller's session, or a 401. A cookie-authenticated unsafe call must come from this site:
 * only bearer tokens may be used from elsewhere.
 */
export async function requireApiSession(request: Request): Promise<CurrentSession> {
  const session = await getCurrentSession(request);
  if (!session) {
    const suspension = await suspensionOfRequest(request);
    if (suspension) throw new ApiFailure(apiError(403, suspendedMessage(suspension.until, suspension.reason)));
    throw new ApiFailure(apiError(401, AUTHENTICATION_REQUIRED));
  }
  refuseCrossSiteCookieCall(request, session);
  return session;
}

/** A cookie-authenticated unsafe call must come from this site: only bearer tokens may be used from elsewhere. */
export function refuseCrossSiteCookieCall(request: Request, session: CurrentSession) {
  if (session.via === "cookie" && isUnsafeMethod(request.method) && !isSameOriginRequest(request.headers, getEnv().appUrl)) {
    throw new ApiFailure(apiError(403, "Cross-site requests are not allowed."));
  }
}

/** The caller's session when they are an admin; a 403 for any other member (and a 401 signed out). */
export async function requireAdminApiSession(request: Request): Promise<CurrentSession> {
  const session = await requireApiSession(request);
  if (!isAdmin(session.user)) throw new ApiFailure(apiError(403, "Only admins can do this."));
  return session;
}

type Handler = (args: {
  request: Request;
  params: Record<string, string | undefined>;
  context: AppLoadContext;
}) => Promise<Response> | Response;

/**
 * Wraps an API handler: known failures become their JSON answer; anything unexpected is
 * logged and answered with a 500 that reveals nothing.
 */
export function apiRoute(methods: Partial<Record<"GET" | "POST" | "PUT" | "PATCH" | "DELETE", Handler>>) {
  return async (args: Parameters<Handler>[0]) => {
    const method = args.request.method.toUpperCase() as keyof typeof methods;
    const handler = methods[method === ("HEAD" as string) ? "GET" : method];
    if (!handler) {
      return apiError(405, `${args.request.method} is not supported here.`, {
        headers: { Allow: Object.keys(methods).join(", ") },
      });
    }
    try {
      return await handler(args);
    } catch (error) {
      if (error instanceof ApiFailure) return error.response;
      if (error instanceof Response) return error;
      if (error instanceof BusyError) {
        return apiError(503, error.message, { headers: { "Retry-After": String(error.retryAfterSeconds) } });
      }
      if (isDatabaseBusy(error)) {
        noteDatabaseBusy();
        console.error(`Database busy: ${new URL(args.request.url).pathname} answered 503`);
        return apiError(503, DATABASE_BUSY_MESSAGE, { headers: { "Retry-After": String(BUSY_RETRY_AFTER_SECONDS) } });
      }
      const storageFull = storageFullStatus(error);
      if (storageFull) {
        logStorageFull(args.request, storageFull, error);
        const headers = storageFull === 503 ? { "Retry-After": String(STORAGE_FULL_RETRY_AFTER_SECONDS) } : undefined;
        return apiError(storageFull, STORAGE_FULL_MESSAGE, { headers });
      }
      if (args.request.signal.aborted) return apiError(400, "The request was cancelled.");
      noteDatabaseError(error);
      logError(`${args.request.method} ${new URL(args.request.url).pathname} failed`, error);
      return apiError(500, "Something went wrong on our side. Please try again.");
    }
  };
}

export function clientAddress(context: AppLoadContext) {
  // The Vite dev server (npm run dev) calls the app without the listener's context.
  return context?.clientAddress ?? "unknown";
}

/** The HTTP status of each reason a domain call refuses for (app/lib/forms.ts). */
export const FAILURE_STATUS = {
  invalid: 400,
  "invalid-link": 400,
  "wrong-credentials": 401,
  forbidden: 403,
  "not-found": 404,
  conflict: 409,
  "rate-limited": 429,
  "too-large": 413,
  "unsupported-media": 415,
  busy: 503,
} as const satisfies Record<FailureReason, number>;

/** A refusal's status: its reason's, else 400 (the input was not acceptable). */
export function failureStatus(failure: { reason?: FailureReason }) {
  return failure.reason ? FAILURE_STATUS[failure.reason] : 400;
}

/**
 * A refused outcome of a domain call as a JSON answer: the status its reason maps to, the field
 * errors when there are any, and Retry-After when it says how long to wait.
 */
export function failureResponse(failure: {
  reason?: FailureReason;
  message: string;
  errors?: FieldErrors;
  retryAfterSeconds?: number;
}) {
  const errors = failure.errors && Object.keys(failure.errors).length ? failure.errors : undefined;
  return apiError(failureStatus(failure), failure.message, { errors, headers: retryAfterHeaders(failure) });
}

/** The URL's query parameters, validated; a bad value is a 400 naming the parameter. */
export function readQuery<Schema extends z.ZodType>(request: Request, schema: Schema): z.output<Schema> {
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const result = schema.safeParse(params);
  if (!result.success) {
    const errors = fieldErrors(result.error);
    throw new ApiFailure(apiError(400, Object.values(errors)[0] ?? "The query is not valid.", { errors }));
  }
  return result.data;
}

/** A numeric id from the path; anything else names nothing, so it is a 404. */
export function readId(value: string | undefined, notFoundMessage: string): number {
  const id = pathId(value);
  if (id === null) throw new ApiFailure(apiError(404, notFoundMessage));
  return id;
}
