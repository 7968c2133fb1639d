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

/** A price in whole cents, in the instance's currency. */
export function Money({ cents, className }: { cents: number; className?: string }) {
  return <span className={className}>{formatPrice(cents, useCurrency())}</span>;
}
