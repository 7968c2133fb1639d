import { ArrowLeft } from "~/components/icons";
import { Form, useNavigation } from "react-router";
import { Link } from "~/lib/link";
import { Field, useFormValidation } from "~/components/forms";
import { RouteError } from "~/components/route-error";
import { CATEGORIES, labelOf, POST_TYPES } from "~/features/community/vocabulary";
import { ignoreWhilePending } from "~/lib/forms";
import { getPreferences, updatePreferences } from "~/features/community/store/preferences.server";
import { preferencesErrors, preferencesFormSchema, preferencesFormValues } from "~/features/community/preferences";
import { answerForm, answerInPlace } from "~/services/http/form-action.server";
import { requireUser } from "~/services/session.server";
import { useHydrated } from "~/lib/use-hydrated";
import { siteTitle } from "~/lib/site-title";
import type { Route } from "./+types/settings-preferences";
import { PendingButton } from "~/components/ui/pending-button";
import { FieldError } from "~/components/ui/field-error";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: siteTitle(matches, "Feed preferences · Settings") }];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  return { preferences: await getPreferences(user.id) };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const form = await request.formData();
  const values = preferencesFormValues(form);
  const parsed = preferencesFormSchema.safeParse(values);
  if (!parsed.success) return answerInPlace({ ok: false, reason: "invalid", errors: preferencesErrors(parsed.error), values });
  await updatePreferences(user.id, parsed.data);
  return answerForm(form, { ok: true, message: "Preferences saved" }, { returnTo: "/app/settings/preferences" });
}

function Choices({
  legend,
  hint,
  name,
  options,
  chosen,
  error,
}: {
  legend: string;
  hint: string;
  name: string;
  options: readonly string[];
  chosen: readonly string[];
  error?: string;
}) {
  const hintId = `${name}-hint`;
  const errorId = `${name}-error`;
  return (
    <fieldset aria-describedby={error ? `${hintId} ${errorId}` : hintId}>
      <legend className="text-sm font-semibold text-slate-900">{legend}</legend>
      <p id={hintId} className="mt-1 text-sm text-slate-500">
        {hint}
      </p>
      <div className="mt-3 grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
        {options.map((value) => (
          <label
            key={value}
            className="flex items-center gap-2 rounded-lg px-3 py-2 text-sm text-slate-800 ring-1 ring-slate-200 has-checked:bg-brand-50 has-checked:ring-brand-600"
          >
            <input
              type="checkbox"
              name={name}
              value={value}
              defaultChecked={chosen.includes(value)}
              className="size-4 accent-brand-600"
            />
            {labelOf(value)}
          </label>
        ))}
      </div>
      <FieldError id={errorId}>{error}</FieldError>
    </fieldset>
  );
}

export default function SettingsPreferences({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const hydrated = useHydrated();
  // A save that works leaves for the page again: the action's data is only ever a refusal.
  const refused = actionData?.ok === false ? actionData : undefined;
  const { errors, onSubmit, onChange } = useFormValidation(preferencesFormSchema, refused?.errors);
  const saved = loaderData.preferences;
  // After a refused save the form shows what the member sent, beside the reasons.
  const shown = refused
    ? {
        categories: refused.values.categories.map(String),
        post_types: refused.values.post_types.map(String),
        location: String(refused.values.location),
      }
    : { ...saved, location: saved.location ?? "" };
  const pending = navigation.state === "submitting";

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <Link to="/app/settings" className="inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 hover:underline">
        <ArrowLeft aria-hidden className="size-4" /> Back to Settings
      </Link>
      <section aria-labelledby="preferences-title" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
        <h2 id="preferences-title" className="text-2xl font-bold text-slate-900">
          Feed preferences
        </h2>
        <p className="mt-2 text-slate-600">
          What you want more of in the community: For You ranks posts of these categories and types higher, and Local shows posts
          from your location when you give no other.
        </p>
        <Form
          method="post"
          noValidate={hydrated}
          onSubmit={(event) => {
            ignoreWhilePending(pending)(event);
            if (!event.defaultPrevented) onSubmit(event);
          }}
          onChange={onChange}
          className="mt-6 space-y-8"
          // A refused save renders the form again with what was sent.
          key={refused ? JSON.stringify(refused.values) : "saved"}
        >
          <Choices
            legend="Categories"
            hint="Choose any; none means every category is welcome."
            name="categories"
            options={CATEGORIES}
            chosen={shown.categories}
            error={errors.categories}
          />
          <Choices
            legend="Post types"
            hint="Choose any; none means every type is welcome."
            name="post_types"
            options={POST_TYPES}
            chosen={shown.post_types}
            error={errors.post_types}
          />
          <div className="max-w-sm">
            <Field
              label="Location"
              error={errors.location}
              hint="A town or region, as posts name it. Leave it empty for anywhere."
              inputProps={{ name: "location", defaultValue: shown.location, maxLength: 100, autoComplete: "address-level2" }}
            />
          </div>
          <div className="flex flex-wrap items-center gap-3">
            <PendingButton pending={pending} label="Save preferences" pendingLabel="Saving…" />
            <Link to="/app/community" className="text-sm font-medium text-brand-700 hover:underline">
              See your feed
            </Link>
          </div>
        </Form>
      </section>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} links={[{ to: "/app/settings", label: "Back to Settings" }]} />;
}
