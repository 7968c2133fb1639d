import { MailCheck, ShieldAlert } from "~/components/icons";
import { data, Link } from "react-router";
import { RouteError } from "~/components/route-error";
import { confirmEmailChange } from "~/features/account/account.server";
import { emailTokenSchema } from "~/features/account/schemas";
import { failureStatus } from "~/services/api.server";
import { getOptionalUser } from "~/services/session.server";
import type { Route } from "./+types/confirm-email";

export const meta: Route.MetaFunction = () => [{ title: "Confirm your e-mail address · Circular Hub" }];

// The token is in the URL: never leak it in a Referer header or keep the page in a cache.
export const headers: Route.HeadersFunction = () => ({ "Referrer-Policy": "no-referrer", "Cache-Control": "no-store" });

/**
 * Opening the link mailed to the new address makes the change, once: the link is the proof, so
 * it works signed out. A used, expired or forged link changes nothing and says so (400).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const parsed = emailTokenSchema.safeParse({ token: new URL(request.url).searchParams.get("token") ?? "" });
  const outcome = parsed.success
    ? confirmEmailChange(parsed.data.token)
    : ({ ok: false, reason: "invalid-link", message: parsed.error.issues[0].message } as const);
  const signedIn = Boolean(await getOptionalUser(request));
  if (outcome.ok) return { ok: true as const, message: outcome.message, signedIn };
  return data({ ok: false as const, message: outcome.message, signedIn }, { status: failureStatus(outcome) });
}

export default function ConfirmEmail({ loaderData }: Route.ComponentProps) {
  const { ok, message, signedIn } = loaderData;
  const Icon = ok ? MailCheck : ShieldAlert;
  return (
    <div className="text-center">
      <span className={`mx-auto flex size-14 items-center justify-center rounded-full ${ok ? "bg-brand-50" : "bg-red-50"}`}>
        <Icon aria-hidden className={`size-7 ${ok ? "text-brand-700" : "text-red-600"}`} />
      </span>
      <h1 className="mt-5 text-2xl font-bold text-slate-900">{ok ? "E-mail address changed" : "Link not valid"}</h1>
      <p className="mt-3 break-words text-slate-600" role={ok ? "status" : "alert"}>
        {message}
      </p>
      <p className="mt-6">
        {signedIn ? (
          <Link to="/app/settings/email" className="font-semibold text-brand-700 hover:underline">
            Go to your settings
          </Link>
        ) : (
          <Link to="/auth/login" className="font-semibold text-brand-700 hover:underline">
            Sign in
          </Link>
        )}
      </p>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} links={[{ to: "/auth/login", label: "Sign in" }]} />;
}
