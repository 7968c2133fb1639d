import { ArrowLeft, MailCheck } from "~/components/icons";
import { useEffect, useRef, useState } from "react";
import { Form, useNavigation, useSubmit } from "react-router";
import { Link } from "~/lib/link";
import { Field, SubmitButton, useFormValidation } from "~/components/forms";
import { Modal } from "~/components/modal";
import { toast } from "~/components/toaster";
import { clientAddress } from "~/services/http/api.server";
import { forgotPasswordSchema } from "~/features/auth/schemas";
import { requestPasswordReset } from "~/features/auth/auth.server";
import { answerInPlace } from "~/services/http/form-action.server";
import { formDataObject, invalidInput } from "~/lib/forms";
import { siteName, siteTitle } from "~/lib/site-title";
import type { Route } from "./+types/forgot-password";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: siteTitle(matches, "Forgot password") },
  {
    name: "description",
    content: `Forgot your ${siteName(matches)} password? Enter your e-mail address and we send you a link to set a new one.`,
  },
];

/** With scripts, the success dialog follows a 3-second wait. */
export const SUCCESS_DIALOG_DELAY_MS = 3000;
const SEND_FAILED = "Failed to send reset email. Please try again.";

export async function action({ request, context }: Route.ActionArgs) {
  const parsed = forgotPasswordSchema.safeParse(formDataObject(await request.formData()));
  if (!parsed.success) return answerInPlace(invalidInput(parsed.error));
  const { email } = parsed.data;
  const outcome = await requestPasswordReset(email, clientAddress(context));
  if (!outcome.ok) {
    const message = outcome.message || SEND_FAILED;
    return answerInPlace({ ...outcome, message, errors: { email: message }, email });
  }
  return answerInPlace({ ok: true, email });
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const submit = useSubmit();
  const form = useRef<HTMLFormElement>(null);
  const { errors, onSubmit, onChange } = useFormValidation(
    forgotPasswordSchema,
    actionData?.ok === false ? actionData.errors : undefined,
  );
  const [email, setEmail] = useState(actionData && "email" in actionData ? actionData.email : "");
  // Without scripts the dialog is part of the server's answer; with them it waits 3 seconds.
  const [dialogOpen, setDialogOpen] = useState(() => Boolean(actionData?.ok));
  const [waiting, setWaiting] = useState(false);

  useEffect(() => {
    if (!actionData) return;
    // A refusal of the request itself (not of what was typed) is also said as a toast.
    if (!actionData.ok && actionData.message) toast({ type: "error", title: actionData.message });
    if (!actionData.ok) return;
    setDialogOpen(false);
    setWaiting(true);
    const timer = setTimeout(() => {
      setWaiting(false);
      setDialogOpen(true);
    }, SUCCESS_DIALOG_DELAY_MS);
    return () => clearTimeout(timer);
  }, [actionData]);

  const sending = navigation.state === "submitting" || waiting;
  const sentTo = actionData?.ok ? actionData.email : "";

  return (
    <div>
      <Link to="/auth/login" className="inline-flex items-center gap-1.5 text-sm font-medium text-slate-600 hover:text-slate-900">
        <ArrowLeft aria-hidden className="size-4" /> Back to Sign In
      </Link>
      <h1 className="mt-6 text-3xl font-bold text-slate-900">Forgot your password?</h1>
      <p className="mt-2 text-slate-600">
        Enter the e-mail address of your account and we will send you a link to set a new password.
      </p>
      <Form ref={form} method="post" onSubmit={onSubmit} onChange={onChange} className="mt-8 space-y-5">
        <Field
          label="Email address"
          error={errors.email}
          inputProps={{
            name: "email",
            type: "email",
            autoComplete: "email",
            placeholder: "you@company.com",
            value: email,
            onChange: (event) => setEmail(event.target.value),
          }}
        />
        <SubmitButton pending={sending} pendingLabel="Sending…">
          Send Reset Link
        </SubmitButton>
      </Form>
      <Modal
        open={dialogOpen}
        title="Reset Link Sent!"
        onClose={() => setDialogOpen(false)}
        closeHref="/auth/forgot-password"
        size="sm"
        icon={<MailCheck aria-hidden className="size-12 text-brand-600" />}
      >
        <p className="text-slate-600">
          If an account exists for <strong className="break-all text-slate-900">{sentTo}</strong>, we have sent it a link to reset
          your password.
        </p>
        <p className="mt-3 text-sm text-slate-600">
          The link expires in 15 minutes. If you don&apos;t see the e-mail, check your spam folder.
        </p>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row">
          <Link
            to="/auth/forgot-password"
            replace
            onClick={(event) => {
              event.preventDefault();
              setDialogOpen(false);
              setEmail("");
            }}
            className="flex flex-1 justify-center rounded-lg bg-brand-600 px-4 py-2.5 font-semibold text-white hover:bg-brand-700"
          >
            Got it
          </Link>
          <Form
            method="post"
            className="flex-1"
            onSubmit={(event) => {
              event.preventDefault();
              setDialogOpen(false);
              submit({ email: sentTo }, { method: "post" });
            }}
          >
            <input type="hidden" name="email" value={sentTo} />
            <button
              type="submit"
              className="w-full rounded-lg px-4 py-2.5 font-semibold text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50"
            >
              Resend
            </button>
          </Form>
        </div>
      </Modal>
    </div>
  );
}
