import type { Route } from "./+types/dashboard";

export const meta: Route.MetaFunction = () => [{ title: "Dashboard · Circular Hub" }];

export default function Dashboard() {
  return (
    <section aria-labelledby="page-title" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <h2 id="page-title" className="text-lg font-semibold">Dashboard</h2>
      <p className="mt-2 text-slate-600">Your processing, revenue and impact figures will appear here.</p>
    </section>
  );
}
