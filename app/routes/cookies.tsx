import { LegalPage, WrittenPage } from "~/components/legal-page";
import { currentPage } from "~/features/site/pages.server";
import { siteTitle } from "~/lib/site-title";
import { timeZoneOf } from "~/services/http/time-zone.server";
import type { Route } from "./+types/cookies";

export const meta: Route.MetaFunction = ({ data, matches }) => [{ title: siteTitle(matches, data?.page?.title ?? "Cookies") }];

/** The page an admin wrote, else the cookies this software sets, as shipped. */
export async function loader({ request }: Route.LoaderArgs) {
  return { page: await currentPage("cookies"), timeZone: timeZoneOf(request) };
}

export default function Cookies({ loaderData }: Route.ComponentProps) {
  if (loaderData.page) return <WrittenPage page={loaderData.page} timeZone={loaderData.timeZone} />;
  return (
    <LegalPage title="Cookies" updated="22 November 2026">
      <p>This site sets only the cookies it needs to work, and none that tracks you for advertising or analytics.</p>
      <ul className="list-disc space-y-1 pl-6">
        <li>Your session, while you are signed in.</li>
        <li>Your theme (light, dark or your system&apos;s), once you choose one.</li>
        <li>Your time zone, so dates show as your clock reads them.</li>
        <li>A one-time message after an action (“Saved”), removed once shown.</li>
      </ul>
    </LegalPage>
  );
}
