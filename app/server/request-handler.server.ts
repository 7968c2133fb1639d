import { createRequestHandler, matchPath, type AppLoadContext, type ServerBuild } from "react-router";
import { JsonAnswer } from "~/services/http/json-answer.server";

/** What the grouping needs of a route: the build's manifest and a test's route list both give it. */
export type RouteEntry = { id: string; parentId?: string; path?: string; caseSensitive?: boolean };

/**
 * React Router's request handler, as several over the one build, each knowing only the routes a
 * path could match. React Router tries a request's path against each ranked route in turn, twice
 * per request, and that scan over the app's 114 routes was the largest single cost of a feed
 * request in the CPU profile (decision 024). The pages (every route outside /api) are one group;
 * the JSON API is one group per second segment (`/api/feed/…`, `/api/posts/…`), each holding also
 * the API routes that segment does not decide (`api/*`, which answers every unknown API path).
 * So each group answers a path exactly as the whole build did; the pages' group also renders a
 * smaller route manifest into each page, and browsers never navigate to an API route. The route
 * discovery path (`/__manifest?paths=…`) is answered from every route. An API request whose route
 * has the method's loader or action is answered by it directly (answerApiRequest), without the
 * group's handler.
 */
export function createSplitRequestHandler(build: ServerBuild) {
  const groups = routeGroups(Object.values(build.routes) as RouteEntry[]);
  const handlerOf = (ids: ReadonlySet<string>) => createRequestHandler(only(build, ids), "production");
  const pages = handlerOf(groups.pages);
  const apiBySegment = new Map([...groups.apiBySegment].map(([segment, ids]) => [segment, handlerOf(ids)]));
  const otherApi = handlerOf(groups.otherApi);
  // The browser asks this path which routes other paths match (lazy route discovery): it answers
  // for any path, so it needs every route.
  const manifestPath = build.routeDiscovery.mode === "lazy" ? build.routeDiscovery.manifestPath : null;
  const everyRoute = createRequestHandler(build, "production");
  const matchApi = apiRouteMatcher(Object.values(build.routes) as RouteEntry[]);
  const moduleOf = (id: string) => build.routes[id]!.module as unknown as RouteModule;
  const handleError = (
    error: unknown,
    args: { request: Request; params: Record<string, string | undefined>; context: AppLoadContext },
  ) => (build.entry.module.handleError as ((error: unknown, args: unknown) => void) | undefined)?.(error, args);
  return (request: Request, context: AppLoadContext) => {
    const url = new URL(request.url);
    const { pathname } = url;
    if (pathname === manifestPath) return everyRoute(request, context);
    if (!pathname.endsWith(".data")) {
      const matched = matchApi(pathname);
      const module = matched && moduleOf(matched.id);
      const handler = module && handlerFor(module, request.method);
      if (matched && handler) return answerApiRequest(handler, request, url, matched, context, handleError);
    }
    const group = groupOf(pathname);
    const handler = group === "pages" ? pages : (apiBySegment.get(group.apiSegment) ?? otherApi);
    return handler(request, context);
  };
}

type DataFunction = (args: {
  request: Request;
  url: URL;
  pattern: string;
  params: Record<string, string | undefined>;
  context: AppLoadContext;
}) => unknown;
type RouteModule = { loader?: DataFunction; action?: DataFunction };

/** As React Router chooses: a change (POST, PUT, PATCH, DELETE) to the action, a read (GET, HEAD, OPTIONS) to the loader. */
function handlerFor(module: RouteModule, method: string) {
  const upper = method.toUpperCase();
  if (upper === "POST" || upper === "PUT" || upper === "PATCH" || upper === "DELETE") return module.action;
  if (upper === "GET" || upper === "HEAD" || upper === "OPTIONS") return module.loader;
  return undefined;
}

/**
 * An API request answered by its route's loader or action called directly, with the arguments
 * React Router gives them and its answer for a resource route: the handler's Response (a string
 * as text, anything else as JSON), a HEAD's without its body, and an error that escaped the
 * handler passed to the entry's handleError and answered 500 as React Router's last resort does.
 * React Router's per-request work for a resource route (its route tree's matching twice, its
 * data strategy, the abort race, a second Response for HEAD) was most of what an API request
 * cost beyond the app's own work: decision 024. A route without the method's handler, a method
 * React Router refuses, a single-fetch path (`….data`) and the route discovery path still go
 * through React Router.
 */
async function answerApiRequest(
  handler: DataFunction,
  request: Request,
  url: URL,
  matched: { pattern: string; params: Record<string, string | undefined> },
  context: AppLoadContext,
  handleError: (
    error: unknown,
    args: { request: Request; params: Record<string, string | undefined>; context: AppLoadContext },
  ) => void,
): Promise<Response> {
  let response: Response;
  try {
    const result = await handler({
      request,
      url: dataFunctionUrl(url),
      pattern: matched.pattern,
      params: matched.params,
      context,
    });
    response = result instanceof Response ? result : typeof result === "string" ? new Response(result) : Response.json(result);
  } catch (error) {
    if (error instanceof Response) response = error;
    else {
      handleError(error, { request, params: matched.params, context });
      response = new Response("Unexpected Server Error", { status: 500, headers: { "Content-Type": "text/plain" } });
    }
  }
  if (request.method.toUpperCase() !== "HEAD") return response;
  if (!(response instanceof JsonAnswer)) await response.body?.cancel().catch(() => {});
  return new Response(null, { status: response.status, statusText: response.statusText, headers: response.headers });
}

/** The `url` React Router gives a data function: the request's, without its hash, empty `index` values dropped. */
function dataFunctionUrl(url: URL) {
  url.hash = "";
  if (!url.searchParams.has("index")) return url;
  const indexValues = url.searchParams.getAll("index");
  url.searchParams.delete("index");
  for (const value of indexValues.filter(Boolean)) url.searchParams.append("index", value);
  url.search = url.searchParams.size ? `?${url.searchParams.toString()}` : "";
  return url;
}

type ApiRoute = { id: string; path: string; caseSensitive: boolean; score: number };

/**
 * The API routes (children of the root whose path starts with `api`), best first in React
 * Router's ranking: a static segment over a parameter over a splat, then the order of
 * app/routes.ts. A nested API route would need its parents' matching too: refused at start.
 */
function rankedApiRoutes(routes: RouteEntry[]): ApiRoute[] {
  const api = routes.filter((route) => route.id !== "root" && API_PATH.test(route.path ?? ""));
  const nested = api.find((route) => route.parentId !== "root" || routes.some((other) => other.parentId === route.id));
  if (nested) throw new Error(`The API route ${nested.id} is nested: API routes are children of the root, with none below them.`);
  return api
    .map((route) => ({
      id: route.id,
      path: route.path!,
      caseSensitive: route.caseSensitive ?? false,
      score: routeScore(route.path!),
    }))
    .sort((a, b) => b.score - a.score);
}

/** React Router's score of a route's path (computeScore in its matching). */
function routeScore(path: string) {
  const segments = path.split("/");
  const isSplat = (segment: string) => segment === "*";
  let score = segments.length + (segments.some(isSplat) ? -2 : 0);
  for (const segment of segments) {
    if (isSplat(segment)) continue;
    score += /^:[\w-]+$/.test(segment) ? 3 : segment === "" ? 1 : 10;
  }
  return score;
}

/**
 * The API route a path matches (null for a page's path) and its parameters, read as React Router
 * reads them: each segment's percent-escapes decoded (an escaped slash kept in its parameter), any
 * case. matchPath compiles a route's pattern on each call, so a path is tried only against the API
 * routes of its group (those its second segment allows).
 */
export function apiRouteMatcher(routes: RouteEntry[]) {
  const groups = routeGroups(routes);
  const ranked = rankedApiRoutes(routes);
  const rankedIn = (ids: ReadonlySet<string>) => ranked.filter((route) => ids.has(route.id));
  const bySegment = new Map([...groups.apiBySegment].map(([segment, ids]) => [segment, rankedIn(ids)]));
  const other = rankedIn(groups.otherApi);
  return (pathname: string) => {
    const group = groupOf(pathname);
    return group === "pages" ? null : matchApiRoute(bySegment.get(group.apiSegment) ?? other, pathname);
  };
}

function matchApiRoute(routes: ApiRoute[], pathname: string) {
  const path = decodedPath(pathname);
  for (const route of routes) {
    const match = matchPath({ path: `/${route.path}`, caseSensitive: route.caseSensitive, end: true }, path);
    if (match) return { id: route.id, pattern: route.path, params: match.params };
  }
  return null;
}

/** React Router's decodePath: each segment decoded, a decoded slash escaped again; undecodable, as it came. */
function decodedPath(pathname: string) {
  try {
    return pathname
      .split("/")
      .map((segment) => decodeURIComponent(segment).replace(/\//g, "%2F"))
      .join("/");
  } catch {
    return pathname;
  }
}

/** Route paths are relative to the root's (""), case-insensitive like React Router's matching. */
const API_PATH = /^api(?:\/|$)/i;
/** A segment a path must spell out: not a parameter, a splat or optional. */
const isStaticSegment = (segment: string | undefined): segment is string =>
  segment !== undefined && segment !== "" && !/[:*?]/.test(segment);

/**
 * The groups' route ids, each with the root and every route nested under its members: the pages;
 * for each static second segment of an API path, the API routes with it; and the API routes whose
 * second segment is a parameter, a splat or absent, which every API group holds too.
 */
export function routeGroups(routes: RouteEntry[]) {
  const byId = new Map(routes.map((route) => [route.id, route]));
  const topLevelOf = (route: RouteEntry): RouteEntry =>
    route.parentId === undefined || route.parentId === "root" ? route : topLevelOf(byId.get(route.parentId)!);
  const pages = new Set<string>();
  const undecided = new Set<string>();
  const bySegment = new Map<string, Set<string>>();
  for (const route of routes) {
    if (route.id === "root") continue;
    const top = topLevelOf(route);
    if (!API_PATH.test(top.path ?? "")) {
      pages.add(route.id);
      continue;
    }
    const segment = top.path!.split("/")[1];
    if (!isStaticSegment(segment)) undecided.add(route.id);
    else {
      const key = segment.toLowerCase();
      bySegment.set(key, (bySegment.get(key) ?? new Set()).add(route.id));
    }
  }
  const withRoot = (ids: Iterable<string>) => new Set(["root", ...ids]);
  return {
    pages: withRoot(pages),
    apiBySegment: new Map([...bySegment].map(([segment, ids]) => [segment, withRoot([...ids, ...undecided])])),
    otherApi: withRoot(undecided),
  };
}

/**
 * Which group answers a path, as the request's URL gives it (dot segments resolved), read the way
 * React Router reads it: `….data` (a single-fetch request) as the path without it, each segment's
 * percent-escapes decoded (the whole path left as it is when one cannot be), any case.
 */
export function groupOf(pathname: string): "pages" | { apiSegment: string } {
  const path = pathname.endsWith(".data") ? pathname.slice(0, -".data".length) : pathname;
  let segments = path.split("/");
  try {
    segments = segments.map((segment) => decodeURIComponent(segment));
  } catch {
    // React Router then matches the path undecoded, and so does this.
  }
  if (segments[1]?.toLowerCase() !== "api") return "pages";
  return { apiSegment: (segments[2] ?? "").toLowerCase() };
}

/** The build with only the given routes, in both its server and its browser manifest. */
function only(build: ServerBuild, ids: ReadonlySet<string>): ServerBuild {
  const pick = <T>(manifest: Record<string, T>) => Object.fromEntries(Object.entries(manifest).filter(([id]) => ids.has(id)));
  return { ...build, routes: pick(build.routes), assets: { ...build.assets, routes: pick(build.assets.routes) } };
}
