import { Field, FormAlert, SelectField, TextAreaField } from "~/components/forms";
import { DECIMAL_POINT_HINT } from "~/lib/numbers";
import { useCurrency } from "~/components/money";
import type { EntryView } from "~/features/impact/wire";
import {
  EARLIEST_ENTRY_DATE,
  MATERIAL_LABELS,
  MATERIALS,
  MAX_NOTE_LENGTH,
  TREATMENT_LABELS,
  TREATMENTS,
} from "~/features/impact/vocabulary";

/** What a load's form shows in its fields: text as typed, so a refused form comes back as it was sent. */
export type EntryFormValues = Record<string, string>;

/** A stored entry as its edit form's values: the money as an amount in the currency's units and its direction. */
export function entryFormValuesOf(entry: EntryView): EntryFormValues {
  return {
    date: entry.date,
    material: entry.material,
    weight_kg: String(entry.weight_kg),
    treatment: entry.treatment,
    amount: entry.revenue_cents === null ? "" : (Math.abs(entry.revenue_cents) / 100).toFixed(2),
    money: entry.revenue_cents !== null && entry.revenue_cents < 0 ? "cost" : "revenue",
    note: entry.note ?? "",
    // Shown, never sent: an amount written in another currency keeps it while it is left as it is.
    currency: entry.currency ?? "",
  };
}

/** Each field's element id, by the name the server's errors use: what an error summary links to. */
export const entryFieldIds = (idPrefix = "entry") => ({
  date: `${idPrefix}-date`,
  material: `${idPrefix}-material`,
  weight_kg: `${idPrefix}-weight`,
  treatment: `${idPrefix}-treatment`,
  amount: `${idPrefix}-amount`,
  note: `${idPrefix}-note`,
});

/**
 * Every field of a load, each with its label and the server's error beside it: the date (not
 * after `maxDate`, today on the member's clock), the material, the weight, what happened to it,
 * a revenue or a cost in the instance's currency, and a note.
 */
export function EntryFields({
  values,
  errors,
  maxDate,
  idPrefix = "entry",
}: {
  values: EntryFormValues;
  errors: Record<string, string | undefined>;
  maxDate: string;
  idPrefix?: string;
}) {
  const currency = useCurrency();
  const value = (name: string) => values[name] ?? "";
  const money = value("money") || "revenue";
  return (
    <div className="space-y-5">
      <FormAlert>{errors.form}</FormAlert>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field
          label="Date"
          error={errors.date}
          inputProps={{
            id: `${idPrefix}-date`,
            name: "date",
            type: "date",
            defaultValue: value("date"),
            min: EARLIEST_ENTRY_DATE,
            max: maxDate,
            required: true,
          }}
        />
        <Field
          label="Weight (kg)"
          error={errors.weight_kg}
          hint={`What the scale showed, to the gram, up to 100,000 t (100,000,000 kg). ${DECIMAL_POINT_HINT}.`}
          inputProps={{
            id: `${idPrefix}-weight`,
            name: "weight_kg",
            defaultValue: value("weight_kg"),
            inputMode: "decimal",
            autoComplete: "off",
            required: true,
          }}
        />
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField
          label="Material"
          error={errors.material}
          options={[
            { value: "", label: "Choose a material" },
            ...MATERIALS.map((key) => ({ value: key, label: MATERIAL_LABELS[key] })),
          ]}
          selectProps={{ id: `${idPrefix}-material`, name: "material", defaultValue: value("material"), required: true }}
        />
        <SelectField
          label="What happened to it"
          error={errors.treatment}
          hint="Collected: picked up, its fate decided further down the chain."
          options={[
            { value: "", label: "Choose a treatment" },
            ...TREATMENTS.map((key) => ({ value: key, label: TREATMENT_LABELS[key] })),
          ]}
          selectProps={{ id: `${idPrefix}-treatment`, name: "treatment", defaultValue: value("treatment"), required: true }}
        />
      </div>
      <fieldset className="min-w-0">
        <legend className="text-sm font-medium text-slate-700">Revenue or cost (optional)</legend>
        <div className="mt-1.5 flex flex-wrap gap-2">
          {(["revenue", "cost"] as const).map((kind) => (
            <label
              key={kind}
              className="flex items-center gap-2 rounded-lg px-3 py-2 text-sm text-slate-800 ring-1 ring-slate-300 has-checked:bg-brand-50 has-checked:ring-brand-600"
            >
              <input type="radio" name="money" value={kind} defaultChecked={money === kind} className="accent-brand-600" />
              {kind === "revenue" ? "Revenue" : "Cost"}
            </label>
          ))}
        </div>
        <div className="mt-3">
          <Field
            label={`Amount (${value("currency") || currency})`}
            error={errors.amount}
            hint={`What the load earned or cost you. ${DECIMAL_POINT_HINT}. Leave empty for none.`}
            inputProps={{
              id: `${idPrefix}-amount`,
              name: "amount",
              defaultValue: value("amount"),
              inputMode: "decimal",
              autoComplete: "off",
            }}
          />
        </div>
      </fieldset>
      <TextAreaField
        label="Note (optional)"
        error={errors.note}
        hint={`Where it came from, who took it, a ticket number: at most ${MAX_NOTE_LENGTH} characters.`}
        textareaProps={{ id: `${idPrefix}-note`, name: "note", defaultValue: value("note"), maxLength: MAX_NOTE_LENGTH, rows: 3 }}
      />
    </div>
  );
}
