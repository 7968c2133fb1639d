import { useFetcher } from "react-router";
import { Link } from "~/lib/link";
import { EnhancedFields, toastResult, useFormResult } from "~/components/enhanced-form";
import { primaryButton } from "~/components/ui/button";
import { ignoreWhilePending, type FormResult } from "~/lib/forms";
import type { MarketplacePage } from "~/features/exchange/schemas";
import { EMAIL_MODE_LABELS } from "~/features/notifications/vocabulary";
import { SAVED_SEARCH_ALERTS } from "../../../db/notification-values";

export const SAVED_SEARCHES_PATH = "/app/saved-searches";
const FIELD = "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm";

/**
 * "Save this search" on the marketplace: the page's current filters ride along as hidden fields.
 * Without script the form posts and the member lands on their saved searches; with it, a toast.
 */
export function SaveSearchForm({ query }: { query: MarketplacePage }) {
  const fetcher = useFetcher<FormResult>();
  useFormResult(fetcher, toastResult);
  const pending = fetcher.state !== "idle";
  const filters = {
    search: query.q,
    category: query.category,
    material: query.material,
    kind: query.kind,
    ewc_code: query.ewc_code,
    near: query.near,
    // The page's radius is of its Near place only, as its search reads it.
    radius_km: query.near && query.radius_km ? String(query.radius_km) : undefined,
  };
  return (
    <details className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <summary className="cursor-pointer font-semibold text-slate-900">Save this search</summary>
      <fetcher.Form
        method="post"
        action={SAVED_SEARCHES_PATH}
        onSubmit={ignoreWhilePending(pending)}
        className="mt-3 flex flex-wrap items-end gap-3"
      >
        <EnhancedFields />
        <input type="hidden" name="intent" value="save" />
        {Object.entries(filters).map(([name, value]) =>
          value ? <input key={name} type="hidden" name={name} value={value} /> : null,
        )}
        <label className="min-w-0 flex-1 text-sm font-medium text-slate-700">
          Name
          <input name="name" required maxLength={80} defaultValue={query.q ?? ""} className={FIELD} />
        </label>
        <label className="text-sm font-medium text-slate-700">
          Tell me of new listings
          <select name="alert" defaultValue="instant" className={FIELD}>
            {SAVED_SEARCH_ALERTS.map((alert) => (
              <option key={alert} value={alert}>
                {EMAIL_MODE_LABELS[alert]}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" aria-disabled={pending || undefined} className={primaryButton}>
          {pending ? "Saving…" : "Save search"}
        </button>
      </fetcher.Form>
      <Link to={SAVED_SEARCHES_PATH} className="mt-3 inline-block text-sm font-medium text-brand-700 hover:underline">
        Your saved searches
      </Link>
    </details>
  );
}
