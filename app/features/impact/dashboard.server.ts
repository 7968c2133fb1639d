import type { Viewer } from "~/services/access.server";
import { prepared } from "~/services/db.server";
import { recentActivity } from "./activity.server";
import { impactSummary } from "./summary.server";
import type { DateRange } from "./wire";

/** Whether the member has any entry at all: a new member is shown how to start, not a page of zeros. */
export function hasEntries(memberId: number) {
  const row = prepared(`SELECT EXISTS (SELECT 1 FROM impact_days WHERE member_id = @member) AS any`).get({
    member: memberId,
  }) as {
    any: 0 | 1;
  };
  return row.any === 1;
}

/** Everything the dashboard shows for the member and the range. */
export async function dashboardOf(viewer: Viewer, range: DateRange) {
  return { summary: impactSummary(viewer, range), started: hasEntries(viewer.id), activity: await recentActivity(viewer) };
}
