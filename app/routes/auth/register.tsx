import { useEffect, useState } from "react";
import { Form, redirect, useNavigation } from "react-router";
import { Link } from "~/lib/link";
import { ErrorMessage, Field, FormAlert, SubmitButton, useFormValidation } from "~/components/forms";
import { PasswordField } from "~/components/password-field";
import { ContinueToSignInDialog } from "~/components/sign-in-dialog";
import { toast } from "~/components/toaster";
import { clientAddress } from "~/services/http/api.server";
import { registerFormSchema } from "~/features/auth/schemas";
import { registerMember } from "~/features/auth/auth.server";
import { recordSignUpAcceptance, versionsToAccept } from "~/features/site/pages.server";
import { answerInPlace } from "~/services/http/form-action.server";
import { formDataObject, invalidInput } from "~/lib/forms";
import { getOptionalUser } from "~/services/session.server";
import { siteName, siteTitle } from "~/lib/site-title";
import type { Route } from "./+types/register";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: siteTitle(matches, "Create your account") },
  {
    name: "description",
    content: `Create a free ${siteName(matches)} account and join the waste collectors, recyclers, industrial buyers and logistics firms already on it.`,
  },
];

export async function loader({ request }: Route.LoaderArgs) {
  if (await getOptionalUser(request)) throw redirect("/app/dashboard");
  // The versions the links lead to, which the new member accepts (0: the shipped text).
  return { versions: await versionsToAccept() };
}

export async function action({ request, context }: Route.ActionArgs) {
  const parsed = registerFormSchema.safeParse(formDataObject(await request.formData()));
  if (!parsed.success) return answerInPlace(invalidInput(parsed.error));
  const outcome = await registerMember(parsed.data, clientAddress(context));
  if (outcome.ok) await recordSignUpAcceptance(outcome.user.id);
  // Done, the page shows its dialog: signing in is the member's next step, not a redirect.
  return answerInPlace(outcome.ok ? { ok: true } : outcome);
}

const versionNote = (version: number | undefined) => (version ? ` (version ${version})` : "");

export default function Register({ actionData, loaderData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const pending = navigation.state === "submitting";
  const refused = actionData?.ok === false ? actionData : undefined;
  const { errors, onSubmit, onChange } = useFormValidation(registerFormSchema, refused?.errors);
  const [successOpen, setSuccessOpen] = useState(() => Boolean(actionData?.ok));
  useEffect(() => {
    setSuccessOpen(Boolean(actionData?.ok));
    // Failures show the server's message or "Registration failed"; success shows no toast.
    if (actionData && !actionData.ok && actionData.message !== undefined) {
      toast({ type: "error", title: actionData.message || "Registration failed" });
    }
  }, [actionData]);

  return (
    <div>
      <h1 className="text-3xl font-bold text-slate-900">Create your account</h1>
      <p className="mt-2 text-slate-600">Join the circular-economy network in a minute.</p>
      <Form method="post" onSubmit={onSubmit} onChange={onChange} className="mt-8 space-y-5">
        <FormAlert>{refused?.message}</FormAlert>
        <Field
          label="Full name"
          error={errors.username}
          inputProps={{ name: "username", autoComplete: "name", placeholder: "Jane Doe" }}
        />
        <Field
          label="Email address"
          error={errors.email}
          inputProps={{ name: "email", type: "email", autoComplete: "email", placeholder: "you@company.com" }}
        />
        <PasswordField
          label="Password"
          error={errors.password}
          hint="At least 6 characters."
          inputProps={{ name: "password", autoComplete: "new-password", placeholder: "Create a password" }}
        />
        <PasswordField
          label="Confirm password"
          error={errors.confirmPassword}
          inputProps={{ name: "confirmPassword", autoComplete: "new-password", placeholder: "Repeat your password" }}
        />
        <div>
          <label className="flex items-start gap-2 text-sm text-slate-700">
            <input
              type="checkbox"
              name="terms"
              required
              aria-invalid={errors.terms ? true : undefined}
              aria-describedby={errors.terms ? "terms-error" : undefined}
              className="mt-0.5 size-4 rounded border-slate-300 accent-brand-600"
            />
            <span>
              I agree to the{" "}
              <Link to="/terms" className="font-medium text-brand-700 hover:underline">
                Terms of Service{versionNote(loaderData?.versions.terms)}
              </Link>{" "}
              and{" "}
              <Link to="/privacy" className="font-medium text-brand-700 hover:underline">
                Privacy Policy{versionNote(loaderData?.versions.privacy)}
              </Link>
            </span>
          </label>
          <ErrorMessage id="terms-error">{errors.terms}</ErrorMessage>
        </div>
        <SubmitButton pending={pending} pendingLabel="Creating account…">
          Create account
        </SubmitButton>
      </Form>
      <p className="mt-8 text-center text-sm text-slate-600">
        Already have an account?{" "}
        <Link to="/auth/login" className="font-semibold text-brand-700 hover:underline">
          Sign in
        </Link>
      </p>
      <ContinueToSignInDialog open={successOpen} title="Registration Successful!">
        Your account has been created. Sign in with your e-mail address and password to get started.
      </ContinueToSignInDialog>
    </div>
  );
}
