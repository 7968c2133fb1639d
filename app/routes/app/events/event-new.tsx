import { siteTitle } from "~/lib/site-title";
import { Form, redirect, useNavigation } from "react-router";
import { Link } from "~/lib/link";
import { ArrowLeft } from "~/components/icons";
import { ErrorSummary } from "~/components/forms";
import { EventFields, eventFieldIds, type EventFormValues } from "~/components/events/event-form";
import { RouteError } from "~/components/route-error";
import { PendingButton } from "~/components/ui/pending-button";
import { createEvent } from "~/features/events/events.server";
import { timeZoneChoices } from "~/features/events/event-pages.server";
import { readEventSubmission } from "~/features/events/submission.server";
import { ignoreWhilePending } from "~/lib/forms";
import { answerInPlace } from "~/services/http/form-action.server";
import { timeZoneOf } from "~/services/http/time-zone.server";
import { flashToastHeader } from "~/services/http/toast.server";
import { requireUser } from "~/services/session.server";
import type { Route } from "./+types/event-new";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: siteTitle(matches, "Organise an event · Events") }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request);
  const zone = timeZoneOf(request);
  return { zone, timeZones: timeZoneChoices(zone) };
}

const textValues = (fields: Record<string, unknown>): EventFormValues =>
  Object.fromEntries(Object.entries(fields).flatMap(([name, value]) => (typeof value === "string" ? [[name, value]] : [])));

/** A new event from the form (with its photo, multipart): its page on success, else the form again with the reasons. */
export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const submission = await readEventSubmission(request, user.id);
  if (!submission.ok) {
    const { reason, message, errors } = submission;
    return answerInPlace({ ok: false as const, reason, message, errors, values: textValues(submission.fields ?? {}) });
  }
  try {
    const outcome = await createEvent(user, submission.fields, submission.photos);
    if (!outcome.ok) {
      const { reason, message, errors } = outcome;
      return answerInPlace({ ok: false as const, reason, message, errors, values: textValues(submission.fields) });
    }
    return redirect(`/app/events/${outcome.event.id}`, {
      headers: { "Set-Cookie": await flashToastHeader({ type: "success", title: outcome.message }) },
    });
  } finally {
    await submission.discard();
  }
}

export default function NewEvent({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const pending = navigation.state === "submitting";
  const refused = actionData && !actionData.ok ? actionData : undefined;
  const values: EventFormValues = refused?.values ?? { time_zone: loaderData.zone, kind: "repair_cafe" };
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <Link to="/app/events" className="inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 hover:underline">
        <ArrowLeft aria-hidden className="size-4" /> Back to events
      </Link>
      <section aria-labelledby="new-event-title" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8">
        <h2 id="new-event-title" className="text-2xl font-bold text-slate-900">
          Organise an event
        </h2>
        <p className="mt-2 text-slate-600">
          A repair café, a clean-up, a swap or a collection drive: members say they are going, and you see who. An event that
          already happened (within the last year) can be recorded too.
        </p>
        <Form
          method="post"
          encType="multipart/form-data"
          className="mt-6 space-y-5"
          onSubmit={ignoreWhilePending(pending)}
          key={refused ? JSON.stringify(refused.values) : "new"}
        >
          <ErrorSummary errors={refused?.errors ?? {}} fieldIds={eventFieldIds} message={refused?.message} />
          <EventFields values={values} errors={refused?.errors ?? {}} timeZones={loaderData.timeZones} withPhoto />
          <PendingButton pending={pending} label="Publish the event" pendingLabel="Publishing…" />
        </Form>
      </section>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} />;
}
