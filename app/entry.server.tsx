import { PassThrough } from "node:stream";
import type { AppLoadContext, EntryContext } from "react-router";
import { createReadableStreamFromReadable } from "@react-router/node";
import { ServerRouter, UNSAFE_ErrorResponseImpl as ErrorResponse } from "react-router";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import { logError } from "~/services/log.server";
import { NonceContext } from "~/services/nonce";
import { BUSY_RETRY_AFTER_SECONDS, DATABASE_BUSY_MESSAGE } from "~/services/busy";
import { isDatabaseBusy } from "~/services/db.server";
import { noteDatabaseBusy } from "~/services/write-lock.server";
import { noteDatabaseError } from "~/services/db-integrity.server";
import { hasSessionCookie } from "~/services/session.server";
import { createNonce, documentSecurityPolicy } from "~/services/security.server";

export { runServer } from "./server/run.server";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = createNonce();
  responseHeaders.set("Content-Security-Policy", documentSecurityPolicy(nonce));
  // Pages depend on the signed-in member and carry a nonce: never reuse them from a cache. A
  // member's pages are not even stored, so Back after signing out cannot show them again.
  if (!responseHeaders.has("Cache-Control")) {
    responseHeaders.set("Cache-Control", hasSessionCookie(request) ? "private, no-store" : "private, no-cache");
  }
  // A write that could not get the database's lock (marked by handleError, as the error itself
  // reaches the page sanitised): the page says so, and when to try again.
  const errors = routerContext.staticHandlerContext.errors;
  if (loadContext.databaseBusy && errors) {
    responseStatusCode = 503;
    responseHeaders.set("Retry-After", String(BUSY_RETRY_AFTER_SECONDS));
    for (const routeId of Object.keys(errors))
      errors[routeId] = new ErrorResponse(503, "Service Unavailable", DATABASE_BUSY_MESSAGE);
  }

  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    // The whole document is rendered before it is sent. Pages load their data before rendering,
    // so only lazily loaded components (the community's dialogs) suspend; sent before they are
    // ready, they would be swapped in by an inline script, which a browser without JavaScript
    // never runs.
    const readyOption: keyof RenderToPipeableStreamOptions = "onAllReady";

    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext>,
      {
        nonce,
        // React moves a finished Suspense boundary larger than this out of place and swaps it in
        // with a script; with no limit, finished boundaries stay inline and read without scripts.
        progressiveChunkSize: Number.MAX_SAFE_INTEGER,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors before the shell is ready reject and are logged by React Router itself.
          if (shellRendered) logError(`Rendering ${new URL(request.url).pathname} failed`, error);
        },
      },
    );
  });
}

/** Data requests (client navigations and fetchers) of a member are not stored either. */
export function handleDataRequest(response: Response, { request }: { request: Request }) {
  if (hasSessionCookie(request)) response.headers.set("Cache-Control", "private, no-store");
  return response;
}

/**
 * Errors React Router reports: a refused body (the edge has answered 413) or a busy database is
 * one line without a stack; anything else is logged whole, since it is a bug to find.
 */
export function handleError(error: unknown, { request, context }: { request: Request; context: AppLoadContext }) {
  if (request.signal.aborted) return;
  if (isDatabaseBusy(error)) {
    context.databaseBusy = true;
    noteDatabaseBusy();
    console.error(`Database busy: ${new URL(request.url).pathname} answered 503`);
  } else {
    noteDatabaseError(error);
    logError(`${request.method} ${new URL(request.url).pathname} failed`, error);
  }
}

/** The operator commands (scripts/backup.js, scripts/restore.js, scripts/admin.js) run from the same build. */
export { runBackupCommand, runRestoreCommand } from "~/services/backup.server";
export { runAdminCommand } from "~/features/moderation/admin-command.server";
