import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { DEFAULT_RADIUS_KM } from "~/features/exchange/schemas";
import { EnhancedFields, toastResult, useFormResult } from "~/components/enhanced-form";
import { RouteError } from "~/components/route-error";
import { toast } from "~/components/toaster";
import { SAVED_SEARCHES_PATH } from "~/components/saved-searches/save-search-form";
import { dangerButton, quietButton } from "~/components/ui/button";
import { EMAIL_MODE_LABELS } from "~/features/notifications/vocabulary";
import {
  changeSavedSearchAlert,
  listSavedSearches,
  NO_SUCH_SAVED_SEARCH,
  removeSavedSearch,
  saveSearch,
  type SavedSearchWire,
} from "~/features/saved-searches/saved-searches.server";
import { ignoreWhilePending, refuse, type FormResult } from "~/lib/forms";
import { answerForm } from "~/services/http/form-action.server";
import { requireUser } from "~/services/session.server";
import { SAVED_SEARCH_ALERTS } from "../../../db/notification-values";
import { siteTitle } from "~/lib/site-title";
import type { Route } from "./+types/saved-searches";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: siteTitle(matches, "Saved searches") }];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  return { savedSearches: await listSavedSearches(user) };
}

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" && value.trim() ? value : undefined;
};

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const form = await request.formData();
  const intent = form.get("intent");
  const id = /^[1-9]\d{0,15}$/.test(String(form.get("id") ?? "")) ? Number(form.get("id")) : NaN;
  const result =
    intent === "save"
      ? await saveSearch(user, {
          name: form.get("name") ?? "",
          alert: form.get("alert") ?? "",
          query: Object.fromEntries(
            ["search", "category", "material", "kind", "ewc_code", "near", "radius_km"].flatMap((name) =>
              text(form, name) ? [[name, text(form, name)]] : [],
            ),
          ),
        })
      : !Number.isSafeInteger(id)
        ? refuse("not-found", NO_SUCH_SAVED_SEARCH)
        : intent === "delete"
          ? await removeSavedSearch(user, id)
          : await changeSavedSearchAlert(user, id, { alert: form.get("alert") });
  return answerForm(form, result, { returnTo: SAVED_SEARCHES_PATH });
}

function describe(query: SavedSearchWire["query"]) {
  const parts = [
    query.search && `“${query.search}”`,
    query.kind,
    query.category,
    query.material,
    query.ewc_code && `code ${query.ewc_code}`,
    query.near && `within ${query.radius_km ?? DEFAULT_RADIUS_KM} km of ${query.near}`,
  ].filter(Boolean);
  return parts.length ? parts.join(" · ") : "Every listing";
}

function SavedSearchRow({ saved, onDelete }: { saved: SavedSearchWire; onDelete: () => void }) {
  const alertForm = useFetcher<FormResult>();
  const deleteForm = useFetcher<FormResult>();
  useFormResult(alertForm, toastResult);
  useFormResult(deleteForm, toastResult);
  const changing = alertForm.state !== "idle";
  const deleting = deleteForm.state !== "idle";
  return (
    // On a phone the name and what it finds take the whole width, the controls below them; from
    // sm, beside them while the words keep 16rem, else on a line of their own. tabIndex -1: focus
    // lands on the next row once one is deleted (SavedSearches).
    <li tabIndex={-1} className="flex flex-col gap-3 py-4 sm:flex-row sm:flex-wrap sm:items-end">
      <div className="min-w-0 wrap-anywhere sm:flex-[1_1_16rem]">
        <p className="font-semibold text-slate-900">{saved.name}</p>
        <p className="text-sm text-slate-600">{describe(saved.query)}</p>
      </div>
      <alertForm.Form method="post" onSubmit={ignoreWhilePending(changing)} className="flex flex-wrap items-end gap-2">
        <EnhancedFields />
        <input type="hidden" name="intent" value="alert" />
        <input type="hidden" name="id" value={saved.id} />
        <label className="text-sm font-medium text-slate-700">
          Alert <span className="sr-only">for {saved.name}</span>
          <select
            name="alert"
            defaultValue={saved.alert}
            className="mt-1 block rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm"
          >
            {SAVED_SEARCH_ALERTS.map((alert) => (
              <option key={alert} value={alert}>
                {EMAIL_MODE_LABELS[alert]}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" aria-disabled={changing || undefined} className={quietButton}>
          {changing ? "Changing…" : "Change"}
          <span className="sr-only"> the alert of {saved.name}</span>
        </button>
      </alertForm.Form>
      <deleteForm.Form
        method="post"
        onSubmit={(event) => {
          ignoreWhilePending(deleting)(event);
          if (!event.defaultPrevented) onDelete();
        }}
      >
        <EnhancedFields />
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="id" value={saved.id} />
        <button type="submit" aria-disabled={deleting || undefined} className={dangerButton}>
          {deleting ? "Deleting…" : "Delete"}
          <span className="sr-only"> {saved.name}</span>
        </button>
      </deleteForm.Form>
    </li>
  );
}

/** The member's saved searches: each one's alert, changeable, and its deletion. */
export default function SavedSearches({ loaderData }: Route.ComponentProps) {
  const { savedSearches } = loaderData;
  const heading = useRef<HTMLHeadingElement>(null);
  const list = useRef<HTMLUListElement>(null);
  // The search whose deletion was sent, and its place in the list. Its row goes with the button
  // that had the focus: the focus moves to the row that takes its place (the one before it when it
  // was the last), or to the heading when none is left, rather than to the page's body.
  const deleting = useRef<{ id: number; index: number } | null>(null);
  useEffect(() => {
    const sent = deleting.current;
    if (!sent || savedSearches.some((saved) => saved.id === sent.id)) return;
    deleting.current = null;
    const rows = list.current ? [...list.current.children] : [];
    const next = rows[Math.min(sent.index, rows.length - 1)];
    (next instanceof HTMLElement ? next : heading.current)?.focus();
    toast({ type: "success", title: "Saved search deleted." });
  }, [savedSearches]);
  return (
    <section
      aria-labelledby="saved-searches-heading"
      className="mx-auto max-w-3xl rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
    >
      <h2 id="saved-searches-heading" ref={heading} tabIndex={-1} className="text-2xl font-bold text-slate-900">
        Saved searches
      </h2>
      <p className="mt-1 text-slate-600">
        Each new listing a search finds tells you once, by its alert. Save a search from the marketplace.
      </p>
      {savedSearches.length ? (
        <ul ref={list} className="mt-4 divide-y divide-slate-100">
          {savedSearches.map((saved, index) => (
            <SavedSearchRow key={saved.id} saved={saved} onDelete={() => (deleting.current = { id: saved.id, index })} />
          ))}
        </ul>
      ) : (
        <p className="mt-4 text-slate-600">No saved searches yet.</p>
      )}
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} />;
}
