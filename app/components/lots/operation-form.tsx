import { Form, useNavigation } from "react-router";
import { ErrorSummary, Field } from "~/components/forms";
import { PendingButton } from "~/components/ui/pending-button";
import { ignoreWhilePending } from "~/lib/forms";
import { DECIMAL_POINT_HINT } from "~/lib/numbers";
import { OPERATION_CODES, operationName } from "~/features/lots/operations";
import { kg } from "./weights";

export const operationFieldIds = { code: "operation-code", weight_kg: "operation-weight", date: "operation-date" };

const selectClass = (error?: string) =>
  `block w-full rounded-lg border bg-white px-3 py-2.5 text-slate-900 focus:outline-2 focus:outline-brand-600 ${
    error ? "border-red-600" : "border-slate-300"
  }`;

/**
 * The holder records an operation: a real form (it posts to the lot's page, whose action answers
 * with the errors beside their fields when no script runs), pending while sent when one does.
 */
export function OperationForm({
  weightLeftKg,
  today,
  values,
  errors,
  message,
}: {
  weightLeftKg: number;
  today: string;
  values: Record<string, string>;
  errors: Record<string, string | undefined>;
  message?: string;
}) {
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && navigation.formData?.get("intent") === "operation";
  const codeError = errors.code;
  return (
    <Form method="post" className="space-y-5" onSubmit={ignoreWhilePending(pending)} key={JSON.stringify(values)}>
      <input type="hidden" name="intent" value="operation" />
      {message ? <ErrorSummary errors={errors} fieldIds={operationFieldIds} message={message} /> : null}
      <div>
        <label htmlFor={operationFieldIds.code} className="block text-sm font-medium text-slate-700">
          Operation
        </label>
        <select
          id={operationFieldIds.code}
          name="code"
          required
          defaultValue={values.code ?? ""}
          aria-invalid={codeError ? true : undefined}
          aria-describedby={codeError ? `${operationFieldIds.code}-error` : undefined}
          className={`mt-1.5 ${selectClass(codeError)}`}
        >
          <option value="" disabled>
            Choose what was done
          </option>
          {(["R", "D"] as const).map((letter) => (
            <optgroup key={letter} label={letter === "R" ? "Recovery" : "Disposal"}>
              {OPERATION_CODES.filter((code) => code.startsWith(letter)).map((code) => (
                <option key={code} value={code}>
                  {code} {operationName(code)}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
        {codeError ? (
          <p id={`${operationFieldIds.code}-error`} className="mt-1.5 text-sm text-red-700">
            {codeError}
          </p>
        ) : null}
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field
          label="Weight (kg)"
          error={errors.weight_kg}
          hint={`At most ${kg(weightLeftKg)}. ${DECIMAL_POINT_HINT}`}
          inputProps={{
            id: operationFieldIds.weight_kg,
            name: "weight_kg",
            inputMode: "decimal",
            defaultValue: values.weight_kg ?? "",
            required: true,
          }}
        />
        <Field
          label="Day it was done"
          error={errors.date}
          inputProps={{
            id: operationFieldIds.date,
            name: "date",
            type: "date",
            max: today,
            defaultValue: values.date ?? today,
            required: true,
          }}
        />
      </div>
      <PendingButton pending={pending} label="Record operation" pendingLabel="Recording…" />
    </Form>
  );
}
