import type { Viewer } from "~/services/access.server";
import { recentActivity } from "./activity.server";
import { hasEntries, impactSummary } from "./store/summary.server";
import type { DateRange } from "./wire";

/** Everything the dashboard shows for the member and the range. */
export async function dashboardOf(viewer: Viewer, range: DateRange) {
  return {
    summary: await impactSummary(viewer, range),
    started: await hasEntries(viewer.id),
    activity: await recentActivity(viewer),
  };
}
