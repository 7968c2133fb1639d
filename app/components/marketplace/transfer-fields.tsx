import {
  HIERARCHY_DECLARATION_TEXT,
  MAX_CARRIER_TEXT_LENGTH,
  MAX_PLACE_LENGTH,
  NO_REGISTRATION_LABELS,
  type TransferPart,
} from "~/features/exchange/transfer-details";
import { MEANS_OF_TRANSPORT, REASONS_FOR_NO_REGISTRATION } from "../../../db/waste-values";
import { Link } from "~/lib/link";
import { FieldError } from "~/components/ui/field-error";

const input =
  "mt-1.5 block w-full rounded-lg border border-slate-300 px-3 py-2 text-slate-900 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none aria-invalid:border-red-500";
const label = "block text-sm font-medium text-slate-700";

/** The ids of the transfer fields, by the error keys the server answers with (ErrorSummary links them). */
export const TRANSFER_FIELD_IDS: Record<string, string> = {
  weight_is_estimate: "transfer-estimate",
  hierarchy_declaration: "transfer-declaration",
  place: "transfer-place",
  carrier: "transfer-carrier-name",
  "carrier.name": "transfer-carrier-name",
  "carrier.registration_number": "transfer-carrier-registration",
  "carrier.reason_for_no_registration": "transfer-carrier-reason",
  "carrier.means_of_transport": "transfer-carrier-transport",
  "carrier.vehicle_registration": "transfer-carrier-vehicle",
};

type Refused = { errors: Record<string, string>; values: Record<string, string> } | undefined;

function described(key: string, refused: Refused) {
  return refused?.errors[key] ? { "aria-invalid": true, "aria-describedby": `${TRANSFER_FIELD_IDS[key]}-error` } : {};
}

function TextField({ name, text, max, refused }: { name: string; text: string; max: number; refused: Refused }) {
  const id = TRANSFER_FIELD_IDS[name];
  return (
    <div>
      <label htmlFor={id} className={label}>
        {text}
      </label>
      <input
        id={id}
        name={name}
        maxLength={max}
        defaultValue={refused?.values[name] ?? ""}
        {...described(name, refused)}
        className={input}
      />
      <FieldError id={`${id}-error`}>{refused?.errors[name]}</FieldError>
    </div>
  );
}

function Choice({
  name,
  text,
  options,
  refused,
}: {
  name: string;
  text: string;
  options: { value: string; label: string }[];
  refused: Refused;
}) {
  const id = TRANSFER_FIELD_IDS[name];
  return (
    <div>
      <label htmlFor={id} className={label}>
        {text}
      </label>
      <select id={id} name={name} defaultValue={refused?.values[name] ?? ""} {...described(name, refused)} className={input}>
        <option value="">Choose…</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldError id={`${id}-error`}>{refused?.errors[name]}</FieldError>
    </div>
  );
}

/**
 * The transfer note's parts a party of a waste order gives on confirming completion: only those
 * they owe (the transferor's declaration and place, the carrier from whoever carries the waste),
 * and whether the weight is an estimate.
 */
export function TransferFields({
  owes,
  hasOrganisation,
  refused,
}: {
  owes: TransferPart[];
  hasOrganisation: boolean;
  refused: Refused;
}) {
  const carrierError = refused?.errors.carrier;
  return (
    <fieldset className="space-y-3 rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200">
      <legend className="px-1 text-sm font-semibold text-slate-900">For the waste transfer note</legend>
      {hasOrganisation ? null : (
        <p className="text-sm text-amber-900">
          The note names your business:{" "}
          <Link to="/app/settings/organisation" className="font-medium text-brand-700 underline">
            add your organisation&rsquo;s details
          </Link>{" "}
          before you confirm.
        </p>
      )}
      <label className="flex items-start gap-2 text-sm text-slate-700">
        <input
          id={TRANSFER_FIELD_IDS.weight_is_estimate}
          type="checkbox"
          name="weight_is_estimate"
          value="true"
          defaultChecked={refused?.values.weight_is_estimate === "true"}
          className="mt-1 accent-brand-600"
        />
        The weight is an estimate, not weighed
      </label>
      {owes.includes("hierarchy_declaration") ? (
        <div>
          <label className="flex items-start gap-2 text-sm text-slate-700">
            <input
              id={TRANSFER_FIELD_IDS.hierarchy_declaration}
              type="checkbox"
              name="hierarchy_declaration"
              value="true"
              defaultChecked={refused?.values.hierarchy_declaration === "true"}
              {...described("hierarchy_declaration", refused)}
              className="mt-1 accent-brand-600"
            />
            {HIERARCHY_DECLARATION_TEXT}
          </label>
          <FieldError id={`${TRANSFER_FIELD_IDS.hierarchy_declaration}-error`}>
            {refused?.errors.hierarchy_declaration}
          </FieldError>
        </div>
      ) : null}
      {owes.includes("place") ? (
        <TextField name="place" text="Where the waste changed hands" max={MAX_PLACE_LENGTH} refused={refused} />
      ) : null}
      {owes.includes("carrier") ? (
        <fieldset className="space-y-3">
          <legend className="text-sm font-semibold text-slate-900">Who carried it</legend>
          {carrierError ? <FieldError id="transfer-carrier-error">{carrierError}</FieldError> : null}
          <TextField name="carrier.name" text="Carrier's name" max={MAX_CARRIER_TEXT_LENGTH} refused={refused} />
          <TextField
            name="carrier.registration_number"
            text="Waste carrier registration number"
            max={MAX_CARRIER_TEXT_LENGTH}
            refused={refused}
          />
          <Choice
            name="carrier.reason_for_no_registration"
            text="Or, why there is none"
            options={REASONS_FOR_NO_REGISTRATION.map((value) => ({ value, label: NO_REGISTRATION_LABELS[value] }))}
            refused={refused}
          />
          <Choice
            name="carrier.means_of_transport"
            text="Means of transport"
            options={MEANS_OF_TRANSPORT.map((value) => ({ value, label: value }))}
            refused={refused}
          />
          <TextField name="carrier.vehicle_registration" text="Vehicle registration (optional)" max={20} refused={refused} />
        </fieldset>
      ) : null}
    </fieldset>
  );
}
