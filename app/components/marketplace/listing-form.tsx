import { Field, FormAlert, SelectField, TextAreaField } from "~/components/forms";
import { DECIMAL_POINT_HINT } from "~/lib/numbers";
import { useCurrency } from "~/components/money";
import {
  CONDITION_LABELS,
  HANDOVER_LABELS,
  HANDOVERS,
  LISTING_CATEGORIES,
  LISTING_CONDITIONS,
  LISTING_KIND_LABELS,
  LISTING_KINDS,
  LISTING_UNITS,
  MATERIAL_LABELS,
  MATERIALS,
  MAX_DESCRIPTION_LENGTH,
  MAX_LISTING_PHOTOS,
  MAX_LOCATION_LENGTH,
  MAX_TITLE_LENGTH,
  UNIT_CHOICE_LABELS,
} from "~/features/exchange/vocabulary";
import type { ListingView } from "~/features/exchange/wire";
import { FieldError } from "~/components/ui/field-error";

/** What a listing form shows in its fields: text as typed, so a refused form comes back as it was sent. */
export type ListingFormValues = Record<string, string>;

/** A stored listing as its edit form's values; the price in the currency's units. */
export function formValuesOf(listing: ListingView): ListingFormValues {
  return {
    kind: listing.kind,
    title: listing.title,
    description: listing.description,
    category: listing.category,
    material: listing.material,
    condition: listing.condition,
    quantity: String(listing.quantity),
    unit: listing.unit,
    weight_per_unit_kg: listing.weight_per_unit_kg === null ? "" : String(listing.weight_per_unit_kg),
    price: (listing.price_cents / 100).toFixed(2),
    location: listing.location,
    handover: listing.handover,
    ewc_codes: listing.ewc_codes?.map((code) => code.code).join(",") ?? "",
    waste_description: listing.waste_description ?? "",
    physical_form: listing.physical_form ?? "",
    container_type: listing.container_type ?? "",
    containers: listing.containers === null ? "" : String(listing.containers),
  };
}

const options = <T extends string>(values: readonly T[], labels: Record<T, string>) =>
  values.map((value) => ({ value, label: labels[value] }));

/** Each field's element id, by the name the server's errors use: what an error summary links to. */
export const listingFieldIds = (idPrefix = "listing") => ({
  title: `${idPrefix}-title`,
  description: `${idPrefix}-description`,
  category: `${idPrefix}-category`,
  material: `${idPrefix}-material`,
  condition: `${idPrefix}-condition`,
  quantity: `${idPrefix}-quantity`,
  unit: `${idPrefix}-unit`,
  weight_per_unit_kg: `${idPrefix}-weight`,
  price: `${idPrefix}-price`,
  location: `${idPrefix}-location`,
  handover: `${idPrefix}-handover`,
  photos: `${idPrefix}-photos`,
  ewc_codes: `${idPrefix}-ewc_codes`,
  waste_description: `${idPrefix}-waste_description`,
  physical_form: `${idPrefix}-physical_form`,
  container_type: `${idPrefix}-container_type`,
  containers: `${idPrefix}-containers`,
});

/**
 * Every field of a listing, each with its label and the server's error beside it. `photos` adds
 * the file input (a new listing; photos are not changed by editing).
 */
export function ListingFields({
  values,
  errors,
  photos = false,
  idPrefix = "listing",
}: {
  values: ListingFormValues;
  errors: Record<string, string | undefined>;
  photos?: boolean;
  idPrefix?: string;
}) {
  const currency = useCurrency();
  const value = (name: string) => values[name] ?? "";
  const unmatched = errors.form;
  return (
    <div className="space-y-5">
      <FormAlert>{unmatched}</FormAlert>
      <fieldset>
        <legend className="text-sm font-medium text-slate-700">What kind of listing is it?</legend>
        <div className="mt-1.5 flex flex-wrap gap-2">
          {LISTING_KINDS.map((kind) => (
            <label
              key={kind}
              className="flex items-center gap-2 rounded-lg px-3 py-2 text-sm text-slate-800 ring-1 ring-slate-300 has-checked:bg-brand-50 has-checked:ring-brand-600"
            >
              <input type="radio" name="kind" value={kind} defaultChecked={value("kind") === kind} className="accent-brand-600" />
              {LISTING_KIND_LABELS[kind]}
            </label>
          ))}
        </div>
        <FieldError>{errors.kind}</FieldError>
      </fieldset>
      <Field
        label="Title"
        error={errors.title}
        inputProps={{
          id: `${idPrefix}-title`,
          name: "title",
          defaultValue: value("title"),
          maxLength: MAX_TITLE_LENGTH,
          required: true,
        }}
      />
      <TextAreaField
        label="Description"
        error={errors.description}
        hint="What it is, its state, how it is packed or baled, when it can be collected."
        textareaProps={{
          id: `${idPrefix}-description`,
          name: "description",
          defaultValue: value("description"),
          maxLength: MAX_DESCRIPTION_LENGTH,
          required: true,
        }}
      />
      <div className="grid gap-5 sm:grid-cols-3">
        <SelectField
          label="Category"
          error={errors.category}
          options={[{ value: "", label: "Choose a category" }, ...LISTING_CATEGORIES]}
          selectProps={{ id: `${idPrefix}-category`, name: "category", defaultValue: value("category"), required: true }}
        />
        <SelectField
          label="Material"
          error={errors.material}
          hint="What it is mostly made of."
          options={[{ value: "", label: "Choose a material" }, ...options(MATERIALS, MATERIAL_LABELS)]}
          selectProps={{ id: `${idPrefix}-material`, name: "material", defaultValue: value("material"), required: true }}
        />
        <SelectField
          label="Condition"
          error={errors.condition}
          options={[{ value: "", label: "Choose a condition" }, ...options(LISTING_CONDITIONS, CONDITION_LABELS)]}
          selectProps={{ id: `${idPrefix}-condition`, name: "condition", defaultValue: value("condition"), required: true }}
        />
      </div>
      <div className="grid gap-5 sm:grid-cols-3">
        <Field
          label="Quantity"
          error={errors.quantity}
          hint={DECIMAL_POINT_HINT}
          inputProps={{
            id: `${idPrefix}-quantity`,
            name: "quantity",
            defaultValue: value("quantity"),
            inputMode: "decimal",
            required: true,
          }}
        />
        <SelectField
          label="Unit"
          error={errors.unit}
          options={options(LISTING_UNITS, UNIT_CHOICE_LABELS)}
          selectProps={{ id: `${idPrefix}-unit`, name: "unit", defaultValue: value("unit") || "piece" }}
        />
        <Field
          label="Weight per piece (kg)"
          error={errors.weight_per_unit_kg}
          hint={`Needed when the unit is pieces. ${DECIMAL_POINT_HINT}.`}
          inputProps={{
            id: `${idPrefix}-weight`,
            name: "weight_per_unit_kg",
            defaultValue: value("weight_per_unit_kg"),
            inputMode: "decimal",
          }}
        />
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field
          label={`Price per unit (${currency})`}
          error={errors.price}
          hint={`${DECIMAL_POINT_HINT}; 0 or empty for free. On a wanted listing, what you offer to pay.`}
          inputProps={{ id: `${idPrefix}-price`, name: "price", defaultValue: value("price"), inputMode: "decimal" }}
        />
        <Field
          label="Location"
          error={errors.location}
          hint="A town or a UK postcode (LS1 or LS1 4AP; visitors see its district only), not a street address: buyers search by distance from it, and everyone sees it."
          inputProps={{
            id: `${idPrefix}-location`,
            name: "location",
            defaultValue: value("location"),
            maxLength: MAX_LOCATION_LENGTH,
            autoComplete: "address-level2",
          }}
        />
      </div>
      <SelectField
        label="How it changes hands"
        error={errors.handover}
        options={options(HANDOVERS, HANDOVER_LABELS)}
        selectProps={{ id: `${idPrefix}-handover`, name: "handover", defaultValue: value("handover") || "collection" }}
      />
      {photos ? (
        <div>
          <label htmlFor={`${idPrefix}-photos`} className="block text-sm font-medium text-slate-700">
            Photos
          </label>
          <input
            id={`${idPrefix}-photos`}
            name="photos"
            type="file"
            multiple
            accept="image/jpeg,image/png,image/gif,image/webp,image/avif"
            aria-describedby={`${idPrefix}-photos-hint${errors.photos ? ` ${idPrefix}-photos-error` : ""}`}
            aria-invalid={errors.photos ? true : undefined}
            className="mt-1.5 block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-semibold file:text-brand-800"
          />
          <p id={`${idPrefix}-photos-hint`} className="mt-1.5 text-sm text-slate-500">
            Up to {MAX_LISTING_PHOTOS} images (JPEG, PNG, GIF, WebP, AVIF), each under 10MB.
          </p>
          <FieldError id={`${idPrefix}-photos-error`}>{errors.photos}</FieldError>
        </div>
      ) : null}
    </div>
  );
}
