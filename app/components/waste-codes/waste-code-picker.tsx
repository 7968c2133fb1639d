import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { Form } from "react-router";
import { Pagination } from "~/components/ui/pagination";
import { MAX_WASTE_SEARCH_LENGTH, type WasteCode } from "~/features/waste-codes/schemas";
import { countOf } from "~/lib/plural";
import { useHydrated } from "~/lib/use-hydrated";
import { WasteCodesAttribution } from "./waste-codes-attribution";

export type WasteCodeResults = {
  codes: WasteCode[];
  pagination: { page: number; limit: number; hasMore: boolean; total: number };
};
export type WasteCodeFilters = { search: string; hazardous: "" | "true" | "false" };

function queryOf(filters: WasteCodeFilters, page = 1, keep: [string, string][] = []) {
  const params = new URLSearchParams(keep);
  if (filters.search.trim()) params.set("search", filters.search.trim());
  if (filters.hazardous) params.set("hazardous", filters.hazardous);
  if (page > 1) params.set("page", String(page));
  return params;
}

/**
 * The List of Waste, searchable by words or by code. Without JavaScript it is a GET form that
 * reloads the page with the results (the page's loader reads `search`, `hazardous` and `page`);
 * with it, the results follow the typing from GET /api/waste/codes and a live region says how
 * many were found. `action` puts something beside each code (a listing form's "Add" button);
 * `keep` are parameters of the page that its search and page links carry along (a listing form's
 * chosen codes, so a search without JavaScript does not lose them).
 */
export function WasteCodePicker({
  filters,
  results,
  action,
  keep = [],
}: {
  filters: WasteCodeFilters;
  results: WasteCodeResults;
  action?: (code: WasteCode) => ReactNode;
  keep?: [string, string][];
}) {
  const id = useId();
  const hydrated = useHydrated();
  const [asked, setAsked] = useState(filters);
  const [shown, setShown] = useState(results);
  const typed = useRef(false);
  // A new server answer (a submitted form, a page link) replaces what the typing showed.
  useEffect(() => {
    typed.current = false;
    setAsked(filters);
    setShown(results);
  }, [filters, results]);
  useEffect(() => {
    if (!typed.current) return;
    const controller = new AbortController();
    // Waits for a pause in the typing; a newer search aborts an older one still under way.
    const timer = setTimeout(() => {
      fetch(`/api/waste/codes?${queryOf(asked)}`, { signal: controller.signal })
        .then((response) => (response.ok ? response.json() : null))
        .then((answer: { data?: WasteCodeResults } | null) => {
          if (answer?.data) setShown(answer.data);
        })
        .catch(() => {
          // Aborted or offline: the form's button still searches by reloading the page.
        });
    }, 200);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [asked]);
  const change = (next: WasteCodeFilters) => {
    typed.current = true;
    setAsked(next);
  };
  const { page, hasMore, total } = shown.pagination;
  const lastPage = Math.max(1, Math.ceil(total / shown.pagination.limit));
  return (
    <section aria-labelledby={`${id}-title`} className="min-w-0 space-y-4">
      <h3 id={`${id}-title`} className="sr-only">
        Waste codes
      </h3>
      <Form
        method="get"
        role="search"
        aria-label="Waste codes"
        className="flex flex-wrap items-end gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
      >
        {keep.map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <div className="min-w-0 flex-1 basis-48">
          <label htmlFor={`${id}-search`} className="text-sm font-medium text-slate-700">
            Words or code
          </label>
          <input
            id={`${id}-search`}
            type="search"
            name="search"
            value={asked.search}
            onChange={(event) => change({ ...asked, search: event.target.value })}
            maxLength={MAX_WASTE_SEARCH_LENGTH}
            placeholder="e.g. soil stones, or 17 05"
            aria-describedby={`${id}-hint`}
            className="mt-1 block w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm"
          />
          <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
            Every word must match; a code may be written with or without spaces.
          </p>
        </div>
        <div>
          <label htmlFor={`${id}-hazardous`} className="text-sm font-medium text-slate-700">
            Hazardous
          </label>
          <select
            id={`${id}-hazardous`}
            name="hazardous"
            value={asked.hazardous}
            onChange={(event) => change({ ...asked, hazardous: event.target.value as WasteCodeFilters["hazardous"] })}
            className="mt-1 block rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm"
          >
            <option value="">Either</option>
            <option value="false">Not hazardous</option>
            <option value="true">Hazardous (*)</option>
          </select>
        </div>
        <button type="submit" className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700">
          Search
        </button>
      </Form>
      <p className="text-sm text-slate-700" aria-live={hydrated ? "polite" : undefined} role="status">
        {countOf(total, "code")} found
      </p>
      {shown.codes.length ? (
        <ul className="divide-y divide-slate-200 rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
          {shown.codes.map((code) => (
            <li key={code.code} className="flex flex-wrap items-start gap-x-3 gap-y-1 p-3">
              <span className="font-mono text-sm font-semibold whitespace-nowrap text-slate-900">{code.display_code}</span>{" "}
              <span className="min-w-0 flex-1 basis-40 text-sm break-words text-slate-800">
                {code.description}{" "}
                <span className="mt-0.5 block text-xs text-slate-600">
                  Chapter {code.chapter}: {code.chapter_title}
                </span>
              </span>{" "}
              <span className="flex flex-wrap gap-1 text-xs">
                {code.hazardous ? (
                  <span className="rounded bg-red-50 px-2 py-0.5 font-medium text-red-800 ring-1 ring-red-200">Hazardous</span>
                ) : null}{" "}
                {code.mirror ? (
                  <span className="rounded bg-amber-50 px-2 py-0.5 font-medium text-amber-900 ring-1 ring-amber-200">
                    Mirror entry
                  </span>
                ) : null}
              </span>{" "}
              {action ? action(code) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="rounded-2xl bg-white p-4 text-sm text-slate-700 ring-1 ring-slate-200">
          No code matches. Try fewer words, or the first digits of a code.
        </p>
      )}
      <Pagination
        previous={page > 1 ? { to: `?${queryOf(asked, page - 1, keep)}`, label: "Previous" } : null}
        next={hasMore ? { to: `?${queryOf(asked, page + 1, keep)}`, label: "Next" } : null}
        status={`Page ${Math.min(page, lastPage)} of ${lastPage}`}
      />
      <WasteCodesAttribution />
    </section>
  );
}
