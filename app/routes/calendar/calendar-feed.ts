import { memberFeed } from "~/features/events/calendar/calendar.server";
import { calendarAnswer, calendarNotFound } from "./calendar-answer.server";
import type { Route } from "./+types/calendar-feed";

/**
 * GET /calendar/:token.ics: a member's feed of the events they go to, at the secret address their
 * settings show. Any token that is no feed's is not found, alike; the address is the only key, so
 * no cache may keep the answer.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const calendar = await memberFeed(params.token);
  if (!calendar) return calendarNotFound();
  return calendarAnswer(request, calendar, "private, no-store", { "X-Robots-Tag": "noindex", "Referrer-Policy": "no-referrer" });
}
