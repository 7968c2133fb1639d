import { TriangleAlert } from "~/components/icons";
import { Form } from "react-router";
import { dangerButton } from "~/components/ui/button";
import { SettingsPage, useSettingsForm } from "~/components/account/settings-page";
import { FormAlert } from "~/components/forms";
import { PasswordField } from "~/components/password-field";
import { RouteError } from "~/components/route-error";
import { requireAccountCaller } from "~/features/account/account.server";
import { deleteAccount, deletionBlocker } from "~/features/account/delete.server";
import { WHAT_GOES, WHAT_STAYS } from "~/features/account/rules";
import { deleteAccountSchema } from "~/features/account/schemas";
import { formDataObject, invalidInput } from "~/lib/forms";
import { clientAddress } from "~/services/http/api.server";
import { answerForm, answerInPlace } from "~/services/http/form-action.server";
import { clearSessionCookie } from "~/services/session.server";
import { siteTitle } from "~/lib/site-title";
import type { Route } from "./+types/settings-delete";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: siteTitle(matches, "Delete your account · Settings") }];

export async function loader({ request }: Route.LoaderArgs) {
  const { user } = await requireAccountCaller(request);
  return { blocked: await deletionBlocker(user.id) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { user } = await requireAccountCaller(request);
  const form = await request.formData();
  const parsed = deleteAccountSchema.safeParse(formDataObject(form));
  if (!parsed.success) return answerInPlace(invalidInput(parsed.error));
  const outcome = await deleteAccount(user.id, parsed.data.password, clientAddress(context));
  if (!outcome.ok) return answerInPlace(outcome);
  // The session is gone with the account: the cookie goes too, and the member lands on the public page.
  const done = { ok: true as const, message: outcome.message };
  return answerForm({}, done, { returnTo: "/", headers: { "Set-Cookie": clearSessionCookie() } });
}

export default function SettingsDelete({ loaderData, actionData }: Route.ComponentProps) {
  const { blocked } = loaderData;
  const { pending, errors, formError, formProps } = useSettingsForm(deleteAccountSchema, actionData);
  return (
    <SettingsPage
      id="delete-title"
      title="Delete your account"
      intro="Deleting your account cannot be undone. Download your data first if you want to keep a copy."
    >
      <div className="mt-6 grid gap-6 md:grid-cols-2">
        <div>
          <h3 className="font-semibold text-slate-900">What goes, at once</h3>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700">
            {WHAT_GOES.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
        <div>
          <h3 className="font-semibold text-slate-900">What stays for the other party</h3>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700">
            {WHAT_STAYS.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
      </div>
      <p className="mt-4 text-sm text-slate-600">Your e-mail address is freed: you can register with it again later.</p>
      {blocked && !formError ? (
        <p role="status" className="mt-6 flex items-start gap-2 rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900">
          <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
          <span className="min-w-0">{blocked}</span>
        </p>
      ) : null}
      <Form {...formProps} className="mt-6 max-w-md space-y-5">
        <FormAlert>{formError}</FormAlert>
        <PasswordField
          label="Your password"
          error={errors.password}
          hint="To be sure it is you."
          inputProps={{ name: "password", autoComplete: "current-password", required: true }}
        />
        <button type="submit" aria-disabled={pending || undefined} className={dangerButton}>
          {pending ? "Deleting…" : "Delete my account"}
        </button>
      </Form>
    </SettingsPage>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} links={[{ to: "/app/settings", label: "Back to Settings" }]} />;
}
