import { PassThrough } from "node:stream";
import type { AppLoadContext, EntryContext } from "react-router";
import { createReadableStreamFromReadable } from "@react-router/node";
import { ServerRouter } from "react-router";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import { NonceContext } from "./utils/nonce";
import { createNonce, documentSecurityPolicy } from "./utils/security.server";

export { startApp, stopApp } from "./utils/app.server";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  _loadContext: AppLoadContext,
) {
  const nonce = createNonce();
  responseHeaders.set("Content-Security-Policy", documentSecurityPolicy(nonce));
  // Pages depend on the signed-in member and carry a nonce: never reuse them from a cache.
  if (!responseHeaders.has("Cache-Control")) responseHeaders.set("Cache-Control", "private, no-cache");

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
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}

export { baseSecurityHeaders, createNonce, isSameOriginRequest, isUnsafeMethod } from "./utils/security.server";
export { runBackupCommand, runRestoreCommand } from "./utils/backup.server";
