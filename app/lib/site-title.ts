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

export function siteTitle(matches: readonly ({ id: string; data?: unknown } | undefined)[], page?: string): string {
  const name = rootSite(matches)?.name ?? DEFAULT_SITE_NAME;
  return page ? `${page} · ${name}` : name;
}
