import { Form } from "react-router";
import { SettingsPage, useSettingsForm } from "~/components/account/settings-page";
import { FormAlert } from "~/components/forms";
import { PasswordField } from "~/components/password-field";
import { RouteError } from "~/components/route-error";
import { changePassword, requireAccountCaller } from "~/features/account/account.server";
import { changePasswordFormSchema } from "~/features/account/schemas";
import { passwordRequirements } from "~/features/auth/schemas";
import { formDataObject, invalidInput } from "~/lib/forms";
import { clientAddress } from "~/services/http/api.server";
import { answerForm, answerInPlace } from "~/services/http/form-action.server";
import { siteTitle } from "~/lib/site-title";
import type { Route } from "./+types/settings-password";
import { PendingButton } from "~/components/ui/pending-button";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: siteTitle(matches, "Password · Settings") }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAccountCaller(request);
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const caller = await requireAccountCaller(request);
  const form = await request.formData();
  const parsed = changePasswordFormSchema.safeParse(formDataObject(form));
  if (!parsed.success) return answerInPlace(invalidInput(parsed.error));
  const outcome = await changePassword(caller, parsed.data, clientAddress(context));
  if (!outcome.ok) return answerInPlace(outcome);
  // Done: back to Settings, where the toast says so (a script follows the redirect too).
  return answerForm(form, { ok: true, message: outcome.message }, { returnTo: "/app/settings" });
}

export default function SettingsPassword({ actionData }: Route.ComponentProps) {
  const { pending, errors, formError, formProps } = useSettingsForm(changePasswordFormSchema, actionData);
  return (
    <SettingsPage
      id="password-title"
      title="Change your password"
      intro="Your current password proves it is you. Every other browser or app signed in to your account is signed out; this one stays signed in, and we e-mail you that it happened."
    >
      <Form {...formProps} className="mt-6 max-w-md space-y-5">
        <FormAlert>{formError}</FormAlert>
        <PasswordField
          label="Current password"
          error={errors.current_password}
          inputProps={{ name: "current_password", autoComplete: "current-password", required: true }}
        />
        <PasswordField
          label="New password"
          error={errors.new_password}
          hint={`${passwordRequirements.map((rule) => rule.label).join(", ")}.`}
          inputProps={{ name: "new_password", autoComplete: "new-password", required: true, minLength: 8 }}
        />
        <PasswordField
          label="Confirm the new password"
          error={errors.confirm_password}
          inputProps={{ name: "confirm_password", autoComplete: "new-password", required: true }}
        />
        <PendingButton pending={pending} label="Change password" pendingLabel="Changing…" />
      </Form>
    </SettingsPage>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} links={[{ to: "/app/settings", label: "Back to Settings" }]} />;
}
