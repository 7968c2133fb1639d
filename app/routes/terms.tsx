import { LegalPage, WrittenPage } from "~/components/legal-page";
import { currentPage } from "~/features/site/pages.server";
import { timeZoneOf } from "~/services/http/time-zone.server";
import { siteName, siteTitle } from "~/lib/site-title";
import type { Route } from "./+types/terms";

export const meta: Route.MetaFunction = ({ data, matches }) => [
  { title: siteTitle(matches, data?.page?.title ?? "Terms of Service") },
  {
    name: "description",
    content: `The terms for using ${siteName(matches)}: your account, what you may post and sell, what is not allowed, and how an account ends.`,
  },
];

/** The version an admin wrote, or null while the shipped text below stands. */
export async function loader({ request }: Route.LoaderArgs) {
  return { page: await currentPage("terms"), timeZone: timeZoneOf(request) };
}

export default function Terms({ loaderData }: Route.ComponentProps) {
  if (loaderData.page) return <WrittenPage page={loaderData.page} timeZone={loaderData.timeZone} />;
  return (
    <LegalPage title="Terms of Service" updated="22 November 2026">
      <p>
        These terms govern your use of this Circular Hub instance, run by the organisation that hosts it (“we”). By creating an
        account you agree to them.
      </p>
      <h2>Your account</h2>
      <p>
        Keep your password to yourself and tell us at once if you think someone else has used your account. You are responsible
        for what is done with it. One person, one account; accounts for companies name a person who answers for them.
      </p>
      <h2>What you post and sell</h2>
      <p>
        You keep the rights to what you publish, and you give us the right to show it on this platform. Post only what is yours to
        share. Listings must describe materials and products honestly, including their condition, origin and any hazards.
      </p>
      <h2>What is not allowed</h2>
      <p>
        No unlawful, misleading or abusive content; no trade in hazardous waste without the permits the law requires; no attempts
        to break, overload or get around the security of the platform.
      </p>
      <h2>Ending</h2>
      <p>
        You may stop using the platform at any time. We may suspend accounts that break these terms. The platform is provided as
        it is, without warranties beyond those the law requires.
      </p>
    </LegalPage>
  );
}
