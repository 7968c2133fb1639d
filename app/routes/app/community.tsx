import type { Route } from "./+types/community";

export const meta: Route.MetaFunction = () => [{ title: "Community · Circular Hub" }];

export default function Community() {
  return (
    <section aria-labelledby="page-title" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <h2 id="page-title" className="text-lg font-semibold">Community</h2>
      <p className="mt-2 text-slate-600">Posts, events and tips from the community will appear here.</p>
    </section>
  );
}
