import { NavLink, Outlet } from "react-router";
import { RouteError } from "~/components/route-error";
import { requireAdmin } from "~/services/session.server";
import type { Route } from "./+types/layout";
import { Spaced } from "~/components/spaced";

/** The moderation area: admins only; any other member gets the plain "not found" page. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

const SECTIONS = [
  { to: "/app/admin/reports", label: "Reports" },
  { to: "/app/admin/members", label: "Members" },
  { to: "/app/admin/audit", label: "Audit log" },
  { to: "/app/admin/education", label: "Education" },
  { to: "/app/admin/site", label: "Site" },
];

export default function AdminLayout() {
  return (
    <div className="space-y-6">
      <nav aria-label="Admin" className="flex flex-wrap gap-2 border-b border-slate-200 pb-3">
        <Spaced>
          {SECTIONS.map(({ to, label }) => (
            <NavLink
              key={to}
              to={to}
              className={({ isActive }) =>
                `rounded-lg px-3 py-1.5 text-sm font-medium ${
                  isActive ? "bg-brand-50 text-brand-700" : "text-slate-600 hover:bg-slate-100 hover:text-slate-900"
                }`
              }
            >
              {label}
            </NavLink>
          ))}
        </Spaced>
      </nav>
      <Outlet />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} />;
}
