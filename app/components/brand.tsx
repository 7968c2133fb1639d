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
  truncate = false,
}: {
  inverted?: boolean;
  /**
   * Below 640 px only the mark shows and the name is left to screen readers: a header that must
   * keep its menu button and sign-in link on a 320 px phone has no room for both.
   */
  compact?: boolean;
  /**
   * Where the mark has one line of fixed room (a header row, the side panel), a long name is cut
   * to it with an ellipsis and shown whole on hover; elsewhere it wraps, breaking a long word
   * anywhere, so an admin's 60-character name never pushes a page sideways.
   */
  truncate?: boolean;
}) {
  const site = useSite();
  return (
    // min-w-0 and max-w-full: the mark shrinks with its row (a flex item) instead of widening it.
    <Link
      to="/"
      className={`inline-flex max-w-full min-w-0 items-center gap-2 text-lg font-bold ${inverted ? "text-white" : "text-slate-900"}`}
    >
      {site.logo_url ? (
        <img src={site.logo_url} alt="" className="size-9 shrink-0 rounded-xl object-contain" width={36} height={36} />
      ) : (
        <span
          className={`flex size-9 shrink-0 items-center justify-center rounded-xl ${inverted ? "bg-white/15" : "bg-brand-600"}`}
        >
          <Recycle aria-hidden className="size-5 text-white" />
        </span>
      )}
      {/* The outer span hides the name on a phone when compact (sr-only's own overflow and
          white-space would undo truncate's); the inner one fits the name to the room it has. */}
      <span className={`min-w-0 ${compact ? "sr-only sm:not-sr-only" : ""}`}>
        <span
          className={truncate ? "block truncate" : "block leading-snug wrap-anywhere"}
          title={truncate ? site.name : undefined}
          data-testid="site-name"
        >
          {site.name}
        </span>
      </span>
    </Link>
  );
}
