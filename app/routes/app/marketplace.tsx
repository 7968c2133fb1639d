import type { Route } from "./+types/marketplace";

export const meta: Route.MetaFunction = () => [{ title: "Marketplace · Circular Hub" }];

export default function Marketplace() {
  return (
    <section aria-labelledby="page-title" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <h2 id="page-title" className="text-lg font-semibold">Marketplace</h2>
      <p className="mt-2 text-slate-600">Sustainable products from the network will be listed here.</p>
    </section>
  );
}
