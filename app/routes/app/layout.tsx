import { Outlet, useRouteLoaderData } from "react-router";
import { RouteError } from "~/components/route-error";
import { unreadCount } from "~/features/notifications/queries.server";
import { getEnv } from "~/services/env.server";
import { requireUser } from "~/services/session.server";
import { timeZoneOf } from "~/services/http/time-zone.server";
import type { Route } from "./+types/layout";
import { MemberShell } from "~/components/shell/member-shell";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  return {
    user: { name: user.username, email: user.email, role: user.userType },
    // The greeting and the date are the member's, on their clock (the `tz` client hint).
    timeZone: timeZoneOf(request),
    now: Date.now(),
    // Every price in the member area is written in this one currency (useCurrency).
    currency: getEnv().currency,
    // The bell's badge: one count on the index of unread notifications.
    unread: await unreadCount(user.id),
  };
}

export default function AppLayout({ loaderData }: Route.ComponentProps) {
  return (
    <MemberShell data={loaderData}>
      <Outlet />
    </MemberShell>
  );
}

/**
 * A failure the page itself did not catch, or the shell's own: the message sits where the page
 * would be, and the navigation stays (without the member's name if that could not be read). A
 * failure in the shell itself reaches the root's page.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const data = useRouteLoaderData<typeof loader>("routes/app/layout");
  return (
    <MemberShell data={data}>
      <RouteError error={error} links={[{ to: "/app/dashboard", label: "Go to the dashboard" }]} />
    </MemberShell>
  );
}
