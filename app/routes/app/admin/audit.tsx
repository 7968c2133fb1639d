import { Form } from "react-router";
import { PageLinks } from "~/components/admin/page-links";
import { AuditEntry } from "~/components/admin/audit-entry";
import { RouteError } from "~/components/route-error";
import { auditAdmins, listAuditLog } from "~/features/moderation/audit-log.server";
import { auditQuerySchema, COMMAND_LINE } from "~/features/moderation/member-schemas";
import { ACTION_LABELS, AUDIT_ACTIONS } from "~/features/moderation/vocabulary";
import { countOf } from "~/lib/plural";
import { requireAdmin } from "~/services/session.server";
import { timeZoneOf } from "~/services/http/time-zone.server";
import { siteTitle } from "~/lib/site-title";
import type { Route } from "./+types/audit";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: siteTitle(matches, "Audit log · Admin") }];

export async function loader({ request, url }: Route.LoaderArgs) {
  await requireAdmin(request);
  const parsed = auditQuerySchema.safeParse(Object.fromEntries(url.searchParams));
  const query = parsed.success ? parsed.data : { page: 1 };
  const refusal = parsed.success ? null : (parsed.error.issues[0]?.message ?? "The filter is not valid.");
  return {
    ...(await listAuditLog(query)),
    filters: { admin: query.admin === undefined ? "" : String(query.admin), action: query.action ?? "" },
    admins: await auditAdmins(),
    refusal,
    timeZone: timeZoneOf(request),
  };
}

const pageHref = (filters: { admin: string; action: string }, page: number) => {
  const params = new URLSearchParams();
  if (filters.admin) params.set("admin", filters.admin);
  if (filters.action) params.set("action", filters.action);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return `/app/admin/audit${query ? `?${query}` : ""}`;
};

const selectClass = "mt-1 block w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm";

export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  const { entries, pagination, filters, admins, refusal, timeZone } = loaderData;
  const first = (pagination.page - 1) * pagination.limit + 1;
  const last = first + entries.length - 1;
  return (
    <div className="space-y-4">
      <h1 className="text-xl font-semibold text-slate-900">Audit log</h1>
      <p className="text-sm text-slate-600">Every admin action, newest first. Nothing here can be changed or removed.</p>
      <Form
        method="get"
        aria-label="Filter the audit log"
        className="flex flex-wrap items-end gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
      >
        <div className="min-w-0 flex-1 basis-40">
          <label htmlFor="audit-admin" className="text-sm font-medium text-slate-700">
            Admin
          </label>
          <select id="audit-admin" name="admin" defaultValue={filters.admin} key={filters.admin} className={selectClass}>
            <option value="">Everyone</option>
            <option value={COMMAND_LINE}>Command line</option>
            {admins.map((admin) => (
              <option key={admin.id} value={String(admin.id)}>
                {admin.username}
              </option>
            ))}
          </select>
        </div>
        <div className="min-w-0 flex-1 basis-40">
          <label htmlFor="audit-action" className="text-sm font-medium text-slate-700">
            Action
          </label>
          <select id="audit-action" name="action" defaultValue={filters.action} key={filters.action} className={selectClass}>
            <option value="">Every action</option>
            {AUDIT_ACTIONS.map((action) => (
              <option key={action} value={action}>
                {ACTION_LABELS[action]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700">
          Filter
        </button>
      </Form>
      {refusal ? (
        <p role="alert" className="text-sm text-red-700">
          {refusal}
        </p>
      ) : null}

      {entries.length === 0 ? (
        <p className="rounded-2xl bg-white p-6 text-center text-slate-600 shadow-sm ring-1 ring-slate-200">
          {pagination.total === 0 ? "No admin action matches." : "There is nothing on this page."}
        </p>
      ) : (
        <>
          <p className="text-sm text-slate-600" aria-live="polite">
            Showing {first.toLocaleString("en-US")}–{last.toLocaleString("en-US")} of {countOf(pagination.total, "action")}
          </p>
          <ul className="divide-y divide-slate-100 rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
            {entries.map((entry) => (
              <AuditEntry key={entry.id} entry={entry} timeZone={timeZone} />
            ))}
          </ul>
        </>
      )}

      <PageLinks
        page={pagination.page}
        hasMore={pagination.hasMore}
        href={(page) => pageHref(filters, page)}
        previous="Newer actions"
        next="Older actions"
      />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} />;
}
