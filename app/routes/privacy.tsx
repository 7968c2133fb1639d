import { LegalPage, WrittenPage } from "~/components/legal-page";
import { currentPage } from "~/features/site/pages.server";
import { timeZoneOf } from "~/services/http/time-zone.server";
import { siteName, siteTitle } from "~/lib/site-title";
import type { Route } from "./+types/privacy";

export const meta: Route.MetaFunction = ({ data, matches }) => [
  { title: siteTitle(matches, data?.page?.title ?? "Privacy Policy") },
  {
    name: "description",
    content: `What ${siteName(matches)} keeps about you, the cookies it sets, when it e-mails you, and your rights over your data.`,
  },
];

/** The version an admin wrote, or null while the shipped text below stands. */
export async function loader({ request }: Route.LoaderArgs) {
  return { page: await currentPage("privacy"), timeZone: timeZoneOf(request) };
}

export default function Privacy({ loaderData }: Route.ComponentProps) {
  if (loaderData.page) return <WrittenPage page={loaderData.page} timeZone={loaderData.timeZone} />;
  return (
    <LegalPage title="Privacy Policy" updated="22 November 2026">
      <p>
        This instance of Circular Hub runs on its host organisation's own server. Your data stays there: it is not sold, and it is
        not sent to advertising or analytics services.
      </p>
      <h2>What we keep</h2>
      <p>
        Your name, e-mail address and a one-way hash of your password (never the password itself); what you publish; your likes,
        saves and follows; and a record of your signed-in sessions so you can be signed out everywhere.
      </p>
      <p>
        The waste transfer notes of your completed waste orders are kept for two years after each transfer, as the law asks, even
        if you or the other party delete your account; they are then removed.
      </p>
      <h2>Cookies</h2>
      <p>
        One cookie keeps you signed in, and a short-lived one carries a notification from one page to the next. There are no
        tracking cookies.
      </p>
      <h2>E-mail</h2>
      <p>We e-mail you only for your account: password reset links and notices that your password changed.</p>
      <h2>Your rights</h2>
      <p>You may ask the host organisation for a copy of your data, for corrections, or for your account to be deleted.</p>
    </LegalPage>
  );
}
