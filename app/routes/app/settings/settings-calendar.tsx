import { siteTitle } from "~/lib/site-title";
import { CalendarDays } from "~/components/icons";
import { Form, useNavigation } from "react-router";
import { quietButton } from "~/components/ui/button";
import { SettingsPage } from "~/components/account/settings-page";
import { RouteError } from "~/components/route-error";
import { calendarFeedAddress, resetCalendarFeedAddress } from "~/features/events/calendar/calendar.server";
import { ignoreWhilePending } from "~/lib/forms";
import { answerForm } from "~/services/http/form-action.server";
import { requireUser } from "~/services/session.server";
import type { Route } from "./+types/settings-calendar";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: siteTitle(matches, "Calendar · Settings") }];

const RETURN_TO = "/app/settings/calendar";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  return await calendarFeedAddress(user.id);
}

/** The one form here: a new address, which ends the old one at once. */
export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const form = await request.formData();
  await resetCalendarFeedAddress(user.id);
  return answerForm(
    form,
    { ok: true, message: "Your calendar has a new address: the old one no longer works." },
    { returnTo: RETURN_TO },
  );
}

export default function SettingsCalendar({ loaderData }: Route.ComponentProps) {
  const { url } = loaderData;
  const navigation = useNavigation();
  const pending = navigation.state === "submitting";
  return (
    <SettingsPage
      id="calendar-title"
      title="Your events in your calendar"
      intro="Add this address to your calendar app (as a calendar from the web, or subscribed) and the events you go to show there, changes and cancellations included."
    >
      <label htmlFor="calendar-address" className="mt-6 block text-sm font-semibold text-slate-900">
        Your calendar&apos;s address
      </label>
      <input
        id="calendar-address"
        type="text"
        readOnly
        value={url}
        onFocus={(event) => event.currentTarget.select()}
        className="mt-1 w-full rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-sm text-slate-900"
      />
      <p className="mt-2 text-sm text-slate-600">
        <a
          href={url.replace(/^https?:/, "webcal:")}
          className="inline-flex items-center gap-1.5 font-medium text-brand-700 hover:underline"
        >
          <CalendarDays aria-hidden className="size-4" /> Open in your calendar app
        </a>
      </p>
      <p className="mt-6 text-sm text-slate-600">
        Anyone who has this address sees the events you go to. If you shared it by mistake, give your calendar a new address: the
        old one stops working at once, and your calendar app needs the new one.
      </p>
      <Form method="post" onSubmit={ignoreWhilePending(pending)} className="mt-3">
        <button type="submit" aria-disabled={pending || undefined} className={quietButton}>
          {pending ? "Resetting…" : "Reset address"}
        </button>
      </Form>
    </SettingsPage>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} links={[{ to: "/app/settings", label: "Back to Settings" }]} />;
}
