import { Plus } from "~/components/icons";
import { data, Form } from "react-router";
import { Link } from "~/lib/link";
import { SelectField } from "~/components/forms";
import { EntryCard } from "~/components/impact/entry-card";
import { RouteError } from "~/components/route-error";
import { listEntries } from "~/features/impact/entries.server";
import { entryQuerySchema } from "~/features/impact/schemas";
import type { EntryView } from "~/features/impact/wire";
import { ENTRIES_PAGE_SIZE, MATERIAL_LABELS, MATERIALS, TREATMENT_LABELS, TREATMENTS } from "~/features/impact/vocabulary";
import { requireUser } from "~/services/session.server";
import { siteTitle } from "~/lib/site-title";
import type { Route } from "./+types/impact";
import { Pagination } from "~/components/ui/pagination";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: siteTitle(matches, "Impact ledger") }];

type Filters = { from?: string; to?: string; material?: string; treatment?: string };

export async function loader({ request, url }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const params = Object.fromEntries(url.searchParams);
  const filters: Filters = { from: params.from, to: params.to, material: params.material, treatment: params.treatment };
  const parsed = entryQuerySchema.safeParse(params);
  if (!parsed.success) {
    // The filter form shows what was asked beside the reason, and no list that would not match it.
    const refusal = parsed.error.issues[0]?.message ?? "These filters are not valid.";
    const empty = { entries: [] as EntryView[], pagination: { page: 1, limit: ENTRIES_PAGE_SIZE, total: 0, hasMore: false } };
    return data({ filters, refusal, ...empty }, { status: 400 });
  }
  return { filters, refusal: null, ...(await listEntries(user, parsed.data)) };
}

function href(filters: Filters, page: number) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `/app/impact?${query}` : "/app/impact";
}

const button = "rounded-lg px-4 py-2.5 font-semibold";

export default function ImpactLedger({ loaderData }: Route.ComponentProps) {
  const { filters, refusal, entries, pagination } = loaderData;
  const filtered = Object.values(filters).some(Boolean);
  const pages = Math.max(1, Math.ceil(pagination.total / pagination.limit));
  const first = (pagination.page - 1) * pagination.limit + 1;
  const last = first + entries.length - 1;

  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0 flex-1 basis-48">
          <h2 className="text-2xl font-bold text-slate-900">Impact ledger</h2>
          <p className="mt-1 text-slate-600">
            Every load you recorded and every completed order, with the CO2e each avoided. These entries make your dashboard and
            reports.
          </p>
        </div>
        <Link
          to="/app/impact/new"
          className={`${button} inline-flex shrink-0 items-center gap-1.5 bg-brand-600 text-white hover:bg-brand-700`}
        >
          <Plus aria-hidden className="size-4" /> Record a load
        </Link>
      </div>

      <Form
        method="get"
        className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5"
        aria-labelledby="filter-title"
      >
        <h3 id="filter-title" className="text-base font-semibold text-slate-900">
          Filter entries
        </h3>
        <div className="mt-3 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <div className="min-w-0">
            <label htmlFor="filter-from" className="block text-sm font-medium text-slate-700">
              From
            </label>
            <input
              id="filter-from"
              type="date"
              name="from"
              defaultValue={filters.from ?? ""}
              className="mt-1.5 block w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3.5 py-2.5 text-slate-900"
            />
          </div>
          <div className="min-w-0">
            <label htmlFor="filter-to" className="block text-sm font-medium text-slate-700">
              To
            </label>
            <input
              id="filter-to"
              type="date"
              name="to"
              defaultValue={filters.to ?? ""}
              className="mt-1.5 block w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3.5 py-2.5 text-slate-900"
            />
          </div>
          <SelectField
            label="Material"
            options={[
              { value: "", label: "All materials" },
              ...MATERIALS.map((key) => ({ value: key, label: MATERIAL_LABELS[key] })),
            ]}
            selectProps={{ name: "material", defaultValue: filters.material ?? "" }}
          />
          <SelectField
            label="Treatment"
            options={[
              { value: "", label: "All treatments" },
              ...TREATMENTS.map((key) => ({ value: key, label: TREATMENT_LABELS[key] })),
            ]}
            selectProps={{ name: "treatment", defaultValue: filters.treatment ?? "" }}
          />
        </div>
        <div className="mt-4 flex flex-wrap items-center gap-3">
          <button type="submit" className={`${button} bg-slate-800 text-white hover:bg-slate-900`}>
            Filter
          </button>
          {filtered ? (
            <Link to="/app/impact" className="font-medium text-brand-700 hover:underline">
              Clear filters
            </Link>
          ) : null}
        </div>
        {refusal ? (
          <p role="alert" className="mt-4 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
            {refusal}
          </p>
        ) : null}
      </Form>

      {refusal ? null : pagination.total === 0 ? (
        <div className="rounded-2xl bg-white p-8 text-center shadow-sm ring-1 ring-slate-200">
          {filtered ? (
            <>
              <h3 className="text-lg font-semibold text-slate-900">No entries match these filters</h3>
              <p className="mt-2 text-slate-600">Try a wider date range, or another material or treatment.</p>
            </>
          ) : (
            <>
              <h3 className="text-lg font-semibold text-slate-900">Your ledger is empty</h3>
              <p className="mt-2 text-slate-600">
                Record a load you collected, reused, recycled, composted or sent on: its weight, and what happened to it. Orders
                you complete in the marketplace are added on their own.
              </p>
              <Link to="/app/impact/new" className={`${button} mt-4 inline-block bg-brand-600 text-white hover:bg-brand-700`}>
                Record your first load
              </Link>
            </>
          )}
        </div>
      ) : entries.length === 0 ? (
        // A page past the end, from a hand-edited address or a list that shrank since.
        <div className="rounded-2xl bg-white p-8 text-center shadow-sm ring-1 ring-slate-200">
          <h3 className="text-lg font-semibold text-slate-900">There is no page {pagination.page.toLocaleString("en-US")}</h3>
          <p className="mt-2 text-slate-600">
            {pagination.total.toLocaleString("en-US")} {pagination.total === 1 ? "entry fits" : "entries fit"} on{" "}
            {pages.toLocaleString("en-US")} {pages === 1 ? "page" : "pages"}.{" "}
            <Link to={href(filters, 1)} className="font-medium text-brand-700 underline">
              Go to the first page
            </Link>
          </p>
        </div>
      ) : (
        <>
          <p className="text-sm text-slate-600" aria-live="polite">
            Showing {first.toLocaleString("en-US")}–{last.toLocaleString("en-US")} of {pagination.total.toLocaleString("en-US")}{" "}
            {pagination.total === 1 ? "entry" : "entries"}
          </p>
          <ul className="space-y-3">
            {entries.map((entry) => (
              <EntryCard key={entry.id} entry={entry} />
            ))}
          </ul>
        </>
      )}

      {!refusal && pages > 1 && entries.length > 0 ? (
        <Pagination
          previous={pagination.page > 1 ? { to: href(filters, pagination.page - 1), label: "Newer entries" } : null}
          status={
            <>
              Page {Math.min(pagination.page, pages)} of {pages}
            </>
          }
          next={pagination.hasMore ? { to: href(filters, pagination.page + 1), label: "Older entries" } : null}
        />
      ) : null}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} links={[{ to: "/app/dashboard", label: "Back to the dashboard" }]} />;
}
