import { LegalPage, WrittenPage } from "~/components/legal-page";
import { currentPage } from "~/features/site/pages.server";
import { siteView } from "~/features/site/settings.server";
import { siteTitle } from "~/lib/site-title";
import { timeZoneOf } from "~/services/http/time-zone.server";
import type { Route } from "./+types/about";

export const meta: Route.MetaFunction = ({ data, matches }) => [{ title: siteTitle(matches, data?.page?.title ?? "About") }];

/** The page an admin wrote, else the site settings' about text, else a line on what the site is. */
export async function loader({ request }: Route.LoaderArgs) {
  const site = await siteView();
  return {
    page: await currentPage("about"),
    about: site.about,
    name: site.name,
    contact: site.contact_email,
    timeZone: timeZoneOf(request),
  };
}

export default function About({ loaderData }: Route.ComponentProps) {
  const { page, about, name, contact, timeZone } = loaderData;
  if (page) return <WrittenPage page={page} timeZone={timeZone} />;
  return (
    <LegalPage title={`About ${name}`} updated="22 November 2026">
      {about ? (
        about.split(/\n{2,}/).map((paragraph, i) => <p key={i}>{paragraph}</p>)
      ) : (
        <p>
          {name} is a circular-economy network: waste collectors, recycling processors, industrial buyers and logistics firms
          trade recovered materials, keep their duty-of-care paperwork and learn from each other.
        </p>
      )}
      {contact ? (
        <p>
          Write to us at{" "}
          <a href={`mailto:${contact}`} className="font-medium text-brand-700 underline">
            {contact}
          </a>
          .
        </p>
      ) : null}
    </LegalPage>
  );
}
