import { siteTitle } from "~/lib/site-title";
import { ArrowLeft } from "~/components/icons";
import { data, Form, useNavigation } from "react-router";
import { Link } from "~/lib/link";
import { EventResultsSection } from "~/components/events/event-results";
import { ErrorSummary, Field, SelectField, SubmitButton, TextAreaField } from "~/components/forms";
import { RouteError } from "~/components/route-error";
import { formRowsFor, MAX_RESULT_NOTE_LENGTH, NO_SUCH_EVENT, resultsFromForm } from "~/features/events/results";
import { recordResults, resultsForm, type ResultsOutcome } from "~/features/events/results.server";
import { MATERIAL_LABELS, MATERIALS, TREATMENT_LABELS, TREATMENTS } from "~/features/impact/vocabulary";
import { dateTime } from "~/lib/dates";
import { pathIdOr404 } from "~/lib/path-id";
import { answerForm, answerInPlace } from "~/services/http/form-action.server";
import { requireUser } from "~/services/session.server";
import type { Route } from "./+types/event-results-form";

export const meta: Route.MetaFunction = ({ data: loaded, matches }) => [
  { title: siteTitle(matches, `Results${loaded?.event ? ` of ${loaded.event.title}` : ""}`) },
];

const eventIdOf = (value: string | undefined) => pathIdOr404(value, data(NO_SUCH_EVENT, { status: 404 }));

/** /app/events/:id/results: the organiser records what the event achieved (JS off: a plain form). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const form = await resultsForm(user, eventIdOf(params.id));
  if (!form) throw data(NO_SUCH_EVENT, { status: 404 });
  if (form.forbidden) throw data(form.message, { status: 403 });
  return form;
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request);
  const eventId = eventIdOf(params.id);
  const form = await request.formData();
  const fields = Object.fromEntries([...form.entries()].filter(([, value]) => typeof value === "string"));
  const outcome: ResultsOutcome = await recordResults(user, eventId, resultsFromForm(fields));
  // A refusal shows beside its fields with what was sent; recorded, the page shows them.
  if (!outcome.ok) return answerInPlace({ ...outcome, values: fields });
  return answerForm(form, outcome, { returnTo: `/app/events/${eventId}/results` });
}

const materialOptions = [
  { value: "", label: "Choose a material" },
  ...MATERIALS.map((material) => ({ value: material, label: MATERIAL_LABELS[material] })),
];
const treatmentOptions = [
  { value: "", label: "Choose what became of it" },
  ...TREATMENTS.map((treatment) => ({ value: treatment, label: TREATMENT_LABELS[treatment] })),
];

export default function EventResultsForm({ loaderData, actionData }: Route.ComponentProps) {
  const { event, results, closed } = loaderData;
  const navigation = useNavigation();
  const refused = actionData && !actionData.ok ? actionData : undefined;
  const errors: Record<string, string | undefined> = refused?.errors ?? {};
  const sent = refused && "values" in refused ? (refused.values as Record<string, string>) : undefined;
  const value = (name: string, stored: string | number | null | undefined) =>
    sent?.[name] ?? (stored === null ? "" : String(stored ?? ""));
  const rows = formRowsFor(results?.collected.length ?? 0);
  const fieldIds = Object.fromEntries(Object.keys(errors).map((name) => [name, `field-${name.replaceAll(".", "-")}`]));
  const countField = (name: "items_repaired" | "items_checked" | "volunteers" | "hours", label: string) => (
    <Field
      label={label}
      error={errors[name]}
      inputProps={{
        id: `field-${name}`,
        name,
        inputMode: name === "hours" ? "decimal" : "numeric",
        defaultValue: value(name, results?.[name]),
      }}
    />
  );

  return (
    <div className="mx-auto max-w-3xl min-w-0 space-y-6 break-words">
      <Link
        to={`/app/events/${event.id}`}
        className="inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 hover:underline"
      >
        <ArrowLeft aria-hidden className="size-4" /> Back to the event
      </Link>
      <header>
        <h2 className="text-2xl font-bold text-slate-900">Results of {event.title}</h2>
        <p className="mt-1 text-slate-600">Started {dateTime(event.starts_at, event.time_zone)}</p>
      </header>

      <EventResultsSection results={results} headingLevel={3} />

      {closed ? (
        <p role="status" className="rounded-lg bg-amber-50 px-4 py-3 text-amber-900 ring-1 ring-amber-200">
          {closed}
        </p>
      ) : (
        <section aria-labelledby="record-title" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
          <h3 id="record-title" className="text-xl font-bold text-slate-900">
            {results ? "Change the results" : "Record the results"}
          </h3>
          <p className="mt-1 text-slate-600">
            Each weight enters your impact ledger as an event entry, counted once across the platform. Recording again replaces
            the results and their entries; everyone who went is told.
          </p>
          <Form method="post" className="mt-4 space-y-6" noValidate>
            <ErrorSummary errors={errors} fieldIds={fieldIds} message={refused?.message} />
            <fieldset className="space-y-4">
              <legend className="font-semibold text-slate-900">What was collected</legend>
              <p className="text-sm text-slate-600">
                One row a material and what became of it; leave the rows you do not need empty.
              </p>
              {Array.from({ length: rows }, (_, row) => {
                const line = results?.collected[row];
                const name = (field: string) => `collected.${row}.${field}`;
                return (
                  <div key={row} role="group" aria-label={`Row ${row + 1}`} className="grid gap-3 sm:grid-cols-3">
                    <SelectField
                      label={`Material, row ${row + 1}`}
                      error={errors[name("material")]}
                      options={materialOptions}
                      selectProps={{
                        id: `field-collected-${row}-material`,
                        name: name("material"),
                        defaultValue: value(name("material"), line?.material),
                      }}
                    />
                    <Field
                      label={`Weight in kg, row ${row + 1}`}
                      error={errors[name("weight_kg")]}
                      inputProps={{
                        id: `field-collected-${row}-weight_kg`,
                        name: name("weight_kg"),
                        inputMode: "decimal",
                        defaultValue: value(name("weight_kg"), line?.weight_kg),
                      }}
                    />
                    <SelectField
                      label={`What became of it, row ${row + 1}`}
                      error={errors[name("treatment")]}
                      options={treatmentOptions}
                      selectProps={{
                        id: `field-collected-${row}-treatment`,
                        name: name("treatment"),
                        defaultValue: value(name("treatment"), line?.treatment),
                      }}
                    />
                  </div>
                );
              })}
            </fieldset>
            <fieldset className="grid gap-4 sm:grid-cols-2">
              <legend className="mb-2 font-semibold text-slate-900">Counts (optional)</legend>
              {countField("items_repaired", "Items repaired")}
              {countField("items_checked", "Items checked")}
              {countField("volunteers", "Volunteers")}
              {countField("hours", "Volunteer hours")}
            </fieldset>
            <TextAreaField
              label="Note (optional)"
              error={errors.note}
              textareaProps={{
                id: "field-note",
                name: "note",
                maxLength: MAX_RESULT_NOTE_LENGTH,
                defaultValue: value("note", results?.note),
              }}
            />
            <div className="sm:max-w-xs">
              <SubmitButton pending={navigation.state === "submitting"} pendingLabel="Recording…">
                {results ? "Record the results again" : "Record the results"}
              </SubmitButton>
            </div>
          </Form>
        </section>
      )}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} links={[{ to: "/app/impact", label: "Your impact ledger" }]} />;
}
