import type { Route } from "./+types/education";

export const meta: Route.MetaFunction = () => [{ title: "Education Hub · Circular Hub" }];

export default function Education() {
  return (
    <section aria-labelledby="page-title" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <h2 id="page-title" className="text-lg font-semibold">Education Hub</h2>
      <p className="mt-2 text-slate-600">Courses and articles on the circular economy will be listed here.</p>
    </section>
  );
}
