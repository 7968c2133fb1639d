import { DEFAULT_SITE_NAME } from "~/lib/site-name";

/**
 * A page's title with the instance's name, as the root loader gives it (the operator's, or the
 * shipped one): "Terms of Service · <name>". For a route's meta function, which sees the root's data.
 */
function rootSite(matches: readonly ({ id: string; data?: unknown } | undefined)[]) {
  return (
    matches.find((match) => match?.id === "root")?.data as { site?: { name?: string; logo_url?: string | null } } | undefined
  )?.site;
}

/**
 * The OpenGraph tags of a page with its own meta (which replaces the root's): the instance's name,
 * the page's title and description, the logo when there is one.
 */
export function siteOpenGraph(
  matches: readonly ({ id: string; data?: unknown } | undefined)[],
  title: string,
  description: string,
) {
  const site = rootSite(matches);
  return [
    { property: "og:site_name", content: site?.name ?? DEFAULT_SITE_NAME },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    ...(site?.logo_url ? [{ property: "og:image", content: site.logo_url }] : []),
  ];
}

/** The instance's name, for a route's meta function (its description says whose site it is). */
export function siteName(matches: readonly ({ id: string; data?: unknown } | undefined)[]): string {
  return rootSite(matches)?.name ?? DEFAULT_SITE_NAME;
}

export function siteTitle(matches: readonly ({ id: string; data?: unknown } | undefined)[], page?: string): string {
  const name = siteName(matches);
  return page ? `${page} · ${name}` : name;
}
