import { createPath, Link as RouterLink, resolvePath, type LinkProps } from "react-router";

/**
 * The app's link: React Router's Link in the browser; on the server, for a plain link to a path
 * of this site, the same `<a>` written without it. On the server a Link only writes its markup,
 * yet it reads the router's contexts, resolves its target against the current route, and sets up
 * its click and prefetch handlers: a member page's three to six dozen links were a fifteenth of
 * its rendering in the CPU profiles. What the browser gets is the same markup (the link test
 * renders both and compares), so the browser's Link hydrates it as its own and navigates as ever.
 *
 * Written on the server without React Router's Link: a `to` string starting with one "/", with
 * no prefetching, masking or discovery setting. Anything else (a relative or external address,
 * a location object, prefetching) goes to React Router's Link. The site is served at "/" (no
 * basename in react-router.config.ts), which is what lets the href be the path itself.
 */
function ServerLink(props: LinkProps) {
  const { to, prefetch, mask, discover } = props;
  if (typeof to !== "string" || !isSitePath(to) || (prefetch && prefetch !== "none") || mask || discover) {
    return <RouterLink {...props} />;
  }
  // The <a>'s attributes: the props but those only the browser's Link acts on, in one pass (an
  // object rest that leaves out a dozen names took a runtime call per link).
  const anchor: Record<string, unknown> = {};
  for (const name in props) if (!BROWSER_ONLY.has(name)) anchor[name] = props[name as keyof LinkProps];
  anchor.href = sitePathHref(to);
  // After the href, where React Router writes it.
  anchor.target = props.target;
  anchor["data-discover"] = "true";
  // Its content comes in the props (children), as it does for React Router's Link.
  // eslint-disable-next-line jsx-a11y/anchor-has-content
  return <a {...anchor} />;
}

/** What only the browser's Link acts on (nothing of it shows in the markup), and what the light link writes itself. */
const BROWSER_ONLY = new Set([
  "onClick",
  "relative",
  "reloadDocument",
  "replace",
  "state",
  "preventScrollReset",
  "viewTransition",
  "defaultShouldRevalidate",
  "prefetch",
  "discover",
  "mask",
  "to",
  "target",
]);

/** A path of this site: one leading slash ("//host" and "/\host" are other sites' addresses). */
function isSitePath(to: string) {
  return to.charCodeAt(0) === 47 && to.charCodeAt(1) !== 47 && to.charCodeAt(1) !== 92;
}

/** What React Router's resolving could change in a path: doubled slashes, backslashes, dot segments, an empty "?" or "#". */
const RESOLVABLE = /\/\/|\\|\/\.|\?#|[?#]$/;

/**
 * The href React Router writes for a path of the site: its dots and doubled slashes resolved,
 * an explicit trailing slash kept, an empty "?" or "#" dropped. Most paths have none of these
 * and are their own href.
 */
export function sitePathHref(to: string) {
  if (!RESOLVABLE.test(to)) return to;
  const resolved = resolvePath(to);
  const end = to.search(/[?#]/);
  const pathname = end === -1 ? to : to.slice(0, end);
  if (pathname !== "/" && pathname.endsWith("/") && !resolved.pathname.endsWith("/")) resolved.pathname += "/";
  return createPath(resolved);
}

/** React Router's Link in the browser (and in any test with a document); the light one on the server. */
export const Link: typeof RouterLink = typeof document === "undefined" ? (ServerLink as typeof RouterLink) : RouterLink;
