import { Form } from "react-router";
import { Link } from "~/lib/link";
import { useSite } from "~/components/brand";
import { ErrorMessage } from "~/components/forms";
import { Pagination } from "~/components/ui/pagination";
import { WasteCodesAttribution } from "~/components/waste-codes/waste-codes-attribution";
import type { CodeTotal } from "~/features/transfer-notes/schemas";
import type { RegisterLine } from "~/features/transfer-notes/wire";

/** The filters as asked, kept as text so that a refused value is shown back as it was typed. */
export type RegisterFilters = { role: string; from: string; to: string };

/**
 * Why the filters were refused, in the page's words: each beside its field (`range`: a first day
 * after the last, shown beside the first and marking both), `form` for what no field shows (the page number).
 */
export type RegisterRefusal = { role?: string; from?: string; to?: string; range?: string; form?: string };

const control = "mt-1.5 block w-full min-w-0 rounded-lg border bg-white px-3.5 py-2.5 text-slate-900";
const input = (invalid: boolean) => `${control} ${invalid ? "border-red-600 focus-visible:outline-red-600" : "border-slate-300"}`;
// Made once: a formatter built per call (toLocaleString with options) costs more than the row it formats.
const KILOGRAMS = new Intl.NumberFormat("en-GB", { maximumFractionDigits: 3 });
const UTC_DAY = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
const kg = (value: number) => `${KILOGRAMS.format(value)} kg`;
const day = (iso: string) => UTC_DAY.format(new Date(iso));

function href(filters: RegisterFilters, page: number) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `/app/transfer-notes?${query}` : "/app/transfer-notes";
}

function exportHref(filters: RegisterFilters) {
  const params = new URLSearchParams();
  if (filters.from) params.set("from", filters.from);
  if (filters.to) params.set("to", filters.to);
  const query = params.toString();
  return `/api/transfer-notes/export${query ? `?${query}` : ""}`;
}

function NoteRow({ note }: { note: RegisterLine }) {
  return (
    <li className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <Link to={`/app/transfer-notes/${note.id}`} className="font-semibold break-words text-brand-700 hover:underline">
          {note.number}
        </Link>
        <span className="text-sm text-slate-600">{day(note.transferred_at)}</span>
      </div>
      <p className="mt-1 text-sm break-words text-slate-700">
        {note.handed_over ? "Handed over to " : "Received from "}
        <span className="font-medium text-slate-900">{note.other_party}</span>
      </p>
      <p className="mt-1 text-sm break-words text-slate-600">
        {note.codes.join(", ")} · {note.description} · {kg(note.weight_kg)}
      </p>
      {note.replaced_by ? <p className="mt-1 text-sm font-medium text-amber-800">Replaced by {note.replaced_by}</p> : null}
    </li>
  );
}

function Totals({ totals }: { totals: CodeTotal[] }) {
  return (
    <section aria-labelledby="totals-title" className="min-w-0 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5">
      <h3 id="totals-title" className="text-base font-semibold text-slate-900">
        Totals by code
      </h3>
      <p className="mt-1 text-sm text-slate-600">
        For every note these filters match; a note of several codes counts under each.
      </p>
      <div className="mt-3 overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead className="text-slate-600">
            <tr>
              <th scope="col" className="py-1 pr-3 font-medium">
                Code
              </th>
              <th scope="col" className="py-1 pr-3 font-medium">
                Notes
              </th>
              <th scope="col" className="py-1 font-medium">
                Weight
              </th>
            </tr>
          </thead>
          <tbody>
            {totals.map((total) => (
              <tr key={total.code} className="border-t border-slate-100 align-top">
                <th scope="row" className="py-1.5 pr-3 font-normal">
                  <span className="font-medium text-slate-900">{total.code}</span>
                  <span className="block break-words text-slate-600">{total.description}</span>
                </th>
                <td className="py-1.5 pr-3">{total.notes.toLocaleString("en-GB")}</td>
                <td className="py-1.5 whitespace-nowrap">{kg(total.weight_kg)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** /app/transfer-notes: the member's register of duty-of-care transfer notes, with its filters and totals. */
export function RegisterPage({
  filters,
  refusal,
  notes,
  totals,
  pagination,
}: {
  filters: RegisterFilters;
  refusal: RegisterRefusal | null;
  notes: RegisterLine[];
  totals: CodeTotal[];
  pagination: { page: number; limit: number; total: number; hasMore: boolean };
}) {
  const site = useSite();
  const filtered = Object.values(filters).some(Boolean);
  // A day that is not a date is said before the order of the two.
  const fromError = refusal?.from;
  const pages = Math.max(1, Math.ceil(pagination.total / pagination.limit));
  return (
    <div className="mx-auto max-w-5xl min-w-0 space-y-6">
      <div>
        <h2 className="text-2xl font-bold text-slate-900">Transfer notes</h2>
        <p className="mt-1 text-slate-600">
          The duty-of-care notes of the waste you handed over and received through {site.name}, newest first. Keep each for two
          years after its transfer; they stay here until then.
        </p>
      </div>

      <Form
        method="get"
        className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5"
        aria-labelledby="filter-title"
      >
        <h3 id="filter-title" className="text-base font-semibold text-slate-900">
          Filter notes
        </h3>
        <div className="mt-3 grid gap-4 sm:grid-cols-3">
          <div className="min-w-0">
            <label htmlFor="filter-role" className="block text-sm font-medium text-slate-700">
              Your part
            </label>
            <select
              id="filter-role"
              name="role"
              defaultValue={filters.role}
              aria-invalid={refusal?.role ? true : undefined}
              aria-describedby={refusal?.role ? "filter-role-error" : undefined}
              className={input(Boolean(refusal?.role))}
            >
              <option value="">Both</option>
              <option value="transferor">Handed over (transferor)</option>
              <option value="transferee">Received (transferee)</option>
            </select>
            <ErrorMessage id="filter-role-error">{refusal?.role}</ErrorMessage>
          </div>
          <div className="min-w-0">
            <label htmlFor="filter-from" className="block text-sm font-medium text-slate-700">
              Transferred from (UTC)
            </label>
            <input
              id="filter-from"
              type="date"
              name="from"
              defaultValue={filters.from}
              aria-invalid={fromError || refusal?.range ? true : undefined}
              aria-describedby={fromError || refusal?.range ? "filter-from-error" : undefined}
              className={input(Boolean(fromError || refusal?.range))}
            />
            <ErrorMessage id="filter-from-error">{fromError ?? refusal?.range}</ErrorMessage>
          </div>
          <div className="min-w-0">
            <label htmlFor="filter-to" className="block text-sm font-medium text-slate-700">
              Transferred to (UTC)
            </label>
            <input
              id="filter-to"
              type="date"
              name="to"
              defaultValue={filters.to}
              aria-invalid={refusal?.to || refusal?.range ? true : undefined}
              aria-describedby={
                [refusal?.to ? "filter-to-error" : null, refusal?.range ? "filter-from-error" : null].filter(Boolean).join(" ") ||
                undefined
              }
              className={input(Boolean(refusal?.to || refusal?.range))}
            />
            <ErrorMessage id="filter-to-error">{refusal?.to}</ErrorMessage>
          </div>
        </div>
        <div className="mt-4 flex flex-wrap items-center gap-3">
          <button type="submit" className="rounded-lg bg-slate-800 px-4 py-2.5 font-semibold text-white hover:bg-slate-900">
            Filter
          </button>
          {filtered ? (
            <Link to="/app/transfer-notes" className="font-medium text-brand-700 hover:underline">
              Clear filters
            </Link>
          ) : null}
          <a href={exportHref(filters)} className="font-medium text-brand-700 hover:underline" download>
            Download these dates as CSV
          </a>
        </div>
        {refusal?.form ? (
          <p role="alert" className="mt-4 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
            {refusal.form}
          </p>
        ) : null}
      </Form>

      {refusal ? null : pagination.total === 0 ? (
        <div className="rounded-2xl bg-white p-8 text-center shadow-sm ring-1 ring-slate-200">
          <h3 className="text-lg font-semibold text-slate-900">
            {filtered ? "No notes match these filters" : "No transfer notes yet"}
          </h3>
          <p className="mt-2 text-slate-600">
            {filtered
              ? "Try wider dates, or both parts."
              : "Completing an order of a waste listing issues its transfer note to both parties."}
          </p>
        </div>
      ) : (
        <div className="grid min-w-0 gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
          <div className="min-w-0 space-y-3">
            <p className="text-sm text-slate-600">
              {pagination.total.toLocaleString("en-GB")} {pagination.total === 1 ? "note" : "notes"}
            </p>
            {notes.length === 0 ? (
              <p className="text-slate-700">
                There is no page {pagination.page.toLocaleString("en-GB")}.{" "}
                <Link to={href(filters, 1)} className="font-medium text-brand-700 underline">
                  Go to the first page
                </Link>
              </p>
            ) : (
              <ul className="space-y-3">
                {notes.map((note) => (
                  <NoteRow key={note.id} note={note} />
                ))}
              </ul>
            )}
            {pages > 1 && notes.length > 0 ? (
              <Pagination
                previous={pagination.page > 1 ? { to: href(filters, pagination.page - 1), label: "Newer notes" } : null}
                status={
                  <>
                    Page {Math.min(pagination.page, pages)} of {pages}
                  </>
                }
                next={pagination.hasMore ? { to: href(filters, pagination.page + 1), label: "Older notes" } : null}
              />
            ) : null}
          </div>
          <Totals totals={totals} />
        </div>
      )}
      <WasteCodesAttribution />
    </div>
  );
}
