import type { Route } from "./+types/profile";

export const meta: Route.MetaFunction = () => [{ title: "Profile · Circular Hub" }];

export default function Profile() {
  return (
    <section aria-labelledby="page-title" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <h2 id="page-title" className="text-lg font-semibold">Profile</h2>
      <p className="mt-2 text-slate-600">Your profile details, statistics and achievements will appear here.</p>
    </section>
  );
}
