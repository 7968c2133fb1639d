import { resultsOf } from "~/features/events/results.server";
import { eventById } from "~/features/events/store/events.server";
import { CURRENT_FACTOR_TABLE } from "~/features/impact/factors";
import { memberImpact, platformTotals } from "~/features/impact/store/summary.server";
import { getEnv } from "~/services/env.server";
import { siteIdentity } from "~/services/site-identity.server";
import type { Viewer } from "~/services/access.server";
import { badgeEnabledAt, badgeMember, setBadgeRow } from "./store/badges.server";
import { BADGE_HEIGHT, BADGE_WIDTH, badgeSvg, escapeXml, type BadgeContent, type BadgeTheme } from "./svg";

/**
 * The impact badges (docs/decisions/052-event-results-and-badges.md): a member's, once they turn it
 * on; an event's; the platform's, each kilogram once. Figures come from the modules that show them
 * elsewhere (the profile's, the event's results, GET /api/impact/platform), never worked out again.
 */

const factorName = () => CURRENT_FACTOR_TABLE.name;
/** The site's name as its admins set it, which every badge's heading starts with. */
const siteName = async () => (await siteIdentity()).name;

/** A member's badge: null while it is off, and for a member who left or is suspended, as for no member at all. */
export async function memberBadge(memberId: number, theme: BadgeTheme): Promise<string | null> {
  const member = await badgeMember(memberId);
  if (!member) return null;
  const impact = await memberImpact(memberId);
  return badgeSvg(
    {
      site: await siteName(),
      subject: member.username,
      figures: { weight_kg: impact.weight_diverted_kg, co2e_kg: impact.co2e_kg },
      factorTable: factorName(),
    },
    theme,
  );
}

/**
 * An event's badge: its results' weight collected and CO2e, or "Results not recorded yet" until
 * they are (an organiser embeds it before the day). Null for an event visitors may not read (a
 * sample, one of a suspended or deleted organiser) as for none: the badge shows its title.
 */
export async function eventBadge(eventId: number, theme: BadgeTheme): Promise<string | null> {
  const event = await eventById(eventId, { publicOnly: true });
  if (!event) return null;
  const results = await resultsOf(event.id);
  const content: BadgeContent = results
    ? { site: await siteName(), subject: event.title, figures: results.totals, factorTable: results.factor_table.name }
    : {
        site: await siteName(),
        subject: event.title,
        figures: null,
        pending: event.status === "cancelled" ? "Event cancelled" : "Results not recorded yet",
        factorTable: factorName(),
      };
  return badgeSvg(content, theme);
}

/** The platform's badge: GET /api/impact/platform's all-time figures, each kilogram once. */
export async function platformBadge(theme: BadgeTheme): Promise<string> {
  const platform = await platformTotals({ from: "0000-01-01", to: "9999-12-31" });
  return badgeSvg(
    {
      site: await siteName(),
      subject: "the whole platform",
      figures: { weight_kg: platform.totals.weight_kg, co2e_kg: platform.totals.co2e_kg },
      factorTable: platform.factors.name,
    },
    theme,
  );
}

export type BadgeSetting = { enabled: boolean; url: string; snippet: string };

/** The member's badge setting, its address and the <img> to paste into a page. */
export async function badgeSettingOf(viewer: Viewer & { username: string }): Promise<BadgeSetting> {
  const url = `${getEnv().appUrl}/badge/members/${viewer.id}.svg`;
  const alt = `${await siteName()} impact of ${viewer.username}`;
  return {
    enabled: (await badgeEnabledAt(viewer.id)) !== null,
    url,
    snippet: `<img src="${escapeXml(url)}" alt="${escapeXml(alt)}" width="${BADGE_WIDTH}" height="${BADGE_HEIGHT}">`,
  };
}

/** Turns the member's badge on or off: off, its address answers 404 (shared copies may show for a few minutes). */
export async function setBadge(viewer: Viewer & { username: string }, enabled: boolean): Promise<BadgeSetting> {
  await setBadgeRow(viewer.id, enabled);
  return badgeSettingOf(viewer);
}
