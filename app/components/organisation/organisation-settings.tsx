import { Form } from "react-router";
import { SettingsPage, useSettingsForm } from "~/components/account/settings-page";
import { ErrorMessage, Field, FormAlert, TextAreaField } from "~/components/forms";
import { PendingButton } from "~/components/ui/pending-button";
import { ORGANISATION_ROLES, ROLE_LABELS, organisationFormSchema, type Organisation } from "~/features/organisation/schemas";
import type { FieldErrors } from "~/lib/forms";

type Values = Record<string, string | string[] | undefined>;
type ActionData = { ok: true } | { ok: false; errors: FieldErrors; message?: string; values?: Values } | undefined;

/** The organisation's form: what a waste transfer note names, refused fields shown beside themselves with what was typed. */
export function OrganisationSettings({
  organisation,
  actionData,
}: {
  organisation: Organisation | null;
  actionData: ActionData;
}) {
  const { pending, refused, errors, formError, formProps } = useSettingsForm(organisationFormSchema, actionData);
  const typed = refused?.values;
  const value = (name: keyof Organisation) => {
    const shown = typed ? typed[name] : organisation?.[name];
    return typeof shown === "string" ? shown : "";
  };
  const roles: readonly string[] = typed ? [typed.roles ?? []].flat() : (organisation?.roles ?? []);
  const text = (
    name: keyof Organisation,
    label: string,
    extra: { hint?: string; autoComplete?: string; required?: boolean } = {},
  ) => (
    <Field
      label={label}
      error={errors[name]}
      hint={extra.hint}
      inputProps={{ name, autoComplete: extra.autoComplete, required: extra.required, defaultValue: value(name) }}
    />
  );
  return (
    <SettingsPage
      id="organisation-title"
      title="Your organisation"
      intro="The business a waste transfer note names for you. You need it only to trade waste; anything else you can trade without it."
    >
      {/* Saved, the page comes back where it was (preventScrollReset), the focus on the save button (useSettingsForm). */}
      <Form
        {...formProps}
        preventScrollReset
        className="mt-6 max-w-xl space-y-5"
        key={refused ? "refused" : (organisation?.updated_at ?? "new")}
      >
        <FormAlert>{formError}</FormAlert>
        {text("legal_name", "Legal name", { autoComplete: "organization", required: true })}
        <TextAreaField
          label="Address"
          error={errors.address}
          textareaProps={{
            name: "address",
            rows: 3,
            required: true,
            autoComplete: "street-address",
            defaultValue: value("address"),
          }}
        />
        {text("postcode", "Postcode", { autoComplete: "postal-code", required: true })}
        {text("country", "Country", { hint: "Its two-letter code, such as GB or IE.", autoComplete: "country", required: true })}
        {text("sic_code", "SIC code", { hint: "Five digits (SIC 2007), such as 38320.", required: true })}
        <fieldset aria-describedby={errors.roles ? "roles-error" : undefined}>
          <legend className="block text-sm font-medium text-slate-700">Roles in the waste trade</legend>
          <div className="mt-2 space-y-2">
            {ORGANISATION_ROLES.map((role) => (
              <label key={role} className="flex items-center gap-2 text-sm text-slate-700">
                <input type="checkbox" name="roles" value={role} defaultChecked={roles.includes(role)} className="size-4" />
                {ROLE_LABELS[role]}
              </label>
            ))}
          </div>
          <ErrorMessage id="roles-error">{errors.roles}</ErrorMessage>
        </fieldset>
        {text("carrier_registration", "Waste carrier, broker or dealer registration", {
          hint: "Needed by a carrier, broker or dealer: CBDU…, CBDL…, WCR/R/…, SCO/… or ROC UT/LT ….",
        })}
        {text("permit_number", "Environmental permit number", { hint: "Needed by a permit holder, such as EPR/AB1234CD." })}
        {text("exemption_reference", "Waste exemption reference", { hint: "Needed by an exempt business, such as WEX123456." })}
        {text("site_name", "Site name", { hint: "Optional: the site the waste leaves or reaches." })}
        <PendingButton pending={pending} label="Save the organisation" pendingLabel="Saving…" />
      </Form>
    </SettingsPage>
  );
}
