import type { IncomingMessage, ServerResponse } from "node:http";
import fs from "node:fs";
import path from "node:path";
import compression from "compression";
import type { AppLoadContext, ServerBuild } from "react-router";
import sirv from "sirv";
import type { Env } from "~/services/env.server";
import { projectRoot } from "~/services/database/db.server";
import { awaitWriteTurn } from "~/services/database/write-lock.server";
import { baseSecurityHeaders, isSameOriginRequest, isUnsafeMethod } from "~/services/http/security.server";
import { bodyLimitFor, limitedRequestBody } from "./body-limit.server";
import { clientAddressOf } from "./client-address.server";
import { createLandingCache } from "./landing-cache.server";
import { logAccess, logError } from "~/services/log.server";
import { inRequestScope } from "~/services/request-scope.server";
import { TextAnswer } from "~/services/http/text-answer.server";
import { apiFailure } from "~/services/http/api.server";
import { EdgeRequest, type EdgeRequestInit } from "./edge-request.server";
import { createSplitRequestHandler } from "./request-handler.server";
import { answerEncodingFor, encodedHeaders, writeEncodedStream, writeHeadOf, writeWholeAnswer } from "./answer-encoding.server";
import { requestOrigin } from "./request-origin.server";

/** The methods the app serves; anything else (TRACE, CONNECT, OPTIONS, made-up ones) is a 405. */
const ALLOWED_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"]);
const ALLOW_HEADER = [...ALLOWED_METHODS].join(", ");

declare module "react-router" {
  /** What the app's loaders and actions get as `context`: the listener makes one for each request. */
  interface AppLoadContext {
    clientAddress: string;
    /** Set when a write of this request met a locked database: the page answers 503. */
    databaseBusy?: boolean;
    /** Set when a write of this request met a full disk: the page answers this status (507, or 503 for the database). */
    storageFull?: 507 | 503;
  }
}

type ListenerOptions = Pick<Env, "appUrl" | "trustProxy">;

/**
 * Everything between the socket and React Router: security headers, static files, compression,
 * the request log, the cross-site check, the landing page cache, the request's URL and client
 * address, the body limit, and answering. No error in one request can reach the process.
 *
 * The `compression` middleware compresses the static files only; the edge compresses its own
 * answers by the same rules as it writes them (answer-encoding.server). An API path skips the
 * static files' lookup (none lies under /api) and takes the security headers with its answer's
 * own, in one header list, instead of setting each on the response first.
 */
export function createAppListener(build: ServerBuild, options: ListenerOptions) {
  const handleRequest = createSplitRequestHandler(build);
  const isHttps = options.appUrl.startsWith("https:");
  const securityHeaders: Record<string, string> = {
    ...baseSecurityHeaders,
    // Browsers only heed it over https; a year, as the HSTS preload list asks, without subdomains
    // (an operator's other sites are not this server's to decide).
    ...(isHttps ? { "Strict-Transport-Security": "max-age=31536000" } : {}),
  };
  const landing = createLandingCache(() =>
    handleRequest(new Request(`${options.appUrl}/`), { clientAddress: "127.0.0.1" } satisfies AppLoadContext),
  );
  const securityHeaderList = Object.entries(securityHeaders);
  const compress = compression();
  const staticDirectory = path.join(projectRoot, "build/client");
  const serveStatic = sirv(staticDirectory, {
    etag: true,
    gzip: false,
    // Called once sirv has found the file, before it writes anything.
    setHeaders(res, pathname) {
      // Files under /assets/ carry a content hash in their name, so they never change.
      res.setHeader(
        "Cache-Control",
        pathname.startsWith("/assets/") ? "public, max-age=31536000, immutable" : "public, max-age=3600",
      );
      compress(res.req as Parameters<typeof compress>[0], res as Parameters<typeof compress>[1], () => {});
    },
  });
  // A file the build put under /api would be served as a static file: then API paths look too.
  const staticFileUnderApi = existingNames(staticDirectory).some((name) => name === "api" || name.startsWith("api."));
  let stopping = false;

  function listener(req: IncomingMessage, res: ServerResponse) {
    const started = process.hrtime.bigint();
    const method = req.method ?? "GET";
    const target = req.url ?? "/";
    const pathname = target.split("?")[0]!;
    const mayBeStaticFile = staticFileUnderApi || !isApiPath(pathname);
    // A static file takes the security headers from the response; any other answer carries them
    // in its own header list, where they are not set already.
    if (mayBeStaticFile) for (const [name, value] of securityHeaderList) res.setHeader(name, value);
    const securityHeadersToList = mayBeStaticFile ? [] : securityHeaderList;
    // While stopping, each answer closes its connection so the server can finish.
    if (stopping) res.setHeader("Connection", "close");
    /** One line per request that is not a static file; without the query string, where reset links carry their token. */
    const logWhenFinished = () =>
      res.on("finish", () => {
        const ms = Number(process.hrtime.bigint() - started) / 1e6;
        logAccess(`${method.slice(0, 20)} ${loggedPath(pathname).slice(0, 300)} ${res.statusCode} ${ms.toFixed(1)}ms`);
      });

    if (!ALLOWED_METHODS.has(method)) {
      logWhenFinished();
      return edgeAnswer(req, res, 405, "This method is not supported.", { ...securityHeaders, Allow: ALLOW_HEADER });
    }
    // Only origin-form targets ("/path?query"); "//host/x" would otherwise parse as another host.
    if (!target.startsWith("/") || target.startsWith("//")) {
      logWhenFinished();
      return edgeAnswer(req, res, 400, "Bad request target.", securityHeaders);
    }
    const limit = bodyLimitFor(method, pathname, req.headers["content-type"]);
    const declared = Number(req.headers["content-length"] ?? 0);
    if (declared > limit) {
      logWhenFinished();
      return tooLarge(req, res, pathname, securityHeaders);
    }

    const answerDynamically = () => {
      logWhenFinished();
      handleDynamic(req, res, method, target, pathname, limit, securityHeadersToList).catch((error: unknown) => {
        logError(`Request failed: ${method} ${pathname.slice(0, 300)}`, error);
        if (!res.headersSent) edgeAnswer(req, res, 500, "Something went wrong on our side. Please try again.", securityHeaders);
        else res.destroy();
      });
    };
    if (mayBeStaticFile) serveStatic(req, res, answerDynamically);
    else answerDynamically();
  }

  async function handleDynamic(
    req: IncomingMessage,
    res: ServerResponse,
    method: string,
    target: string,
    pathname: string,
    limit: number,
    securityHeadersToList: [string, string][],
  ) {
    const headers = new Headers();
    for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);

    // A cross-site form post must change nothing; the JSON API applies the same rule to
    // cookie-authenticated calls itself, since bearer-token clients may call from anywhere.
    if (isUnsafeMethod(method) && !pathname.startsWith("/api/") && !isSameOriginRequest(headers, options.appUrl)) {
      return edgeAnswer(req, res, 403, "Cross-site form submissions are not accepted.", securityHeaders);
    }
    // Pages sent with Referrer-Policy: no-referrer (the reset page) make browsers post with
    // `Origin: null`; the check above already proved same origin by Sec-Fetch-Site, and React
    // Router's own origin check would otherwise refuse the form.
    if (headers.get("origin") === "null" && headers.get("sec-fetch-site") === "same-origin") headers.delete("origin");
    // Pages take forms only: any other body would make a route's request.formData() throw.
    if (isUnsafeMethod(method) && !isApiPath(pathname) && !isFormBody(headers.get("content-type"))) {
      return edgeAnswer(
        req,
        res,
        415,
        "Forms are sent as application/x-www-form-urlencoded or multipart/form-data.",
        securityHeaders,
      );
    }

    if (landing.serves(req, pathname)) return landing.send(req, res);

    const origin = requestOrigin(
      {
        host: headers.get("host") ?? undefined,
        origin: headers.get("origin") ?? undefined,
        forwardedProto: headers.get("x-forwarded-proto") ?? undefined,
        forwardedHost: headers.get("x-forwarded-host") ?? undefined,
      },
      options,
    );
    // The request's signal is made when something first asks for it (most API reads never do),
    // already aborted if the client went away before. Abort only a request whose answer did not
    // finish: aborting a signal runs its listeners and builds an AbortError, work a finished
    // answer does not need.
    let controller: AbortController | undefined;
    let gone = false;
    const abort = () => {
      gone = true;
      controller?.abort();
    };
    const signal = () => {
      if (!controller) {
        controller = new AbortController();
        if (gone) controller.abort();
      }
      return controller.signal;
    };
    res.on("close", () => {
      if (!res.writableFinished) abort();
    });
    let refused = false;
    const init: EdgeRequestInit = { method, headers, signal };
    if (method !== "GET" && method !== "HEAD") {
      const body = limitedRequestBody(req, limit, () => {
        // Answer at once; the app's own reading fails and its answer is dropped.
        refused = true;
        tooLarge(req, res, pathname, securityHeaders);
        abort();
      });
      init.body = body.stream;
      init.duplex = "half";
      // An answer given before the whole body was read (a refused upload): read the rest, so the
      // connection can carry the client's next request.
      res.on("finish", () => {
        if (!refused) body.discardRest();
      });
    }
    // A write waits, off the event loop, until the database's lock is free; a request that only
    // reads never waits for it. (A page's GET may write a little, such as a session's last use,
    // and skips that write when the lock is taken.)
    if (isUnsafeMethod(method)) await awaitWriteTurn();
    const request = new EdgeRequest(origin + target, init) as unknown as Request;
    const context: AppLoadContext = {
      clientAddress: clientAddressOf(req.headers["x-forwarded-for"], req.socket.remoteAddress, options.trustProxy),
    };
    const response = await inRequestScope(method, () => handleRequest(request, context));
    if (refused || res.headersSent || res.destroyed) {
      await response.body?.cancel().catch(() => {});
      return;
    }
    // Stopping since the request came in: this answer is the connection's last.
    if (stopping) response.headers.set("Connection", "close");
    await sendResponse(req, res, response, securityHeadersToList);
  }

  return Object.assign(listener, {
    /** From now on every answer carries `Connection: close`. */
    stop() {
      stopping = true;
    },
  });
}

/**
 * Writes a fetch Response to the socket, compressed as answer-encoding decides, as fast as the
 * client reads it, with the given security headers the Response does not set itself (a page sets
 * its own Content-Security-Policy; the others were set on the response already).
 */
async function sendResponse(req: IncomingMessage, res: ServerResponse, response: Response, securityHeaders: [string, string][]) {
  const headers: [string, string][] = [];
  for (const [name, value] of securityHeaders) if (!response.headers.has(name)) headers.push([name, value]);
  for (const entry of response.headers) headers.push(entry);
  // A ready body (an API answer's JSON text, a page's bytes) as it is, without making and reading back a stream of it.
  if (response instanceof TextAnswer) {
    await writeWholeAnswer(req, res, response.status, response.statusText, headers, response.readyBody);
    return;
  }
  const hasBody = response.body !== null && req.method !== "HEAD";
  const choice = answerEncodingFor(req, headers, null);
  // No body (a HEAD's, a 204, a redirect): nothing to encode, but it varies alike.
  writeHeadOf(
    res,
    response.status,
    response.statusText,
    encodedHeaders(headers, hasBody ? choice : { ...choice, encoding: null }),
  );
  if (!hasBody) {
    await response.body?.cancel().catch(() => {});
    res.end();
    return;
  }
  if (choice.encoding) return writeEncodedStream(res, response.body, choice.encoding);
  const reader = response.body.getReader();
  // One listener for the whole answer, so none pile up over a long download.
  let wake: (() => void) | null = null;
  const writable = () => {
    const resume = wake;
    wake = null;
    resume?.();
  };
  res.on("drain", writable);
  res.on("close", writable);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (res.destroyed) return;
      if (!res.write(value)) await new Promise<void>((resolve) => (wake = resolve));
    }
    res.end();
  } finally {
    res.off("drain", writable);
    res.off("close", writable);
    if (res.destroyed) await reader.cancel().catch(() => {});
    reader.releaseLock();
  }
}

/**
 * A short answer of the edge's own, given before the app sees the request: written as the app's
 * answers are (writeWholeAnswer), so the same rule says whether it varies by Accept-Encoding.
 */
function edgeAnswer(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  body: string,
  headers: Record<string, string>,
  contentType = "text/plain; charset=utf-8",
) {
  const list: [string, string][] = [...Object.entries(headers), ["Content-Type", contentType], ["Cache-Control", "no-store"]];
  // Under 1 KB, never encoded: written before this returns.
  void writeWholeAnswer(req, res, status, "", list, body).catch(() => res.destroy());
}

/**
 * 413 without reading the body: the connection is closed after the answer, since the rest of
 * the body would otherwise have to be read to find the next request on it.
 */
function tooLarge(req: IncomingMessage, res: ServerResponse, pathname: string, securityHeaders: Record<string, string>) {
  if (res.headersSent) return;
  const message = "The request body is too large.";
  const headers = { ...securityHeaders, Connection: "close" };
  if (pathname.startsWith("/api/")) {
    edgeAnswer(req, res, 413, JSON.stringify(apiFailure(message)), headers, "application/json; charset=utf-8");
  } else {
    edgeAnswer(req, res, 413, message, headers);
  }
  req.pause();
}

/** The names in a directory; none when it is missing (a test's app without a browser build). */
function existingNames(directory: string) {
  try {
    return fs.readdirSync(directory);
  } catch {
    return [];
  }
}

/** The path as the access log writes it: a calendar feed's address is its only key, so its token is left out. */
const loggedPath = (pathname: string) => (pathname.startsWith("/calendar/") ? "/calendar/<token>.ics" : pathname);

/** The JSON API's paths, "/api" itself included: they answer JSON of their own, 404 for an unknown one. */
const isApiPath = (pathname: string) => pathname === "/api" || pathname.startsWith("/api/");

/** A body a form sends: URL-encoded fields, or multipart when it carries files. */
export const isFormBody = (contentType: string | null) =>
  /^\s*(application\/x-www-form-urlencoded|multipart\/form-data)\s*(;|$)/i.test(contentType ?? "");
