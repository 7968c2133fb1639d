import { Form, useNavigation } from "react-router";
import { Link } from "~/lib/link";
import { Field, FormAlert, SelectField, TextAreaField } from "~/components/forms";
import { PendingButton } from "~/components/ui/pending-button";
import { FieldError } from "~/components/ui/field-error";
import { ignoreWhilePending, type FieldErrors } from "~/lib/forms";
import { MAX_CARRIER_TEXT_LENGTH, MAX_PLACE_LENGTH, NO_REGISTRATION_LABELS } from "~/features/exchange/transfer-details";
import { MAX_WASTE_DESCRIPTION_LENGTH } from "~/features/exchange/vocabulary";
import type { CorrectableNote } from "~/features/transfer-notes/corrections";
import { MEANS_OF_TRANSPORT, REASONS_FOR_NO_REGISTRATION } from "../../../db/waste-values";

type Refused = { ok: false; errors: FieldErrors; message?: string; values?: Record<string, unknown> };
type ActionData = Refused | { ok: true } | undefined;

const link = "font-medium text-brand-700 underline";

/**
 * /app/transfer-notes/:id/correct: the note's correctable fields filled in as they stand; what the
 * member changes is issued as a new note that replaces this one (JS off, a plain form).
 */
export function NoteCorrectionPage({
  id,
  number,
  replacedBy,
  fields,
  actionData,
}: {
  id: number;
  number: string;
  replacedBy: { id: number; number: string } | null;
  fields: CorrectableNote;
  actionData: ActionData;
}) {
  const navigation = useNavigation();
  const pending = navigation.state === "submitting";
  const refused = actionData?.ok === false ? actionData : undefined;
  const errors = refused?.errors ?? {};
  const typed = refused?.values;
  // What the member typed after a refusal, else the note's own value.
  const shown = (name: string, current: string | number | null) => {
    const value = typed ? typed[name] : current;
    return value === undefined || value === null ? "" : String(value);
  };
  const estimate = typed ? typed.weight_is_estimate === "true" : fields.weight_is_estimate;
  const formError = errors.form ?? (refused && !Object.keys(errors).length ? refused.message : undefined);
  const carrierError = errors.carrier;
  return (
    <div className="mx-auto max-w-3xl min-w-0 space-y-4 break-words">
      <Link to={`/app/transfer-notes/${id}`} className={link}>
        Back to {number}
      </Link>
      <section aria-labelledby="correct-title" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8">
        <h2 id="correct-title" className="text-2xl font-bold text-slate-900">
          Correct {number}
        </h2>
        <p className="mt-2 text-slate-600">
          A transfer note never changes: your correction is issued as a new note that replaces this one, signed by you. The other
          party is told. The parties, the waste codes and the transfer itself stay as they were.
        </p>
        {replacedBy ? (
          <p className="mt-4 rounded-lg bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900">
            This note was already corrected by{" "}
            <Link to={`/app/transfer-notes/${replacedBy.id}`} className="underline">
              {replacedBy.number}
            </Link>
            : correct the newest note instead.
          </p>
        ) : (
          <Form method="post" className="mt-6 space-y-5" onSubmit={ignoreWhilePending(pending)}>
            <FormAlert>{formError}</FormAlert>
            <Field
              label="Where the waste changed hands"
              error={errors.place}
              inputProps={{ name: "place", maxLength: MAX_PLACE_LENGTH, defaultValue: shown("place", fields.place) }}
            />
            <TextAreaField
              label="Description of the waste"
              error={errors["waste.description"]}
              textareaProps={{
                name: "description",
                rows: 3,
                maxLength: MAX_WASTE_DESCRIPTION_LENGTH,
                defaultValue: shown("description", fields.description),
              }}
            />
            <Field
              label="Weight (kg)"
              error={errors.weight_kg}
              inputProps={{ name: "weight_kg", inputMode: "decimal", defaultValue: shown("weight_kg", fields.weight_kg) }}
            />
            <label className="flex items-start gap-2 text-sm text-slate-700">
              <input
                type="checkbox"
                name="weight_is_estimate"
                value="true"
                defaultChecked={estimate}
                className="mt-1 accent-brand-600"
              />
              The weight is an estimate, not weighed
            </label>
            <fieldset className="space-y-3 rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200">
              <legend className="px-1 text-sm font-semibold text-slate-900">Who carried it</legend>
              {carrierError ? <FieldError id="correct-carrier-error">{carrierError}</FieldError> : null}
              <Field
                label="Carrier's name"
                error={errors["carrier.name"]}
                inputProps={{
                  name: "carrier.name",
                  maxLength: MAX_CARRIER_TEXT_LENGTH,
                  defaultValue: shown("carrier.name", fields.carrier.name),
                }}
              />
              <Field
                label="Waste carrier registration number"
                error={errors["carrier.registration_number"]}
                inputProps={{
                  name: "carrier.registration_number",
                  maxLength: MAX_CARRIER_TEXT_LENGTH,
                  defaultValue: shown("carrier.registration_number", fields.carrier.registration_number),
                }}
              />
              <SelectField
                label="Or, why there is none"
                error={errors["carrier.reason_for_no_registration"]}
                options={[
                  { value: "", label: "Not needed: it has a registration" },
                  ...REASONS_FOR_NO_REGISTRATION.map((value) => ({ value, label: NO_REGISTRATION_LABELS[value] })),
                ]}
                selectProps={{
                  name: "carrier.reason_for_no_registration",
                  defaultValue: shown("carrier.reason_for_no_registration", fields.carrier.reason_for_no_registration),
                }}
              />
              <SelectField
                label="Means of transport"
                error={errors["carrier.means_of_transport"]}
                options={MEANS_OF_TRANSPORT.map((value) => ({ value, label: value }))}
                selectProps={{
                  name: "carrier.means_of_transport",
                  defaultValue: shown("carrier.means_of_transport", fields.carrier.means_of_transport),
                }}
              />
              <Field
                label="Vehicle registration (optional)"
                error={errors["carrier.vehicle_registration"]}
                inputProps={{
                  name: "carrier.vehicle_registration",
                  maxLength: 20,
                  defaultValue: shown("carrier.vehicle_registration", fields.carrier.vehicle_registration),
                }}
              />
            </fieldset>
            <PendingButton pending={pending} label="Issue the correction" pendingLabel="Issuing…" />
          </Form>
        )}
      </section>
    </div>
  );
}
