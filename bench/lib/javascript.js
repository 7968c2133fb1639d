import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { root } from "./settings.js";

// What a page downloads: its JavaScript, gzipped, and each route's own chunk.
/** @typedef {import("./types.js").Server} Server */

/** Bytes after gzip at the highest level, as a browser would download them from a compressing server. */
export const gzippedLength = (/** @type {Buffer} */ bytes) => zlib.gzipSync(bytes, { level: 9 }).length;

/**
 * An asset's size after gzip at the highest level, in bytes.
 * @param {Server} server
 * @param {string} asset
 */
export async function gzippedSize(server, asset) {
  const bytes = Buffer.from(await (await fetch(server.url + asset)).arrayBuffer());
  return gzippedLength(bytes);
}

export const kb = (/** @type {number} */ bytes) => +(bytes / 1024).toFixed(1);

/**
 * The scripts a page's HTML makes the browser load: its script and modulepreload links and the
 * modules its inline script imports. The route manifest's own file, which the HTML only names
 * (lazy route discovery inlines the routes it needs), is not one of them.
 * @param {string} html
 */
export function scriptsLoadedBy(html) {
  const assets = new Set([...html.matchAll(/(?:href|src)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]));
  for (const m of html.matchAll(/import\s*(?:\*\s*as\s*\w+\s*from\s*|\(\s*)?"(\/assets\/[^"]+\.js)"/g)) assets.add(m[1]);
  return assets;
}

/**
 * The JavaScript files a page downloads (module scripts, preloads, route modules), gzipped sizes.
 * @param {Server} server
 * @param {string} pathname
 * @param {string} [cookie]
 */
export async function pageAssets(server, pathname, cookie) {
  const html = await (await fetch(server.url + pathname, { headers: cookie ? { cookie } : {} })).text();
  const sizes = new Map();
  for (const asset of scriptsLoadedBy(html)) sizes.set(asset, await gzippedSize(server, asset));
  return sizes;
}

/**
 * The JavaScript the minimal app's page downloads, gzipped: the bare React Router runtime. Read
 * from its build folder, since @react-router/serve started from the project root serves the
 * app's assets folder instead.
 * @param {Server} server
 */
export async function minimalJavaScript(server) {
  const html = await (await fetch(server.url)).text();
  let bytes = 0;
  for (const asset of scriptsLoadedBy(html)) {
    bytes += gzippedLength(fs.readFileSync(path.join(root, "bench/minimal-app/build/client", asset)));
  }
  return kb(bytes);
}

/**
 * Each page's JavaScript in total, gzipped.
 * @param {Server} server
 * @param {string[]} pages
 * @param {string} cookie
 */
export async function pagesJavaScript(server, pages, cookie) {
  const totals = [];
  for (const page of pages) {
    const sizes = await pageAssets(server, page, page.startsWith("/app") ? cookie : undefined);
    totals.push({ page, gzippedKb: kb([...sizes.values()].reduce((sum, size) => sum + size, 0)) });
  }
  return totals;
}

/**
 * Each page route's own chunk, gzipped: its module plus the chunks only it imports, read from
 * the route manifest the pages load (shared chunks such as React count for every page instead).
 * @param {Server} server
 */
export async function routeChunks(server) {
  const html = await (await fetch(`${server.url}/`)).text();
  const manifestUrl = /** @type {RegExpExecArray} */ (/\/assets\/manifest-[^"]+\.js/.exec(html))[0];
  const source = await (await fetch(server.url + manifestUrl)).text();
  /** @type {{ routes: Record<string, { id: string; module: string; imports?: string[]; hasDefaultExport?: boolean }> }} */
  const manifest = JSON.parse(source.slice(source.indexOf("=") + 1).replace(/;\s*$/, ""));
  const routes = Object.values(manifest.routes).filter((route) => route.hasDefaultExport && route.id !== "root");
  /** @type {Map<string, number>} */
  const importers = new Map();
  for (const route of routes) for (const chunk of route.imports ?? []) importers.set(chunk, (importers.get(chunk) ?? 0) + 1);
  /** @type {Map<string, number>} */
  const gzipped = new Map();
  const sizeOf = async (/** @type {string} */ asset) => {
    if (!gzipped.has(asset)) gzipped.set(asset, await gzippedSize(server, asset));
    return /** @type {number} */ (gzipped.get(asset));
  };
  const chunks = [];
  for (const route of routes) {
    let bytes = await sizeOf(route.module);
    for (const chunk of route.imports ?? []) if (importers.get(chunk) === 1) bytes += await sizeOf(chunk);
    chunks.push({ route: route.id, gzippedKb: kb(bytes) });
  }
  return chunks.sort((a, b) => b.gzippedKb - a.gzippedKb);
}
