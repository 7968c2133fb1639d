import { DEFAULT_SITE_NAME } from "~/lib/site-name";

/**
 * A page's title with the instance's name, as the root loader gives it (the operator's, or the
 * shipped one): "Terms of Service · <name>". For a route's meta function, which sees the root's data.
 */
export function siteTitle(matches: readonly ({ id: string; data?: unknown } | undefined)[], page?: string): string {
  const root = matches.find((match) => match?.id === "root")?.data as { site?: { name?: string } } | undefined;
  const name = root?.site?.name ?? DEFAULT_SITE_NAME;
  return page ? `${page} · ${name}` : name;
}
