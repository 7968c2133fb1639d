import { createRequestHandler, matchPath, type AppLoadContext, type ServerBuild } from "react-router";
import { TextAnswer } from "~/services/http/text-answer.server";
import { keepNewest } from "~/lib/recently-used";
import { fetchRequestOf, urlOf } from "./edge-request.server";

/** What the grouping needs of a route: the build's manifest and a test's route list both give it. */
export type RouteEntry = { id: string; parentId?: string; path?: string; caseSensitive?: boolean };

/**
 * React Router's request handler, as several over the one build, each knowing only the routes a
 * path could match. React Router tries a request's path against each ranked route in turn, twice
 * per request, and builds a page's route objects from every route it knows, on each request: over
 * the app's 200 routes, the largest costs of a request of its own in the CPU profiles (decision
 * 024). The routes are grouped by the first two segments of the paths they can match
 * (routeGroups: `/app/dashboard`, `/api/feed/…`), each group holding also the routes those
 * segments do not decide (`app/*`, `api/*`, the catch-all), so each answers a path exactly as the
 * whole build did, and a page carries the route manifest of its group only (the browser asks for
 * the others' as its links need them). The route discovery path (`/__manifest?paths=…`) is
 * answered from every route. An API request whose route has the method's loader or action is
 * answered by it directly (answerApiRequest), without the group's handler.
 */
export function createSplitRequestHandler(build: ServerBuild) {
  const routes = Object.values(build.routes) as RouteEntry[];
  const groups = routeGroups(routes);
  // Groups with the same routes share one handler.
  const handlers = new Map<string, ReturnType<typeof createRequestHandler>>();
  const handlerOf = (ids: ReadonlySet<string>) => {
    const name = [...ids].sort().join("\n");
    if (!handlers.has(name)) handlers.set(name, createRequestHandler(only(build, ids), "production"));
    return handlers.get(name)!;
  };
  const handlerByKey = new Map([...groups.byKey].map(([key, ids]) => [key, handlerOf(ids)]));
  // The browser asks this path which routes other paths match (lazy route discovery): it answers
  // for any path, so it needs every route.
  const manifestPath = build.routeDiscovery.mode === "lazy" ? build.routeDiscovery.manifestPath : null;
  const everyRoute = createRequestHandler(build, "production");
  const matchApi = apiRouteMatcher(routes, groups);
  const moduleOf = (id: string) => build.routes[id]!.module as unknown as RouteModule;
  const handleError: HandleError = (error, args) => (build.entry.module.handleError as HandleError | undefined)?.(error, args);
  return (request: Request, context: AppLoadContext) => {
    const url = urlOf(request);
    const { pathname } = url;
    if (pathname === manifestPath) return everyRoute(fetchRequestOf(request), context);
    const key = groups.keyOf(pathname);
    if (!pathname.endsWith(".data")) {
      const matched = matchApi(pathname, key);
      const module = matched && moduleOf(matched.id);
      const handler = module && handlerFor(module, request.method);
      if (matched && handler) return answerApiRequest(handler, request, url, matched, context, handleError);
    }
    return handlerByKey.get(key)!(fetchRequestOf(request), context);
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
/** The entry's handleError, as React Router calls it. */
type HandleError = (
  error: unknown,
  args: { request: Request; params: Record<string, string | undefined>; context: AppLoadContext },
) => void;

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
  handleError: HandleError,
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
  if (!(response instanceof TextAnswer)) await response.body?.cancel().catch(() => {});
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
 * routes of its group (those its first two segments allow).
 */
export function apiRouteMatcher(routes: RouteEntry[], groups = routeGroups(routes)) {
  const ranked = rankedApiRoutes(routes);
  const byKey = new Map([...groups.byKey].map(([key, ids]) => [key, ranked.filter((route) => ids.has(route.id))]));
  // A path's match, kept: matching compiles each candidate's pattern into a regular expression,
  // a tenth of a feed request's CPU, and the paths clients ask for are few and repeated. Long
  // paths are matched each time, so the kept ones cannot fill memory.
  const kept = new Map<string, ApiMatch | null>();
  return (pathname: string, key = groups.keyOf(pathname)): ApiMatch | null => {
    const candidates = byKey.get(key)!;
    if (!candidates.length) return null;
    let match = kept.get(pathname);
    if (match === undefined) {
      match = matchApiRoute(candidates, pathname);
      // The oldest kept path goes first once the map is full.
      if (pathname.length <= KEPT_PATH_LENGTH) keepNewest(kept, pathname, match, KEPT_PATHS);
    }
    // Each request its own parameters: a handler may change the object it is given.
    return match && { ...match, params: { ...match.params } };
  };
}

type ApiMatch = { id: string; pattern: string; params: Record<string, string | undefined> };
const KEPT_PATHS = 2000;
const KEPT_PATH_LENGTH = 200;

function matchApiRoute(routes: ApiRoute[], pathname: string): ApiMatch | null {
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
/** A group's key for a segment no route spells out there (a route's static segment is never "*"). */
const OTHER = "*";

export type RouteGroups = {
  /** Each group's route ids by its key ("app/dashboard", "api/feed", "app/*", "*\/*"). */
  byKey: Map<string, Set<string>>;
  /** The key of the group that answers a path. */
  keyOf: (pathname: string) => string;
};

/**
 * The routes grouped by the first two segments of the paths they can match. A route (with its
 * parents) is in a group unless one of the first two segments of its whole path is spelled out
 * and names another: so a group holds every route that could match a path of its key, and matches
 * it exactly as the whole route tree does (a route that cannot match does not change which one
 * does). A path whose first segment no route spells out goes to the group of routes whose first
 * segment is a parameter, a splat or absent; likewise for the second.
 */
export function routeGroups(routes: RouteEntry[]): RouteGroups {
  const byId = new Map(routes.map((route) => [route.id, route]));
  const chainOf = (route: RouteEntry): RouteEntry[] =>
    route.parentId === undefined ? [route] : [...chainOf(byId.get(route.parentId)!), route];
  const branches = routes
    .filter((route) => route.id !== "root")
    .map((route) => {
      const chain = chainOf(route);
      return {
        ids: chain.map((each) => each.id),
        segments: chain.flatMap((each) => (each.path ?? "").split("/").filter(Boolean)),
      };
    });
  // The spelled-out first segments, each with the spelled-out second segments after it.
  const seconds = new Map<string, Set<string>>();
  for (const { segments } of branches) {
    const [first, second] = segments;
    if (!isStaticSegment(first)) continue;
    const known = seconds.get(first.toLowerCase()) ?? new Set<string>();
    seconds.set(first.toLowerCase(), known);
    if (isStaticSegment(second)) known.add(second.toLowerCase());
  }
  const mayMatch = (segments: string[], key: [string, string]) => {
    for (const i of [0, 1]) {
      const segment = segments[i];
      if (!isStaticSegment(segment)) return true;
      if (segment.toLowerCase() !== key[i]) return false;
    }
    return true;
  };
  const byKey = new Map<string, Set<string>>();
  for (const first of [...seconds.keys(), OTHER]) {
    for (const second of [...(seconds.get(first) ?? []), OTHER]) {
      const ids = new Set(["root"]);
      for (const branch of branches) if (mayMatch(branch.segments, [first, second])) for (const id of branch.ids) ids.add(id);
      byKey.set(`${first}/${second}`, ids);
    }
  }
  const keyOf = (pathname: string) => {
    const [first = "", second = ""] = pathSegments(pathname);
    const known = seconds.get(first);
    if (!known) return `${OTHER}/${OTHER}`;
    return `${first}/${known.has(second) ? second : OTHER}`;
  };
  return { byKey, keyOf };
}

/**
 * A path's segments as React Router reads them, from the request's URL (dot segments resolved):
 * `….data` (a single-fetch request) as the path without it, each segment's percent-escapes decoded
 * (the whole path left as it is when one cannot be), any case.
 */
function pathSegments(pathname: string) {
  const path = pathname.endsWith(".data") ? pathname.slice(0, -".data".length) : pathname;
  let segments = path.split("/").slice(1);
  try {
    segments = segments.map((segment) => decodeURIComponent(segment));
  } catch {
    // React Router then matches the path undecoded, and so does this.
  }
  return segments.map((segment) => segment.toLowerCase());
}

/** The build with only the given routes, in both its server and its browser manifest. */
function only(build: ServerBuild, ids: ReadonlySet<string>): ServerBuild {
  const pick = <T>(manifest: Record<string, T>) => Object.fromEntries(Object.entries(manifest).filter(([id]) => ids.has(id)));
  return { ...build, routes: pick(build.routes), assets: { ...build.assets, routes: pick(build.assets.routes) } };
}
