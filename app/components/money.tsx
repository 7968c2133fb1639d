import { useRouteLoaderData } from "react-router";
import { formatPrice } from "~/features/marketplace/marketplace";

/**
 * The instance's currency (the CURRENCY setting), as the member area's layout sends it; USD, the
 * default, outside it. Every price a page shows is written with it.
 */
export function useCurrency(): string {
  const data = useRouteLoaderData("routes/app/layout") as { currency?: string } | undefined;
  return data?.currency ?? "USD";
}

/**
 * A price in whole cents, in the instance's currency. With `free`, a price of nothing reads "Free"
 * (a free listing, an order of one) rather than "$0".
 */
export function Money({ cents, className, free = false }: { cents: number; className?: string; free?: boolean }) {
  const currency = useCurrency();
  return <span className={className}>{free && cents === 0 ? "Free" : formatPrice(cents, currency)}</span>;
}
