import { useRouteLoaderData } from "react-router";
import { formatPrice } from "~/features/marketplace/marketplace";

/**
 * The instance's currency (the CURRENCY setting), as the member area's layout or a public
 * marketplace page sends it; USD, the default, elsewhere. Every price a page shows is written with it.
 */
export function useCurrency(): string {
  const member = useRouteLoaderData("routes/app/layout") as { currency?: string } | undefined;
  const list = useRouteLoaderData("routes/marketplace/public-marketplace") as { currency?: string } | undefined;
  const listing = useRouteLoaderData("routes/marketplace/public-listing") as { currency?: string } | undefined;
  return member?.currency ?? list?.currency ?? listing?.currency ?? "USD";
}

/**
 * A price in whole cents, in the instance's currency. With `free`, a price of nothing reads "Free"
 * (a free listing, an order of one) rather than "$0".
 */
export function Money({ cents, className, free = false }: { cents: number; className?: string; free?: boolean }) {
  const currency = useCurrency();
  return <span className={className}>{free && cents === 0 ? "Free" : formatPrice(cents, currency)}</span>;
}
