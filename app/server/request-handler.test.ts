import { matchRoutes, type RouteObject } from "react-router";
import { describe, expect, it } from "vitest";
import routeConfig from "~/routes";
import { apiRouteMatcher, routeGroups, type RouteEntry } from "~/server/request-handler.server";

/** A route of the config as the build names it: its file without the extension. */
type ConfigRoute = {
  id?: string;
  file: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  children?: ConfigRoute[];
};
const idOf = (route: ConfigRoute) => route.id ?? route.file.replace(/\.[^.]+$/, "");

/** The app's routes under the root, as React Router matches them, keeping only `kept` ids. */
function tree(routes: ConfigRoute[], kept: (id: string) => boolean): RouteObject[] {
  return routes
    .filter((route) => kept(idOf(route)))
    .map((route) =>
      route.index
        ? { id: idOf(route), index: true }
        : { id: idOf(route), path: route.path, caseSensitive: route.caseSensitive, children: tree(route.children ?? [], kept) },
    );
}
const config = routeConfig as ConfigRoute[];
const withRoot = (kept: (id: string) => boolean): RouteObject[] => [{ id: "root", path: "", children: tree(config, kept) }];
const entries = (routes: ConfigRoute[], parentId: string): RouteEntry[] =>
  routes.flatMap((route) => [
    { id: idOf(route), parentId, path: route.path, caseSensitive: route.caseSensitive },
    ...entries(route.children ?? [], idOf(route)),
  ]);
const groups = routeGroups([{ id: "root", path: "" }, ...entries(config, "root")]);

const matchedIds = (routes: RouteObject[], path: string) => matchRoutes(routes, path)?.map((match) => match.route.id) ?? null;
const groupIds = (path: string) => groups.byKey.get(groups.keyOf(path))!;

/** A path for each route of the config: parameters as "7", splats as two segments. */
const concretePaths = (routes: ConfigRoute[], prefix: string): string[] =>
  routes.flatMap((route) => {
    const own = route.path ? `${prefix}/${route.path.replace(/:[\w-]+\??/g, "7").replace(/\*$/, "x/y")}` : prefix;
    return [own || "/", ...concretePaths(route.children ?? [], own)];
  });

const paths = [
  ...new Set(concretePaths(config, "")),
  "/API/feed/trending",
  "/Api/Feed/Trending",
  "/%61pi/feed/trending",
  "/api%2Ffeed/trending",
  "/%61pi/%E0%A4%A",
  "/api//feed/trending",
  "/api",
  "/api/",
  "/api/nothing/here",
  "/apis",
  "/api-docs/feed",
  "/APP/Dashboard",
  "/app/api/feed",
  "/",
  "/api/feed/search",
  "/api/feed/trending/",
  "/api/users/sessions/a%2Fb",
  "/api/users/%E2%9C%93/follow",
  "/api/transfer-notes/export",
  "/api/transfer-notes/12/pdf",
  "/api/admin/content/post/3/restore",
  "/api/nothing",
  "/app",
  "/app/",
  "/App/Dashboard/",
  "/app//dashboard",
  "/app/settings%2Fpreferences",
  "/app/no-such-page",
  "/app/admin/education/courses/3/lessons/new",
  "/events/12.ics",
  "/calendar/abc.ics",
  "/robots.txt",
  "/nothing/here/at/all",
];

describe("the route groups behind the request handler", () => {
  it.each(paths)("match %s exactly as the whole route tree does", (path) => {
    const ids = groupIds(path);
    expect(
      matchedIds(
        withRoot((id) => ids.has(id)),
        path,
      ),
    ).toEqual(
      matchedIds(
        withRoot(() => true),
        path,
      ),
    );
  });

  it("put every route in a group, pages and API routes apart, and the fallbacks where their paths go", () => {
    const all = entries(config, "root").map((route) => route.id);
    const grouped = new Set([...groups.byKey.values()].flatMap((ids) => [...ids]));
    expect(all.filter((id) => !grouped.has(id))).toEqual([]);
    expect([...groupIds("/app/dashboard")].filter((id) => id.startsWith("routes/api/"))).toEqual([]);
    expect([...groupIds("/api/feed/trending")].filter((id) => id.startsWith("routes/app/"))).toEqual([]);
    // The API's catch-all answers unknown paths in every API group, the member area's in each of its.
    for (const [key, ids] of groups.byKey) {
      if (key.startsWith("api/")) expect(ids.has("routes/api/not-found")).toBe(true);
      if (key.startsWith("app/")) expect(ids.has("routes/app/unknown")).toBe(true);
    }
    // A page's group is a few routes, not the app's two hundred.
    expect(groupIds("/app/dashboard").size).toBeLessThan(12);
  });

  it("read a single-fetch request's path without its .data, as React Router does", () => {
    expect(groups.keyOf("/api/feed/trending.data")).toBe("api/feed");
    expect(groups.keyOf("/api.data")).toBe("api/*");
    expect(groups.keyOf("/app/dashboard.data")).toBe("app/dashboard");
    expect(groups.keyOf("/_root.data")).toBe("*/*");
  });
});

describe("the API's own matching, for requests answered without React Router's handler", () => {
  const matchApi = apiRouteMatcher([{ id: "root", path: "" }, ...entries(config, "root")]);

  it.each(paths)("match %s to the route and parameters the whole route tree gives", (path) => {
    const whole = matchRoutes(
      withRoot(() => true),
      path,
    );
    const leaf = whole?.at(-1);
    const expected = leaf && leaf.route.id!.startsWith("routes/api/") ? { id: leaf.route.id, params: leaf.params } : null;
    const matched = matchApi(path);
    expect(matched && { id: matched.id, params: matched.params }).toEqual(expected);
  });

  it("answer a path asked again as the first time, with parameters of its own each time", () => {
    const first = matchApi("/api/orders/17");
    first!.params.id = "changed by a handler";
    const second = matchApi("/api/orders/17");
    expect(second).toEqual({ id: "routes/api/orders/orders.order", pattern: "api/orders/:id", params: { id: "17" } });
    expect(matchApi(`/api/orders/${"9".repeat(300)}`)?.params).toEqual({ id: "9".repeat(300) });
    expect(matchApi("/api/no-such-thing")?.params).toEqual({ "*": "no-such-thing" });
    expect(matchApi("/api/no-such-thing")?.params).toEqual({ "*": "no-such-thing" });
  });

  it("refuse a nested API route, whose parents' matching it does not do", () => {
    expect(() =>
      apiRouteMatcher([
        { id: "root", path: "" },
        { id: "api-layout", parentId: "root", path: "api/things" },
        { id: "api-thing", parentId: "api-layout", path: ":id" },
      ]),
    ).toThrow("The API route api-layout is nested");
  });
});
