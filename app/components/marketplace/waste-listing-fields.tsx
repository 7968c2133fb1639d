import { useState, type MouseEvent } from "react";
import { Link } from "~/lib/link";
import { Field, SelectField, TextAreaField } from "~/components/forms";
import { FieldError } from "~/components/ui/field-error";
import { WasteCodePicker, type WasteCodeFilters, type WasteCodeResults } from "~/components/waste-codes/waste-code-picker";
import { WASTE_CODE_ADD, WASTE_CODE_REMOVE } from "~/features/exchange/schemas";
import { MAX_WASTE_DESCRIPTION_LENGTH } from "~/features/exchange/vocabulary";
import type { WasteCodeView } from "~/features/exchange/wire";
import type { WasteCode } from "~/features/waste-codes/schemas";
import { CONTAINER_TYPE_LABELS, PHYSICAL_FORM_LABELS } from "~/features/waste-codes/vocabulary";
import { CONTAINER_TYPES, MAX_WASTE_CODES, PHYSICAL_FORMS } from "../../../db/waste-values";
import type { ListingFormValues } from "./listing-form";

/**
 * The waste part of a listing form: the chosen codes of the List of Waste and the four details a
 * transfer note carries. The codes travel as one hidden `ewc_codes` field ("200101,150101").
 * Without JavaScript, "Add" (in the picker beside the form, tied to it by its `form` attribute)
 * and "Remove" post the form, which comes back with the codes changed and what was typed kept;
 * with it, they change the list in place.
 */

export type WasteCodePickerData = { filters: WasteCodeFilters; results: WasteCodeResults };

/** The codes a form holds, changed in place with JavaScript. */
export function useChosenWasteCodes(initial: WasteCodeView[]) {
  const [chosen, setChosen] = useState(initial);
  const add = (code: WasteCode) => (event: MouseEvent) => {
    event.preventDefault();
    setChosen((codes) =>
      codes.some((own) => own.code === code.code) || codes.length >= MAX_WASTE_CODES
        ? codes
        : [...codes, { code: code.code, display_code: code.display_code, description: code.description }],
    );
  };
  const remove = (code: string) => (event: MouseEvent) => {
    event.preventDefault();
    setChosen((codes) => codes.filter((own) => own.code !== code));
  };
  return { chosen, add, remove };
}

const options = <T extends string>(values: readonly T[], labels: Record<T, string>) =>
  values.map((value) => ({ value, label: labels[value] }));

/** Inside the listing form: the chosen codes, each removable, and the waste details. */
export function WasteListingFields({
  values,
  errors,
  chosen,
  remove,
  idPrefix = "listing",
}: {
  values: ListingFormValues;
  errors: Record<string, string | undefined>;
  chosen: WasteCodeView[];
  remove: (code: string) => (event: MouseEvent) => void;
  idPrefix?: string;
}) {
  const value = (name: string) => values[name] ?? "";
  return (
    <fieldset className="min-w-0 space-y-5 rounded-xl p-4 ring-1 ring-slate-200" aria-describedby={`${idPrefix}-waste-hint`}>
      <legend className="px-1 text-base font-semibold text-slate-900">Waste details</legend>
      <p id={`${idPrefix}-waste-hint`} className="text-sm text-slate-600">
        Only for a load of waste: choose its codes from the List of Waste (up to {MAX_WASTE_CODES}) below and describe it as its
        transfer note will. Leave this part empty for anything else. A waste listing needs your{" "}
        <Link to="/app/settings/organisation" className="font-medium text-brand-700 underline">
          organisation&apos;s details
        </Link>
        . Without JavaScript, choose the codes first: a search reloads the page.
      </p>
      <input type="hidden" name="ewc_codes" value={chosen.map((code) => code.code).join(",")} />
      <div id={`${idPrefix}-ewc_codes`} tabIndex={-1}>
        <p className="text-sm font-medium text-slate-700">Waste codes</p>
        {chosen.length ? (
          <ul className="mt-1.5 space-y-2">
            {chosen.map((code) => (
              <li key={code.code} className="flex flex-wrap items-start gap-x-3 gap-y-1 rounded-lg bg-slate-50 p-2 text-sm">
                <span className="font-mono font-semibold whitespace-nowrap">{code.display_code}</span>
                <span className="min-w-0 flex-1 basis-40 break-words">{code.description}</span>
                <button
                  type="submit"
                  name={WASTE_CODE_REMOVE}
                  value={code.code}
                  formNoValidate
                  onClick={remove(code.code)}
                  className="rounded px-2 py-0.5 text-sm font-medium text-red-700 ring-1 ring-red-200 hover:bg-red-50"
                >
                  Remove<span className="sr-only"> {code.display_code}</span>
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-1 text-sm text-slate-600">None chosen: this is not a waste listing.</p>
        )}
        <FieldError id={`${idPrefix}-ewc_codes-error`}>{errors.ewc_codes}</FieldError>
      </div>
      <TextAreaField
        label="What the waste is"
        error={errors.waste_description}
        hint="The load and where it comes from, as its transfer note will describe it."
        textareaProps={{
          id: `${idPrefix}-waste_description`,
          name: "waste_description",
          defaultValue: value("waste_description"),
          maxLength: MAX_WASTE_DESCRIPTION_LENGTH,
          rows: 3,
        }}
      />
      <div className="grid gap-5 sm:grid-cols-3">
        <SelectField
          label="Physical form"
          error={errors.physical_form}
          options={[{ value: "", label: "Choose a form" }, ...options(PHYSICAL_FORMS, PHYSICAL_FORM_LABELS)]}
          selectProps={{ id: `${idPrefix}-physical_form`, name: "physical_form", defaultValue: value("physical_form") }}
        />
        <SelectField
          label="Container"
          error={errors.container_type}
          options={[{ value: "", label: "Choose a container" }, ...options(CONTAINER_TYPES, CONTAINER_TYPE_LABELS)]}
          selectProps={{ id: `${idPrefix}-container_type`, name: "container_type", defaultValue: value("container_type") }}
        />
        <Field
          label="Containers"
          error={errors.containers}
          hint="How many."
          inputProps={{
            id: `${idPrefix}-containers`,
            name: "containers",
            defaultValue: value("containers"),
            inputMode: "numeric",
          }}
        />
      </div>
    </fieldset>
  );
}

/** Beside the listing form: the List of Waste to search, each code with an "Add" button posting that form. */
export function WasteCodeChooser({
  formId,
  picker,
  chosen,
  add,
}: {
  formId: string;
  picker: WasteCodePickerData;
  chosen: WasteCodeView[];
  add: (code: WasteCode) => (event: MouseEvent) => void;
}) {
  const full = chosen.length >= MAX_WASTE_CODES;
  return (
    <section aria-labelledby={`${formId}-codes-title`} className="min-w-0 space-y-3">
      <h3 id={`${formId}-codes-title`} className="text-lg font-semibold text-slate-900">
        Find waste codes
      </h3>
      <WasteCodePicker
        filters={picker.filters}
        results={picker.results}
        keep={chosen.length ? [["ewc_codes", chosen.map((code) => code.code).join(",")]] : []}
        action={(code) =>
          code.hazardous ? (
            <span className="text-xs text-slate-600">Hazardous: not traded here</span>
          ) : chosen.some((own) => own.code === code.code) ? (
            <span className="text-xs font-medium text-brand-800">Chosen</span>
          ) : (
            <button
              type="submit"
              form={formId}
              name={WASTE_CODE_ADD}
              value={code.code}
              formNoValidate
              onClick={full ? (event) => event.preventDefault() : add(code)}
              aria-disabled={full || undefined}
              className="rounded-lg bg-white px-3 py-1 text-sm font-semibold text-brand-800 ring-1 ring-brand-600 hover:bg-brand-50 aria-disabled:opacity-60"
            >
              Add<span className="sr-only"> {code.display_code}</span>
            </button>
          )
        }
      />
    </section>
  );
}
