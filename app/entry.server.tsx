import type { AppLoadContext, EntryContext } from "react-router";
import { isRouteErrorResponse, ServerRouter, UNSAFE_ErrorResponseImpl as ErrorResponse } from "react-router";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
// React's own renderer, in the build whose chunks are strings (docs/decisions/058).
import { renderToPipeableStream } from "react-dom/server.bun";
import { logError } from "~/services/log.server";
import { NonceContext } from "~/services/http/nonce";
import { BUSY_RETRY_AFTER_SECONDS, DATABASE_BUSY_MESSAGE } from "~/services/http/busy";
import { isDatabaseBusy } from "~/services/database/db.server";
import { STORAGE_FULL_MESSAGE, STORAGE_FULL_RETRY_AFTER_SECONDS } from "~/services/storage";
import { logStorageFull, storageFullStatus } from "~/services/storage.server";
import { noteDatabaseBusy } from "~/services/database/write-lock.server";
import { noteDatabaseError } from "~/services/database/db-integrity.server";
import { hasSessionCookie } from "~/services/session.server";
import { createNonce, documentSecurityPolicy } from "~/services/http/security.server";
import { TextAnswer } from "~/services/http/text-answer.server";
import { documentBody } from "~/services/http/document-body.server";

import { runRestoreCommand as restoreCommand } from "~/services/database/backup.server";
import { MAIL_JOB_KINDS } from "./server/start.server";
import { FEATURE_MANIFESTS } from "./server/feature-manifests.server";

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
  // A write that met a full disk: the page says nothing was saved (and, for the database, when to try again).
  if (loadContext.storageFull && errors) {
    responseStatusCode = loadContext.storageFull;
    if (responseStatusCode === 503) responseHeaders.set("Retry-After", String(STORAGE_FULL_RETRY_AFTER_SECONDS));
    for (const routeId of Object.keys(errors))
      errors[routeId] = new ErrorResponse(responseStatusCode, "Insufficient Storage", STORAGE_FULL_MESSAGE);
  }

  allowReadsOnly(responseStatusCode, responseHeaders);

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
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(
            documentBody((body) => {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              resolve(TextAnswer.of(body, { headers: responseHeaders, status: responseStatusCode }));
            }, reject),
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
  allowReadsOnly(response.status, response.headers);
  return response;
}

/** React Router answers 405 to a write sent to a page that takes no form: say what it does take. */
function allowReadsOnly(status: number, headers: Headers) {
  if (status === 405) headers.set("Allow", "GET, HEAD");
}

/**
 * Errors React Router reports: a refused body (the edge has answered 413), a busy database or a
 * full disk is one line without a stack; a request React Router itself refuses (a write to a page
 * that takes no form: 405; no such route: 404) is the client's doing and already in the access
 * log, so it is not logged again; anything else is logged whole, since it is a bug to find.
 */
export function handleError(error: unknown, { request, context }: { request: Request; context: AppLoadContext }) {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  const storageFull = storageFullStatus(error);
  if (storageFull) {
    context.storageFull = storageFull;
    logStorageFull(request, storageFull, error);
  } else if (isDatabaseBusy(error)) {
    context.databaseBusy = true;
    noteDatabaseBusy();
    console.error(`Database busy: ${new URL(request.url).pathname} answered 503`);
  } else {
    noteDatabaseError(error);
    logError(`${request.method} ${new URL(request.url).pathname} failed`, error);
  }
}

/** The operator commands (scripts/backup.js, scripts/restore.js, scripts/admin.js) run from the same build. */
export { runBackupCommand } from "~/services/database/backup.server";

/** `npm run restore`, told which of the server's jobs send mail (those waiting in a backup are held back). */
export const runRestoreCommand = (argv: string[]) => restoreCommand(argv, { mailJobKinds: MAIL_JOB_KINDS });
// Loaded when run: they bring PostgreSQL's driver and the S3 SDK, which a server holds only when configured.
export const runAdminCommand = async (argv: string[]) =>
  (await import("~/features/moderation/admin-command.server")).runAdminCommand(argv);
export const runDbCopyCommand = async (argv: string[]) =>
  (await import("~/services/database/db-copy.server")).runDbCopyCommand(
    argv,
    FEATURE_MANIFESTS.flatMap((manifest) => manifest.storedFiles?.handles ?? []),
  );
