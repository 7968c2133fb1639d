import { MailCheck } from "~/components/icons";
import { Form } from "react-router";
import { SettingsPage, useSettingsForm } from "~/components/account/settings-page";
import { Field, FormAlert } from "~/components/forms";
import { PasswordField } from "~/components/password-field";
import { RouteError } from "~/components/route-error";
import { pendingEmailChange, requestEmailChange, requireAccountCaller } from "~/features/account/account.server";
import { changeEmailSchema } from "~/features/account/schemas";
import { formDataObject, invalidInput } from "~/lib/forms";
import { clientAddress } from "~/services/http/api.server";
import { answerForm, answerInPlace } from "~/services/http/form-action.server";
import { siteTitle } from "~/lib/site-title";
import type { Route } from "./+types/settings-email";
import { PendingButton } from "~/components/ui/pending-button";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: siteTitle(matches, "E-mail address · Settings") }];

export async function loader({ request }: Route.LoaderArgs) {
  const { user } = await requireAccountCaller(request);
  return { email: user.email, pending: await pendingEmailChange(user.id) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const caller = await requireAccountCaller(request);
  const form = await request.formData();
  const values = formDataObject(form);
  const parsed = changeEmailSchema.safeParse(values);
  if (!parsed.success) return answerInPlace({ ...invalidInput(parsed.error), email: String(values.email ?? "") });
  const outcome = await requestEmailChange(caller, parsed.data, clientAddress(context));
  if (!outcome.ok) return answerInPlace({ ...outcome, email: parsed.data.email });
  return answerForm(form, { ok: true, message: outcome.message }, { returnTo: "/app/settings/email" });
}

export default function SettingsEmail({ loaderData, actionData }: Route.ComponentProps) {
  const { email, pending: waiting } = loaderData;
  const { pending, refused, errors, formError, formProps } = useSettingsForm(changeEmailSchema, actionData);
  return (
    <SettingsPage
      id="email-title"
      title="Change your e-mail address"
      intro={
        <>
          You sign in with <strong className="font-semibold break-all text-slate-900">{email}</strong>. We send a link to the new
          address, and nothing changes until it is opened (within 15 minutes); your current address is told of the request.
        </>
      }
    >
      {waiting ? (
        <p className="mt-4 flex items-start gap-2 rounded-lg bg-brand-50 px-4 py-3 text-sm text-brand-900">
          <MailCheck aria-hidden className="mt-0.5 size-4 shrink-0" />
          <span className="min-w-0 break-all">
            A link is waiting at <strong className="font-semibold">{waiting.new_email}</strong>: open it to use that address.
            Asking again replaces it.
          </span>
        </p>
      ) : null}
      <Form {...formProps} className="mt-6 max-w-md space-y-5" key={refused ? `refused-${refused.email}` : "fresh"}>
        <FormAlert>{formError}</FormAlert>
        <Field
          label="New e-mail address"
          error={errors.email}
          inputProps={{ name: "email", type: "email", autoComplete: "email", required: true, defaultValue: refused?.email ?? "" }}
        />
        <PasswordField
          label="Your password"
          error={errors.password}
          inputProps={{ name: "password", autoComplete: "current-password", required: true }}
        />
        <PendingButton pending={pending} label="Send the confirmation link" pendingLabel="Sending the link…" />
      </Form>
    </SettingsPage>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} links={[{ to: "/app/settings", label: "Back to Settings" }]} />;
}
