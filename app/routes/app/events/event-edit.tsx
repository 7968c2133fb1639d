import { siteTitle } from "~/lib/site-title";
import { data, Form, redirect, useNavigation } from "react-router";
import { Link } from "~/lib/link";
import { ArrowLeft } from "~/components/icons";
import { ErrorSummary, TextAreaField } from "~/components/forms";
import { EventFields, eventFieldIds, type EventFormValues } from "~/components/events/event-form";
import { RouteError } from "~/components/route-error";
import { dangerButton } from "~/components/ui/button";
import { PendingButton } from "~/components/ui/pending-button";
import { getEvent } from "~/features/events/events.server";
import { editPageAction, formValuesOf, timeZoneChoices } from "~/features/events/event-pages.server";
import { MAX_CANCEL_REASON_LENGTH } from "~/features/events/schemas";
import { formDataObject } from "~/lib/forms";
import { pathId } from "~/lib/path-id";
import { answerInPlace } from "~/services/http/form-action.server";
import { flashToastHeader } from "~/services/http/toast.server";
import { requireUser } from "~/services/session.server";
import type { Route } from "./+types/event-edit";

export const meta: Route.MetaFunction = ({ data: loaderData, matches }) => [
  { title: siteTitle(matches, `Edit ${loaderData?.event.title ?? "event"} · Events`) },
];

/** The organiser's edit page; to anyone else (and for a cancelled or sample event) it does not exist. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const id = pathId(params.id);
  const event = id ? await getEvent(user, id) : null;
  if (!event || event.organiser.id !== user.id || event.status === "cancelled" || event.is_sample)
    throw data({ message: "Event not found" }, { status: 404 });
  return { event, values: formValuesOf(event), timeZones: timeZoneChoices(event.time_zone) };
}

/** Save the fields, or cancel with a reason: the event's page on success, else this page with the reasons. */
export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request);
  const id = pathId(params.id);
  if (!id) throw data({ message: "Event not found" }, { status: 404 });
  const fields = formDataObject(await request.formData());
  const { intent, outcome } = await editPageAction(user, id, fields);
  if (!outcome.ok) {
    const values = Object.fromEntries(
      Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
    );
    const { reason, message, errors } = outcome;
    return answerInPlace({
      ok: false as const,
      intent,
      reason,
      message,
      errors,
      values: values as EventFormValues & { reason?: string },
    });
  }
  return redirect(`/app/events/${id}`, {
    headers: { "Set-Cookie": await flashToastHeader({ type: "success", title: outcome.message }) },
  });
}

export default function EditEvent({ loaderData, actionData }: Route.ComponentProps) {
  const { event, timeZones } = loaderData;
  const navigation = useNavigation();
  const pending = navigation.state === "submitting";
  const refused = actionData && !actionData.ok ? actionData : undefined;
  const editRefused = refused?.intent === "edit" ? refused : undefined;
  const cancelRefused = refused?.intent === "cancel" ? refused : undefined;
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <Link
        to={`/app/events/${event.id}`}
        className="inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 hover:underline"
      >
        <ArrowLeft aria-hidden className="size-4" /> Back to the event
      </Link>
      <section aria-labelledby="edit-event-title" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8">
        <h2 id="edit-event-title" className="text-2xl font-bold break-words text-slate-900">
          Edit {event.title}
        </h2>
        <p className="mt-2 text-slate-600">
          Everyone going is told of a new time or place. A higher capacity gives seats to those waiting, in order.
        </p>
        <Form method="post" className="mt-6 space-y-5" key={editRefused ? JSON.stringify(editRefused.values) : "edit"}>
          <ErrorSummary errors={editRefused?.errors ?? {}} fieldIds={eventFieldIds} message={editRefused?.message} />
          <EventFields
            values={editRefused?.values ?? loaderData.values}
            errors={editRefused?.errors ?? {}}
            timeZones={timeZones}
            withPhoto={false}
          />
          <input type="hidden" name="intent" value="edit" />
          <PendingButton pending={pending} label="Save changes" pendingLabel="Saving…" />
        </Form>
      </section>
      <section aria-labelledby="cancel-event-title" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-red-200 sm:p-8">
        <h2 id="cancel-event-title" className="text-xl font-bold text-slate-900">
          Cancel the event
        </h2>
        <p className="mt-2 text-slate-600">
          Everyone going or waiting is told, in the app and by e-mail, with your reason. This cannot be undone.
        </p>
        <Form method="post" className="mt-4 space-y-4">
          <ErrorSummary
            errors={cancelRefused?.errors ?? {}}
            fieldIds={{ reason: "cancel-reason" }}
            message={cancelRefused?.message}
          />
          <TextAreaField
            label="Reason"
            error={cancelRefused?.errors.reason}
            textareaProps={{ id: "cancel-reason", name: "reason", required: true, rows: 3, maxLength: MAX_CANCEL_REASON_LENGTH }}
          />
          <input type="hidden" name="intent" value="cancel" />
          <button type="submit" className={dangerButton} aria-disabled={pending || undefined}>
            Cancel the event
          </button>
        </Form>
      </section>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <RouteError
      error={error}
      notFound={{ title: "Event not found", message: "This event doesn't exist, or isn't yours to edit." }}
      links={[{ to: "/app/events", label: "Back to events" }]}
    />
  );
}
