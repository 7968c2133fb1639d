import { Laptop } from "~/components/icons";
import { Form, useNavigation } from "react-router";
import { quietButton } from "~/components/ui/button";
import { SettingsPage } from "~/components/account/settings-page";
import { RouteError } from "~/components/route-error";
import { endOtherSessions, endSession, listSessions, requireAccountCaller } from "~/features/account/account.server";
import { describeUserAgent } from "~/features/account/user-agent";
import { dateTime } from "~/lib/dates";
import { ignoreWhilePending } from "~/lib/forms";
import { answerForm } from "~/services/http/form-action.server";
import { clearSessionCookie } from "~/services/session.server";
import { memberTimeZone } from "~/services/http/time-zone.server";
import { siteTitle } from "~/lib/site-title";
import type { Route } from "./+types/settings-sessions";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: siteTitle(matches, "Sessions · Settings") }];

export async function loader({ request }: Route.LoaderArgs) {
  const caller = await requireAccountCaller(request);
  return { sessions: await listSessions(caller), timeZone: memberTimeZone(request).timeZone };
}

export async function action({ request }: Route.ActionArgs) {
  const caller = await requireAccountCaller(request);
  const form = await request.formData();
  const returnTo = "/app/settings/sessions";
  if (form.get("intent") === "end-others") return answerForm(form, await endOtherSessions(caller), { returnTo });
  const outcome = await endSession(caller, String(form.get("id") ?? ""));
  // Ending this browser's own session is signing out.
  if (outcome.ok && outcome.current) {
    return answerForm(form, outcome, { returnTo: "/auth/login", headers: { "Set-Cookie": clearSessionCookie() } });
  }
  return answerForm(form, outcome, { returnTo });
}

export default function SettingsSessions({ loaderData }: Route.ComponentProps) {
  const { sessions, timeZone } = loaderData;
  const navigation = useNavigation();
  const pending = navigation.state === "submitting";
  const sending = navigation.formData;
  const others = sessions.filter((session) => !session.current).length;
  return (
    <SettingsPage
      id="sessions-title"
      title="Where you are signed in"
      intro="Each browser or app signed in to your account, newest first. End any you do not recognise, then change your password."
    >
      <ul className="mt-6 divide-y divide-slate-100">
        {sessions.map((session) => {
          const name = describeUserAgent(session.user_agent);
          const ending = pending && sending?.get("id") === session.id;
          return (
            <li key={session.id} className="flex flex-wrap items-start gap-3 py-4">
              <Laptop aria-hidden className="mt-0.5 size-5 shrink-0 text-slate-500" />
              <div className="min-w-0 flex-1">
                <p className="font-semibold break-words text-slate-900">
                  {name}{" "}
                  {session.current ? (
                    <span className="ml-1 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800">
                      This browser
                    </span>
                  ) : null}
                </p>
                <p className="text-sm text-slate-600">
                  Signed in {dateTime(session.created_at, timeZone)}
                  {" · "}
                  {session.last_seen_at ? `last seen ${dateTime(session.last_seen_at, timeZone)}` : "not used since"}
                </p>
                {session.user_agent ? (
                  <details className="mt-1 text-sm text-slate-600">
                    <summary className="cursor-pointer">How it named itself</summary>
                    <p className="mt-1 font-mono text-xs break-all">{session.user_agent}</p>
                  </details>
                ) : null}
              </div>
              <Form method="post" onSubmit={ignoreWhilePending(pending)}>
                <input type="hidden" name="id" value={session.id} />
                <button
                  type="submit"
                  aria-disabled={ending || undefined}
                  aria-label={session.current ? "Sign out of this browser" : `End the session of ${name}`}
                  className={quietButton}
                >
                  {ending ? "Ending…" : session.current ? "Sign out" : "End"}
                </button>
              </Form>
            </li>
          );
        })}
      </ul>
      <Form method="post" onSubmit={ignoreWhilePending(pending)} className="mt-4">
        <input type="hidden" name="intent" value="end-others" />
        <button
          type="submit"
          aria-disabled={(pending && sending?.get("intent") === "end-others") || undefined}
          disabled={others === 0}
          className={`${quietButton} disabled:cursor-not-allowed disabled:opacity-60`}
        >
          {pending && sending?.get("intent") === "end-others" ? "Ending…" : "End all other sessions"}
        </button>
      </Form>
    </SettingsPage>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} links={[{ to: "/app/settings", label: "Back to Settings" }]} />;
}
