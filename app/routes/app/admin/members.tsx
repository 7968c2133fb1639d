import { Search } from "~/components/icons";
import { Form } from "react-router";
import { PageLinks } from "~/components/admin/page-links";
import { RouteError } from "~/components/route-error";
import { memberSearchSchema } from "~/features/moderation/member-schemas";
import { searchMembers } from "~/features/moderation/members.server";
import { AUTHOR_TYPE_LABELS } from "~/features/moderation/vocabulary";
import { dateTime } from "~/lib/dates";
import { countOf } from "~/lib/plural";
import { suspensionEndPhrase } from "~/lib/suspension";
import { requireAdmin } from "~/services/session.server";
import { timeZoneOf } from "~/services/http/time-zone.server";
import { siteTitle } from "~/lib/site-title";
import type { Route } from "./+types/members";
import { MemberLink } from "~/components/member-link";
import { Spaced } from "~/components/spaced";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: siteTitle(matches, "Members · Admin") }];

export async function loader({ request, url }: Route.LoaderArgs) {
  await requireAdmin(request);
  const parsed = memberSearchSchema.safeParse(Object.fromEntries(url.searchParams));
  // A hand-edited address (page=abc) shows the first page and says why.
  const query = parsed.success ? parsed.data : { search: "", page: 1 };
  const refusal = parsed.success ? null : (parsed.error.issues[0]?.message ?? "The search is not valid.");
  return { ...(await searchMembers(query)), search: query.search, refusal, timeZone: timeZoneOf(request) };
}

const pageHref = (search: string, page: number) => {
  const params = new URLSearchParams();
  if (search) params.set("search", search);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return `/app/admin/members${query ? `?${query}` : ""}`;
};

const badge = "inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold";

export default function AdminMembers({ loaderData }: Route.ComponentProps) {
  const { users, pagination, search, refusal, timeZone } = loaderData;
  const first = (pagination.page - 1) * pagination.limit + 1;
  const last = first + users.length - 1;
  return (
    <div className="space-y-4">
      <h1 className="text-xl font-semibold text-slate-900">Members</h1>
      <Form
        method="get"
        role="search"
        aria-label="Search members"
        className="flex flex-wrap items-end gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
      >
        <div className="min-w-0 flex-1 basis-48">
          <label htmlFor="member-search" className="text-sm font-medium text-slate-700">
            Name or e-mail
          </label>
          <input
            id="member-search"
            type="search"
            name="search"
            defaultValue={search}
            key={search}
            maxLength={200}
            className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm"
          />
        </div>
        <button
          type="submit"
          className="inline-flex items-center gap-1.5 rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
        >
          <Search aria-hidden className="size-4" />
          Search
        </button>
      </Form>
      {refusal ? (
        <p role="alert" className="text-sm text-red-700">
          {refusal}
        </p>
      ) : null}

      {users.length === 0 ? (
        <p className="rounded-2xl bg-white p-6 text-center text-slate-600 shadow-sm ring-1 ring-slate-200">
          {pagination.total === 0
            ? search
              ? `No member matches “${search}”.`
              : "No members yet."
            : "There is nothing on this page."}
        </p>
      ) : (
        <>
          <p className="text-sm text-slate-600" aria-live="polite">
            Showing {first.toLocaleString("en-US")}–{last.toLocaleString("en-US")} of {countOf(pagination.total, "member")}
          </p>
          <ul className="divide-y divide-slate-100 rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
            {users.map((user) => (
              <li key={user.id} className="grid gap-2 p-4 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center">
                <div className="min-w-0">
                  <p className="font-semibold break-words text-slate-900">
                    <MemberLink member={user} admin />
                  </p>
                  <p className="text-sm break-all text-slate-600">{user.email}</p>
                  <p className="text-xs text-slate-500">Joined {dateTime(user.created_at, timeZone)}</p>
                </div>
                <div className="flex min-w-0 flex-wrap gap-1.5 sm:justify-end">
                  <Spaced>
                    {user.role === "admin" ? <span className={`${badge} bg-brand-50 text-brand-800`}>Admin</span> : null}
                    {user.is_verified ? <span className={`${badge} bg-sky-50 text-sky-800`}>Verified</span> : null}
                    {user.author_type !== "other" ? (
                      <span className={`${badge} bg-amber-50 text-amber-900`}>{AUTHOR_TYPE_LABELS[user.author_type]}</span>
                    ) : null}
                    {user.suspended ? (
                      <span className={`${badge} bg-red-50 text-red-800`}>
                        Suspended {suspensionEndPhrase(user.suspended.until ? Date.parse(user.suspended.until) : null)}
                      </span>
                    ) : null}
                    <span className={`${badge} bg-slate-100 text-slate-700`}>{countOf(user.posts_count, "post")}</span>
                    {user.open_reports_count > 0 ? (
                      <span className={`${badge} bg-orange-50 text-orange-900`}>
                        {countOf(user.open_reports_count, "open report")}
                      </span>
                    ) : null}
                  </Spaced>
                </div>
              </li>
            ))}
          </ul>
        </>
      )}

      <PageLinks page={pagination.page} hasMore={pagination.hasMore} href={(page) => pageHref(search, page)} />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} />;
}
