import { createRequestHandler, type AppLoadContext, type ServerBuild } from "react-router";

/** What the grouping needs of a route: the build's manifest and a test's route list both give it. */
export type RouteEntry = { id: string; parentId?: string; path?: string };

/**
 * React Router's request handler, as several over the one build, each knowing only the routes a
 * path could match. React Router tries a request's path against each ranked route in turn, twice
 * per request, and that scan over the app's 114 routes was the largest single cost of a feed
 * request in the CPU profile (decision 024). The pages (every route outside /api) are one group;
 * the JSON API is one group per second segment (`/api/feed/…`, `/api/posts/…`), each holding also
 * the API routes that segment does not decide (`api/*`, which answers every unknown API path).
 * So each group answers a path exactly as the whole build did; the pages' group also renders a
 * smaller route manifest into each page, and browsers never navigate to an API route. The route
 * discovery path (`/__manifest?paths=…`) is answered from every route.
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
  return (request: Request, context: AppLoadContext) => {
    const { pathname } = new URL(request.url);
    if (pathname === manifestPath) return everyRoute(request, context);
    const group = groupOf(pathname);
    const handler = group === "pages" ? pages : (apiBySegment.get(group.apiSegment) ?? otherApi);
    return handler(request, context);
  };
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
