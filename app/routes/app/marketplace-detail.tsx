import type { Route } from "./+types/marketplace-detail";

export const meta: Route.MetaFunction = () => [{ title: "Product · Circular Hub" }];

export default function MarketplaceDetail({ params }: Route.ComponentProps) {
  return (
    <section aria-labelledby="page-title" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <h2 id="page-title" className="text-lg font-semibold">Product {params.id}</h2>
      <p className="mt-2 text-slate-600">The details of this product will appear here.</p>
    </section>
  );
}
