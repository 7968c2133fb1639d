import { ArrowLeft } from "~/components/icons";
import { Form, useNavigation } from "react-router";
import { Link } from "~/lib/link";
import { RouteError } from "~/components/route-error";
import { getNotificationPreferences, updateNotificationPreferences } from "~/features/notifications/queries.server";
import { preferencesFromForm } from "~/features/notifications/schemas";
import { EMAIL_MODE_LABELS, EMAIL_MODES, PREFERENCE_TYPES, TYPE_LABELS } from "~/features/notifications/vocabulary";
import { ignoreWhilePending } from "~/lib/forms";
import { answerForm, answerInPlace } from "~/services/http/form-action.server";
import { requireUser } from "~/services/session.server";
import { siteTitle } from "~/lib/site-title";
import type { Route } from "./+types/settings-notifications";
import { PendingButton } from "~/components/ui/pending-button";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: siteTitle(matches, "Notifications · Settings") }];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  return { preferences: await getNotificationPreferences(user.id) };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const form = await request.formData();
  const change = preferencesFromForm(form);
  if ("error" in change)
    return answerInPlace({ ok: false, reason: "invalid", message: change.error, errors: { form: change.error } });
  await updateNotificationPreferences(user.id, change);
  return answerForm(form, { ok: true, message: "Notification settings saved" }, { returnTo: "/app/settings/notifications" });
}

export default function SettingsNotifications({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const pending = navigation.state === "submitting";
  const { preferences } = loaderData;
  const refused = actionData?.ok === false ? actionData : undefined;

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <Link to="/app/settings" className="inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 hover:underline">
        <ArrowLeft aria-hidden className="size-4" /> Back to Settings
      </Link>
      <section aria-labelledby="notifications-title" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
        <h2 id="notifications-title" className="text-2xl font-bold text-slate-900">
          Notifications
        </h2>
        <p className="mt-2 text-slate-600">
          For each kind of news: whether it shows under the bell, and whether it comes by e-mail at once, in one daily digest of
          what you have not read, or not at all. The daily digest lists notifications from the bell, so it needs &ldquo;In the
          app&rdquo; on.
        </p>
        {refused ? (
          <p role="alert" className="mt-4 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
            {refused.message}
          </p>
        ) : null}
        <Form method="post" onSubmit={ignoreWhilePending(pending)} className="mt-6 space-y-4">
          <ul className="divide-y divide-slate-100">
            {PREFERENCE_TYPES.map((type) => (
              <li key={type}>
                <fieldset className="flex flex-wrap items-center gap-x-6 gap-y-2 py-3">
                  <legend className="float-left w-full min-w-0 font-medium break-words text-slate-900 sm:w-64 sm:pr-4">
                    {TYPE_LABELS[type]}
                  </legend>
                  <label className="flex items-center gap-2 text-sm text-slate-700">
                    <input
                      type="checkbox"
                      name={`${type}.in_app`}
                      defaultChecked={preferences[type].in_app}
                      className="size-4 accent-brand-600"
                    />
                    In the app
                  </label>{" "}
                  <label className="flex items-center gap-2 text-sm text-slate-700">
                    E-mail
                    <select
                      name={`${type}.email`}
                      defaultValue={preferences[type].email}
                      className="rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm"
                    >
                      {EMAIL_MODES.map((mode) => (
                        <option key={mode} value={mode}>
                          {EMAIL_MODE_LABELS[mode]}
                        </option>
                      ))}
                    </select>
                  </label>
                </fieldset>
              </li>
            ))}
          </ul>
          <div className="flex flex-wrap items-center gap-3">
            <PendingButton pending={pending} label="Save notification settings" pendingLabel="Saving…" />
            <Link to="/app/notifications" className="text-sm font-medium text-brand-700 hover:underline">
              See your notifications
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
