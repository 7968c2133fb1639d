import { useEffect } from "react";
import { Form, redirect, useNavigation, useSearchParams } from "react-router";
import { Link } from "~/lib/link";
import { useSite } from "~/components/brand";
import { FormAlert, Field, SubmitButton, useFormValidation } from "~/components/forms";
import { PasswordField } from "~/components/password-field";
import { toast } from "~/components/toaster";
import { loginSchema } from "~/features/auth/schemas";
import { welcomeOf } from "~/features/account/account.server";
import { signIn } from "~/features/auth/auth.server";
import { clientAddress } from "~/services/http/api.server";
import { formDataObject, invalidInput } from "~/lib/forms";
import { safeRedirect } from "~/lib/safe-redirect";
import { signedOutSentence } from "~/lib/signed-out";
import { answerForm, answerInPlace } from "~/services/http/form-action.server";
import { getOptionalUser, sessionCookie, userAgentOf } from "~/services/session.server";
import { siteName, siteTitle } from "~/lib/site-title";
import type { Route } from "./+types/login";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: siteTitle(matches, "Sign in") },
  {
    name: "description",
    content: `Sign in to ${siteName(matches)} to reach your dashboard, the marketplace, the community and the education hub.`,
  },
];

/** A refusal that says when to try again (too many attempts, a busy server) says it in Retry-After too. */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
};

/** After signing in, the page the member asked for: only a page of the member area. */
const memberPage = (target: unknown) => safeRedirect(target, { within: "/app", fallback: "/app/dashboard" });

export async function loader({ request, url }: Route.LoaderArgs) {
  // Signed in already (perhaps in another tab): go where the member was heading.
  if (await getOptionalUser(request)) {
    throw redirect(memberPage(url.searchParams.get("redirectTo")));
  }
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const parsed = loginSchema.safeParse(formDataObject(form));
  if (!parsed.success) return answerInPlace(invalidInput(parsed.error));
  const outcome = await signIn(parsed.data, clientAddress(context), userAgentOf(request));
  if (!outcome.ok) return answerInPlace(outcome);
  return answerForm(
    form,
    {
      ok: true,
      message: `${await welcomeOf({ sessionId: outcome.sessionId, userId: outcome.user.id })}, ${outcome.user.username}!`,
    },
    { returnTo: memberPage(parsed.data.redirectTo), headers: { "Set-Cookie": sessionCookie(outcome.token, outcome) } },
  );
}

export default function Login({ actionData }: Route.ComponentProps) {
  const site = useSite();
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formAction?.startsWith("/auth/login") === true;
  // A login that works leaves this page: the page only ever comes back with a refusal.
  const refused = actionData?.ok === false ? actionData : undefined;
  const { errors, onSubmit, onChange } = useFormValidation(loginSchema, refused?.errors);
  const formError = refused?.message;
  // Why this device was signed out, when its session was ended elsewhere; gone once a sign-in is refused.
  const signedOut = refused ? null : signedOutSentence(searchParams.get("signedOut"));

  useEffect(() => {
    // A failed login shows the server's message (or "Login failed") as an error toast.
    if (refused && !refused.errors.email && !refused.errors.password) {
      toast({ type: "error", title: formError || "Login failed" });
    }
  }, [refused, formError]);

  return (
    <div>
      <h1 className="text-3xl font-bold text-slate-900">Welcome back</h1>
      <p className="mt-2 text-slate-600">Sign in to your {site.name} account.</p>
      {signedOut && (
        <p role="status" className="mt-6 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-800">
          {signedOut}
        </p>
      )}
      <Form method="post" replace onSubmit={onSubmit} onChange={onChange} className="mt-8 space-y-5">
        <input type="hidden" name="redirectTo" value={searchParams.get("redirectTo") ?? ""} />
        <FormAlert>{formError}</FormAlert>
        <Field
          label="Email address"
          error={errors.email}
          inputProps={{ name: "email", type: "email", autoComplete: "email", required: true, placeholder: "you@company.com" }}
        />
        <PasswordField
          label="Password"
          error={errors.password}
          inputProps={{ name: "password", autoComplete: "current-password", required: true, placeholder: "Your password" }}
        />
        <div className="flex items-center justify-between">
          <label className="flex items-center gap-2 text-sm text-slate-700">
            <input type="checkbox" name="remember" className="size-4 rounded border-slate-300 accent-brand-600" />
            Remember me
          </label>{" "}
          <Link to="/auth/forgot-password" className="text-sm font-medium text-brand-700 hover:underline">
            Forgot password?
          </Link>
        </div>
        <SubmitButton pending={pending} pendingLabel="Signing in…">
          Sign in
        </SubmitButton>
      </Form>
      <p className="mt-8 text-center text-sm text-slate-600">
        Don&apos;t have an account?{" "}
        <Link to="/auth/register" className="font-semibold text-brand-700 hover:underline">
          Sign up
        </Link>
      </p>
    </div>
  );
}
