import { Recycle } from "~/components/icons";
import { useRouteLoaderData } from "react-router";
import { Link } from "~/lib/link";
import { DEFAULT_SITE_NAME } from "~/lib/site-name";

/** The instance's name and logo, from the root loader (the shipped ones where it has not run). */
export function useSite(): { name: string; tagline: string; logo_url: string | null } {
  const root = useRouteLoaderData("root") as { site?: { name: string; tagline: string; logo_url: string | null } } | undefined;
  return {
    name: root?.site?.name ?? DEFAULT_SITE_NAME,
    tagline: root?.site?.tagline ?? "",
    logo_url: root?.site?.logo_url ?? null,
  };
}

/** The shipped name; an instance shows its operator's (the root loader's `site.name`). */
export { DEFAULT_SITE_NAME as PRODUCT_NAME } from "~/lib/site-name";

export function BrandMark({
  inverted = false,
  compact = false,
}: {
  inverted?: boolean;
  /**
   * Below 640 px only the mark shows and the name is left to screen readers: a header that must
   * keep its menu button and sign-in link on a 320 px phone has no room for both.
   */
  compact?: boolean;
}) {
  const site = useSite();
  return (
    <Link
      to="/"
      className={`inline-flex shrink-0 items-center gap-2 text-lg font-bold whitespace-nowrap ${inverted ? "text-white" : "text-slate-900"}`}
    >
      {site.logo_url ? (
        <img src={site.logo_url} alt="" className="size-9 rounded-xl object-contain" width={36} height={36} />
      ) : (
        <span className={`flex size-9 items-center justify-center rounded-xl ${inverted ? "bg-white/15" : "bg-brand-600"}`}>
          <Recycle aria-hidden className="size-5 text-white" />
        </span>
      )}
      <span className={compact ? "sr-only sm:not-sr-only" : undefined} data-testid="site-name">
        {site.name}
      </span>
    </Link>
  );
}
