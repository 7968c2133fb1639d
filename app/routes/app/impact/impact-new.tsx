import { ArrowLeft } from "~/components/icons";
import { Form, redirect, useNavigation } from "react-router";
import { Link } from "~/lib/link";
import { ErrorSummary } from "~/components/forms";
import { EntryFields, entryFieldIds, type EntryFormValues } from "~/components/impact/entry-form";
import { RouteError } from "~/components/route-error";
import { recordFromForm } from "~/features/impact/entry-form.server";
import { todayIn } from "~/features/impact/periods";
import { formDataObject, ignoreWhilePending } from "~/lib/forms";
import { answerInPlace } from "~/services/http/form-action.server";
import { requireUser } from "~/services/session.server";
import { timeZoneOf } from "~/services/http/time-zone.server";
import { flashToastHeader } from "~/services/http/toast.server";
import { siteTitle } from "~/lib/site-title";
import type { Route } from "./+types/impact-new";
import { PendingButton } from "~/components/ui/pending-button";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: siteTitle(matches, "Record a load · Impact ledger") }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request);
  // The date starts at today on the member's clock, not the server's. The key goes with the form
  // once: a double click or a resent page records the load once.
  return { today: todayIn(timeZoneOf(request)), submissionKey: crypto.randomUUID() };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const outcome = await recordFromForm(user, formDataObject(await request.formData()));
  if (!outcome.ok) return answerInPlace(outcome);
  return redirect("/app/impact", {
    headers: { "Set-Cookie": await flashToastHeader({ type: "success", title: outcome.message }) },
  });
}

export default function RecordLoad({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const pending = navigation.state === "submitting";
  const refused = actionData && !actionData.ok ? actionData : undefined;
  const values: EntryFormValues = refused?.values ?? { date: loaderData.today };
  const errors: Record<string, string | undefined> = refused?.errors ?? {};

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <Link to="/app/impact" className="inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 hover:underline">
        <ArrowLeft aria-hidden className="size-4" /> Back to the ledger
      </Link>
      <section aria-labelledby="record-title" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
        <h2 id="record-title" className="text-2xl font-bold text-slate-900">
          Record a load
        </h2>
        <p className="mt-2 text-slate-600">
          Process Waste: what you handled, how much it weighed and what happened to it. It shows as self-reported; loads from
          completed orders are confirmed by the other party and added on their own.
        </p>
        {refused ? (
          <div className="mt-4">
            <ErrorSummary
              errors={errors}
              fieldIds={entryFieldIds()}
              message={Object.keys(errors).length ? "The load was not recorded." : refused.message}
            />
          </div>
        ) : null}
        <Form
          method="post"
          className="mt-6 space-y-6"
          onSubmit={ignoreWhilePending(pending)}
          // A refused load renders the form again with what was sent.
          key={refused ? JSON.stringify(refused.values) : "new"}
        >
          <input type="hidden" name="submission_key" value={values.submission_key ?? loaderData.submissionKey} />
          <EntryFields values={values} errors={errors} maxDate={loaderData.today} />
          <PendingButton pending={pending} label="Record load" pendingLabel="Recording…" />
        </Form>
      </section>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} links={[{ to: "/app/impact", label: "Back to the ledger" }]} />;
}
