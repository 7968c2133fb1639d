import { MailCheck, ShieldAlert } from "~/components/icons";
import { data, Form, useNavigation } from "react-router";
import { Link } from "~/lib/link";
import { useSite } from "~/components/brand";
import { SubmitButton } from "~/components/forms";
import { RouteError } from "~/components/route-error";
import { confirmEmailChange, emailChangeOfLink } from "~/features/account/account.server";
import { emailTokenSchema, INVALID_EMAIL_LINK } from "~/features/account/schemas";
import { formDataObject } from "~/lib/forms";
import { failureStatus } from "~/services/http/api.server";
import { getOptionalUser } from "~/services/session.server";
import { siteTitle } from "~/lib/site-title";
import type { Route } from "./+types/confirm-email";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: siteTitle(matches, "Confirm your e-mail address") }];

// The token is in the URL: never leak it in a Referer header or keep the page in a cache.
export const headers: Route.HeadersFunction = () => ({ "Referrer-Policy": "no-referrer", "Cache-Control": "no-store" });

/**
 * Opening the link mailed to the new address shows what it would change and a Confirm button:
 * mail scanners open links, so opening one changes nothing (the button posts the form). The link
 * is the proof, so it works signed out. A used, expired or forged link says so (400).
 */
export async function loader({ request, url }: Route.LoaderArgs) {
  // Run again right after the Confirm button's action, in the same request (React Router gives
  // the loader a GET with the form's headers): the page shows the action's answer and its status,
  // not this link's state, which the action has just used up.
  if (request.headers.has("content-type")) return { state: "answered" as const };
  const parsed = emailTokenSchema.safeParse({ token: url.searchParams.get("token") ?? "" });
  const change = parsed.success ? await emailChangeOfLink(parsed.data.token) : null;
  const signedIn = Boolean(await getOptionalUser(request));
  if (!change) return data({ state: "refused" as const, message: INVALID_EMAIL_LINK, signedIn }, { status: 400 });
  return { state: "asking" as const, newEmail: change.newEmail, token: parsed.data!.token, signedIn };
}

/** The Confirm button: the change is made once, while the link lives and the address is free. */
export async function action({ request }: Route.ActionArgs) {
  const parsed = emailTokenSchema.safeParse(formDataObject(await request.formData()));
  const outcome = parsed.success
    ? await confirmEmailChange(parsed.data.token)
    : ({ ok: false, reason: "invalid-link", message: parsed.error.issues[0].message } as const);
  const signedIn = Boolean(await getOptionalUser(request));
  if (outcome.ok) return { state: "changed" as const, message: outcome.message, signedIn };
  return data({ state: "refused" as const, message: outcome.message, signedIn }, { status: failureStatus(outcome) });
}

export default function ConfirmEmail({ loaderData, actionData }: Route.ComponentProps) {
  const site = useSite();
  const pending = useNavigation().state === "submitting";
  const answer = actionData ?? (loaderData.state === "answered" ? null : loaderData);
  if (!answer) return null;
  const refused = answer.state === "refused";
  const Icon = refused ? ShieldAlert : MailCheck;
  return (
    <div className="text-center">
      <span className={`mx-auto flex size-14 items-center justify-center rounded-full ${refused ? "bg-red-50" : "bg-brand-50"}`}>
        <Icon aria-hidden className={`size-7 ${refused ? "text-red-600" : "text-brand-700"}`} />
      </span>
      <h1 className="mt-5 text-2xl font-bold text-slate-900">
        {answer.state === "asking" ? "Confirm your new e-mail address" : refused ? "Link not valid" : "E-mail address changed"}
      </h1>
      {answer.state === "asking" ? (
        <Form method="post" className="mt-3 space-y-5">
          <p className="break-words text-slate-600">
            Use <strong className="text-slate-900">{answer.newEmail}</strong> for your {site.name} account from now on? Your
            current address stops working for signing in.
          </p>
          <input type="hidden" name="token" value={answer.token} />
          <SubmitButton pending={pending} pendingLabel="Confirming…">
            Confirm the new address
          </SubmitButton>
        </Form>
      ) : (
        <>
          <p className="mt-3 break-words text-slate-600" role={refused ? "alert" : "status"}>
            {answer.message}
          </p>
          <p className="mt-6">
            {answer.signedIn ? (
              <Link to="/app/settings/email" className="font-semibold text-brand-700 hover:underline">
                Go to your settings
              </Link>
            ) : (
              <Link to="/auth/login" className="font-semibold text-brand-700 hover:underline">
                Sign in
              </Link>
            )}
          </p>
        </>
      )}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} links={[{ to: "/auth/login", label: "Sign in" }]} />;
}
