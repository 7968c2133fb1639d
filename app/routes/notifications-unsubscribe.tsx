import { data, Form, useNavigation } from "react-router";
import { Link } from "~/lib/link";
import { BrandMark } from "~/components/brand";
import { RouteError } from "~/components/route-error";
import { SkipLink } from "~/components/skip-link";
import { describeUnsubscribe, unsubscribe } from "~/features/notifications/queries.server";
import { TYPE_LABELS } from "~/features/notifications/vocabulary";
import { ignoreWhilePending } from "~/lib/forms";
import { siteTitle } from "~/lib/site-title";
import type { Route } from "./+types/notifications-unsubscribe";
import { PendingButton } from "~/components/ui/pending-button";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: siteTitle(matches, "Unsubscribe") },
  { name: "robots", content: "noindex" },
];

/** What a scope stops, in the page's words. */
const whatOf = (scope: string) =>
  scope === "digest" ? "the daily digest" : `e-mails about ${TYPE_LABELS[scope as keyof typeof TYPE_LABELS].toLowerCase()}`;

/**
 * A mail's unsubscribe link: it works signed out, since the signed token names the member and the
 * kind of mail. Opening it changes nothing (mail scanners open links); the button does.
 */
export async function loader({ url }: Route.LoaderArgs) {
  const token = url.searchParams.get("token") ?? "";
  const read = await describeUnsubscribe(token);
  if (!read) return data({ token: "", what: null }, { status: 400 });
  return { token, what: whatOf(read.scope) };
}

export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const outcome = await unsubscribe(form.get("token"));
  if (!outcome.ok) return data({ done: false as const, message: outcome.message }, { status: 400 });
  return { done: true as const, message: outcome.message };
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const pending = navigation.state === "submitting";
  const { token, what } = loaderData;
  return (
    <div className="min-h-screen bg-slate-50 px-4 py-10 wrap-anywhere">
      <SkipLink />
      <main
        id="main"
        tabIndex={-1}
        className="mx-auto max-w-lg rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 outline-none sm:p-8"
      >
        <BrandMark />
        <h1 className="mt-6 text-2xl font-bold text-slate-900">Unsubscribe</h1>
        {actionData ? (
          <p role="status" className={`mt-4 ${actionData.done ? "text-slate-700" : "text-red-700"}`}>
            {actionData.message}
          </p>
        ) : what ? (
          <>
            <p className="mt-4 text-slate-700">
              Stop <strong className="font-semibold text-slate-900">{what}</strong>? Your notifications in the app stay as they
              are.
            </p>
            <Form method="post" onSubmit={ignoreWhilePending(pending)} className="mt-6">
              <input type="hidden" name="token" value={token} />
              <PendingButton pending={pending} label="Unsubscribe" pendingLabel="Unsubscribing…" />
            </Form>
          </>
        ) : (
          <p className="mt-4 text-red-700">
            This unsubscribe link is not valid: it may have been cut short when it was copied. Choose what you hear about in your
            notification settings instead.
          </p>
        )}
        <p className="mt-6 text-sm text-slate-600">
          <Link to="/app/settings/notifications" className="font-medium text-brand-700 hover:underline">
            Notification settings
          </Link>{" "}
          (after signing in): choose for each kind of news whether it comes by e-mail.
        </p>
      </main>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <main id="main" className="px-4 py-10">
      <RouteError error={error} headingLevel={1} links={[{ to: "/", label: "Go to the home page" }]} />
    </main>
  );
}
