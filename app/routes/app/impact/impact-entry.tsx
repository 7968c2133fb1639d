import { ArrowLeft } from "~/components/icons";
import { data, Form, redirect, useNavigation } from "react-router";
import { Link } from "~/lib/link";
import { EntryCard } from "~/components/impact/entry-card";
import { ErrorSummary } from "~/components/forms";
import { EntryFields, entryFieldIds, entryFormValuesOf, type EntryFormValues } from "~/components/impact/entry-form";
import { RouteError } from "~/components/route-error";
import { entryPageAction, loadEntryPage, NO_SUCH_ENTRY } from "~/features/impact/entry-form.server";
import { calendarDate } from "~/lib/dates";
import { ignoreWhilePending } from "~/lib/forms";
import { answerInPlace } from "~/services/http/form-action.server";
import { requireUser } from "~/services/session.server";
import { timeZoneOf } from "~/services/http/time-zone.server";
import { flashToastHeader } from "~/services/http/toast.server";
import { siteTitle } from "~/lib/site-title";
import type { Route } from "./+types/impact-entry";
import { PendingButton } from "~/components/ui/pending-button";
import { pathIdOr404 } from "~/lib/path-id";

export const meta: Route.MetaFunction = ({ data: page, matches }) => [
  { title: page ? siteTitle(matches, `Entry of ${calendarDate(page.entry.date)} · Impact ledger`) : siteTitle(matches, "Entry") },
];

const entryIdOf = (value: string | undefined) => pathIdOr404(value, NO_SUCH_ENTRY);

export async function loader({ request, url, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const page = await loadEntryPage(user, entryIdOf(params.id), timeZoneOf(request));
  if (!page) throw data(NO_SUCH_ENTRY, { status: 404 });
  // ?delete asks "are you sure?" on a page of its own, so the confirmation works without JavaScript.
  return { ...page, confirmDelete: url.searchParams.has("delete") };
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request);
  const result = await entryPageAction(user, entryIdOf(params.id), await request.formData());
  if (!result.ok) return answerInPlace(result);
  return redirect("/app/impact", {
    headers: { "Set-Cookie": await flashToastHeader({ type: "success", title: result.message }) },
  });
}

const alert = "rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800";

export default function EntryPage({ loaderData, actionData }: Route.ComponentProps) {
  const { entry, today, confirmDelete } = loaderData;
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" ? navigation.formData?.get("intent") : undefined;
  const refused = actionData && !actionData.ok ? actionData : undefined;
  const values: EntryFormValues = refused?.values ?? entryFormValuesOf(entry);
  const errors: Record<string, string | undefined> = refused?.errors ?? {};
  const date = calendarDate(entry.date);

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <Link to="/app/impact" className="inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 hover:underline">
        <ArrowLeft aria-hidden className="size-4" /> Back to the ledger
      </Link>

      {entry.source === "operation" ? (
        <section aria-labelledby="entry-title" className="space-y-4">
          <h2 id="entry-title" className="text-2xl font-bold text-slate-900">
            Entry of {date}
          </h2>
          <p className="text-slate-600">
            This entry comes from an operation recorded on a lot: it changes with the lot&rsquo;s record only, so the load is
            counted once.
          </p>
          <EntryCard entry={entry} as="div" actions={false} />
        </section>
      ) : entry.source === "event" ? (
        <section aria-labelledby="entry-title" className="space-y-4">
          <h2 id="entry-title" className="text-2xl font-bold text-slate-900">
            Entry of {date}
          </h2>
          <p className="text-slate-600">
            This entry comes from the results of an event you organised: it changes when you{" "}
            <Link to={`/app/events/${entry.event_id}/results`} className="font-medium text-brand-700 underline">
              record the event&rsquo;s results
            </Link>{" "}
            again, so the load is counted once.
          </p>
          <EntryCard entry={entry} as="div" actions={false} />
        </section>
      ) : entry.source === "order" ? (
        <section aria-labelledby="entry-title" className="space-y-4">
          <h2 id="entry-title" className="text-2xl font-bold text-slate-900">
            Entry of {date}
          </h2>
          <p className="text-slate-600">
            This entry comes from a completed order: its weight was confirmed by both parties, so it cannot be changed or deleted.
            Talk it over in{" "}
            <Link to={`/app/orders/${entry.order_id}`} className="font-medium text-brand-700 underline">
              the order&rsquo;s messages
            </Link>{" "}
            if something is wrong.
          </p>
          <EntryCard entry={entry} as="div" actions={false} />
        </section>
      ) : confirmDelete ? (
        <section aria-labelledby="delete-title" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
          <h2 id="delete-title" className="text-2xl font-bold text-slate-900">
            Delete this entry?
          </h2>
          <p className="mt-2 text-slate-600">
            The load of {date} leaves your ledger, and its weight and CO2e leave your dashboard and reports. This cannot be
            undone.
          </p>
          {refused ? (
            <p role="alert" className={`mt-4 ${alert}`}>
              {refused.message}
            </p>
          ) : null}
          <div className="mt-4">
            <EntryCard entry={entry} as="div" actions={false} />
          </div>
          <Form method="post" className="mt-6 flex flex-wrap items-center gap-4" onSubmit={ignoreWhilePending(Boolean(pending))}>
            <input type="hidden" name="intent" value="delete" />
            <button
              type="submit"
              aria-disabled={pending === "delete" || undefined}
              className="rounded-lg bg-red-700 px-4 py-2.5 font-semibold text-white hover:bg-red-800 aria-disabled:cursor-wait aria-disabled:opacity-70"
            >
              {pending === "delete" ? "Deleting…" : "Delete entry"}
            </button>
            <Link to={`/app/impact/${entry.id}`} className="font-medium text-brand-700 hover:underline">
              Keep it
            </Link>
          </Form>
        </section>
      ) : (
        <section aria-labelledby="edit-title" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
          <h2 id="edit-title" className="text-2xl font-bold text-slate-900">
            Edit the entry of {date}
          </h2>
          <p className="mt-2 text-slate-600">
            Self-reported. Its CO2e is worked out again from the current factor table when you save.
          </p>
          {refused ? (
            <div className="mt-4">
              <ErrorSummary
                errors={errors}
                fieldIds={entryFieldIds()}
                message={Object.keys(errors).length ? "The entry was not saved." : refused.message}
              />
            </div>
          ) : null}
          <Form
            method="post"
            className="mt-6 space-y-6"
            onSubmit={ignoreWhilePending(Boolean(pending))}
            key={refused ? JSON.stringify(refused.values) : entry.updated_at}
          >
            <input type="hidden" name="intent" value="edit" />
            <EntryFields values={values} errors={errors} maxDate={today} />
            <div className="flex flex-wrap items-center gap-4">
              <PendingButton pending={pending === "edit"} label="Save changes" pendingLabel="Saving…" />
              <Link to={`/app/impact/${entry.id}?delete`} className="font-medium text-red-700 hover:underline">
                Delete entry…
              </Link>
            </div>
          </Form>
        </section>
      )}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} links={[{ to: "/app/impact", label: "Back to the ledger" }]} />;
}
