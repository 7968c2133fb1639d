import { CheckCircle2, Circle, KeyRound, ShieldAlert } from "~/components/icons";
import { useEffect, useState } from "react";
import { Form, useNavigation } from "react-router";
import { Link } from "~/lib/link";
import { FormAlert, SubmitButton, useFormValidation } from "~/components/forms";
import { PasswordField } from "~/components/password-field";
import { ContinueToSignInDialog } from "~/components/sign-in-dialog";
import { toast } from "~/components/toaster";
import { clientAddress } from "~/services/http/api.server";
import { INVALID_RESET_LINK, passwordRequirements, resetPasswordFormSchema } from "~/features/auth/schemas";
import { isResetTokenValid, resetPassword } from "~/features/auth/auth.server";
import { answerInPlace } from "~/services/http/form-action.server";
import { formDataObject, invalidInput, type FieldErrors } from "~/lib/forms";
import { siteName, siteTitle } from "~/lib/site-title";
import type { Route } from "./+types/reset-password";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: siteTitle(matches, "Set a new password") },
  {
    name: "description",
    content: `Set a new password for your ${siteName(matches)} account with the link we e-mailed you.`,
  },
];

// The token is in the URL: never leak it in a Referer header or keep the page in a cache.
export const headers: Route.HeadersFunction = () => ({ "Referrer-Policy": "no-referrer", "Cache-Control": "no-store" });

const RESET_FAILED = "Failed to reset password. Please try again.";

export async function loader({ url }: Route.LoaderArgs) {
  const token = url.searchParams.get("token") ?? "";
  // A link without a token is invalid at once.
  const valid = token.length > 0 && token.length <= 200 && (await isResetTokenValid(token));
  return { token, valid };
}

export async function action({ request, context }: Route.ActionArgs) {
  const parsed = resetPasswordFormSchema.safeParse(formDataObject(await request.formData()));
  if (!parsed.success) {
    const refused = invalidInput(parsed.error);
    // A missing or malformed token is a link that cannot work: the page says so instead of the form.
    return answerInPlace(refused.errors.token ? { ok: false, reason: "invalid-link", errors: {} } : refused);
  }
  const outcome = await resetPassword(parsed.data.token, parsed.data.password, clientAddress(context));
  if (!outcome.ok) {
    // Any other refusal is said at the password field: the new password is what the member can change.
    const errors: FieldErrors = outcome.reason === "invalid-link" ? {} : { password: outcome.message || RESET_FAILED };
    return answerInPlace({ ...outcome, errors });
  }
  return answerInPlace({ ok: true });
}

function InvalidLink() {
  return (
    <div className="text-center">
      <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-red-50">
        <ShieldAlert aria-hidden className="size-7 text-red-600" />
      </span>
      <h1 className="mt-5 text-2xl font-bold text-slate-900">Link not valid</h1>
      <p className="mt-3 text-slate-600" role="alert">
        {INVALID_RESET_LINK}
      </p>
      <div className="mt-8 flex flex-col gap-3">
        <Link
          to="/auth/forgot-password"
          className="rounded-lg bg-brand-600 px-4 py-2.5 font-semibold text-white hover:bg-brand-700"
        >
          Request a new link
        </Link>{" "}
        <Link
          to="/auth/login"
          className="rounded-lg px-4 py-2.5 font-semibold text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50"
        >
          Back to Sign In
        </Link>
      </div>
    </div>
  );
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const validating = navigation.state === "loading" && navigation.location.pathname === "/auth/reset-password";
  const refused = actionData?.ok === false ? actionData : undefined;
  const linkInvalid = refused?.reason === "invalid-link";
  const { errors, onSubmit, onChange } = useFormValidation(resetPasswordFormSchema, refused?.errors);
  const [password, setPassword] = useState("");
  const [doneOpen, setDoneOpen] = useState(() => Boolean(actionData?.ok));

  useEffect(() => {
    setDoneOpen(Boolean(actionData?.ok));
    if (refused?.message && !linkInvalid) toast({ type: "error", title: refused.message });
  }, [actionData, refused?.message, linkInvalid]);

  if (validating) {
    return (
      <p className="flex items-center justify-center gap-3 text-slate-600" role="status">
        <span aria-hidden className="size-5 animate-spin rounded-full border-2 border-brand-200 border-t-brand-600" />
        Validating your reset link…
      </p>
    );
  }
  if (!actionData?.ok && (!loaderData.valid || linkInvalid)) return <InvalidLink />;

  return (
    <div>
      <span className="flex size-12 items-center justify-center rounded-xl bg-brand-50">
        <KeyRound aria-hidden className="size-6 text-brand-600" />
      </span>
      <h1 className="mt-5 text-3xl font-bold text-slate-900">Set a new password</h1>
      <p className="mt-2 text-slate-600">Choose a strong password you don&apos;t use anywhere else.</p>
      <Form method="post" onSubmit={onSubmit} onChange={onChange} className="mt-8 space-y-5">
        <input type="hidden" name="token" value={loaderData.token} />
        <FormAlert>{refused?.message && !refused.errors.password ? refused.message : undefined}</FormAlert>
        <PasswordField
          label="New password"
          error={errors.password}
          inputProps={{
            name: "password",
            autoComplete: "new-password",
            value: password,
            onChange: (event) => setPassword(event.target.value),
            placeholder: "At least 8 characters",
          }}
        />
        <ul className="grid grid-cols-1 gap-1.5 text-sm sm:grid-cols-2" aria-label="Password requirements">
          {passwordRequirements.map((requirement) => {
            const met = requirement.test(password);
            return (
              <li key={requirement.label} className={`flex items-center gap-2 ${met ? "text-brand-700" : "text-slate-500"}`}>
                {met ? <CheckCircle2 aria-hidden className="size-4" /> : <Circle aria-hidden className="size-4" />}
                {requirement.label}
                <span className="sr-only">{met ? "(met)" : "(not met yet)"}</span>
              </li>
            );
          })}
        </ul>
        <PasswordField
          label="Confirm new password"
          error={errors.confirmPassword}
          inputProps={{ name: "confirmPassword", autoComplete: "new-password", placeholder: "Repeat the new password" }}
        />
        <SubmitButton pending={navigation.state === "submitting"} pendingLabel="Resetting…">
          Reset Password
        </SubmitButton>
      </Form>
      <ContinueToSignInDialog open={doneOpen} title="Password Reset Successful!">
        Your password has been changed and every other session was signed out. Sign in with your new password.
      </ContinueToSignInDialog>
    </div>
  );
}
