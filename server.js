// The production server: `npm start` runs this file.
// A plain node:http server around React Router's request listener: measured here at about twice
// the requests per second of @react-router/serve's Express stack (see docs/decisions/001).
import http from "node:http";
import path from "node:path";
import { loadServerBuild, projectRoot as root } from "./scripts/server-build.js";

const build = await loadServerBuild();
const { createRequestListener } = await import("@react-router/node");
const { default: compression } = await import("compression");
const { default: sirv } = await import("sirv");

const app = build.entry.module;

let config;
try {
  config = app.startApp();
} catch (error) {
  // Configuration errors are one line naming the variable; anything else is a real fault.
  console.error(error?.name === "ConfigError" ? `Configuration error: ${error.message}` : error);
  process.exit(1);
}

const handleRequest = createRequestListener({
  build,
  mode: "production",
  getLoadContext(request, client) {
    const forwarded = config.trustProxy ? request.headers.get("x-forwarded-for")?.split(",")[0]?.trim() : undefined;
    return { clientAddress: forwarded || client.address };
  },
});

/**
 * The landing page is the same for every visitor without cookies, apart from the CSP nonce, and
 * it is the heaviest page to render. It is rendered at most once a minute and each answer gets a
 * fresh nonce in place of the cached one (in the header and in the page alike).
 */
const { createRequestHandler } = await import("react-router");
const renderDocument = createRequestHandler(build, "production");
const LANDING_TTL_MS = 60_000;
let landing;

async function renderLanding(req, client) {
  if (landing && Date.now() - landing.at < LANDING_TTL_MS) return landing;
  // Rendered for APP_URL, whatever Host the first visitor sent.
  const response = await renderDocument(new Request(`${config.appUrl}/`), { clientAddress: client });
  const nonce = /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1];
  const body = await response.text();
  // Only a plain page is shared: never one that sets a cookie.
  if (response.status !== 200 || !nonce || response.headers.has("set-cookie")) {
    return { status: response.status, headers: [...response.headers], body, nonce: null };
  }
  landing = { at: Date.now(), status: 200, headers: [...response.headers], body, nonce };
  return landing;
}

async function serveLanding(req, res) {
  const page = await renderLanding(req, req.socket.remoteAddress);
  const nonce = page.nonce ? app.createNonce() : null;
  const swap = (text) => (nonce ? text.replaceAll(page.nonce, nonce) : text);
  for (const [name, value] of page.headers) if (name !== "content-length") res.setHeader(name, swap(value));
  res.statusCode = page.status;
  res.end(req.method === "HEAD" ? undefined : swap(page.body));
}

const compress = compression();
const serveStatic = sirv(path.join(root, "build/client"), {
  etag: true,
  gzip: false,
  setHeaders(res, pathname) {
    // Files under /assets/ carry a content hash in their name, so they never change.
    res.setHeader(
      "Cache-Control",
      pathname.startsWith("/assets/") ? "public, max-age=31536000, immutable" : "public, max-age=3600",
    );
  },
});

/** Removes a request header everywhere node-fetch-server may read it from. */
function dropHeader(req, name) {
  delete req.headers[name];
  const raw = [];
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    if (req.rawHeaders[i].toLowerCase() !== name) raw.push(req.rawHeaders[i], req.rawHeaders[i + 1]);
  }
  req.rawHeaders.splice(0, req.rawHeaders.length, ...raw);
}

function onRequest(req, res) {
  const started = process.hrtime.bigint();
  for (const [name, value] of Object.entries(app.baseSecurityHeaders)) res.setHeader(name, value);
  compress(req, res, () => {
    serveStatic(req, res, () => {
      // Not a static file: log it, then hand it to the app.
      res.on("finish", () => {
        const ms = Number(process.hrtime.bigint() - started) / 1e6;
        console.log(`${req.method} ${req.url} ${res.statusCode} ${ms.toFixed(1)}ms`);
      });
      const pathname = req.url.split("?")[0];
      const headers = new Headers({ host: req.headers.host ?? "" });
      for (const name of ["origin", "sec-fetch-site"]) if (req.headers[name]) headers.set(name, req.headers[name]);
      // A cross-site form post must change nothing; the JSON API applies the same rule to
      // cookie-authenticated calls itself, since bearer-token clients may call from anywhere.
      if (
        app.isUnsafeMethod(req.method) &&
        !pathname.startsWith("/api/") &&
        !app.isSameOriginRequest(headers, config.appUrl)
      ) {
        res.writeHead(403, { "Content-Type": "text/plain; charset=utf-8" });
        res.end("Cross-site form submissions are not accepted.");
        return;
      }
      // Pages sent with Referrer-Policy: no-referrer (the reset page) make browsers post with
      // `Origin: null`; the check above already proved same origin by Sec-Fetch-Site, and React
      // Router's own origin check would otherwise refuse the form.
      if (req.headers.origin === "null" && req.headers["sec-fetch-site"] === "same-origin") dropHeader(req, "origin");
      if (req.url === "/" && (req.method === "GET" || req.method === "HEAD") && !req.headers.cookie) {
        serveLanding(req, res).catch((error) => {
          console.error(error);
          if (!res.headersSent) handleRequest(req, res);
        });
        return;
      }
      handleRequest(req, res);
    });
  });
}

const server = http.createServer(onRequest);
server.keepAliveTimeout = 65_000;
server.listen(config.port, () => {
  console.log(`Circular Hub is serving ${config.appUrl} (port ${config.port}, database ${config.databasePath})`);
});

let stopping = false;
function shutdown(signal) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal} received: finishing open requests…`);
  server.close(async () => {
    await app.stopApp();
    console.log("Stopped.");
    process.exit(0);
  });
  server.closeIdleConnections();
  // Requests still open after 10 s are cut so a stop never hangs.
  setTimeout(() => {
    server.closeAllConnections();
  }, 10_000).unref();
}
process.on("SIGTERM", () => shutdown("SIGTERM"));
process.on("SIGINT", () => shutdown("SIGINT"));
