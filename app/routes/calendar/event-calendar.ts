import { eventCalendar } from "~/features/events/calendar/calendar.server";
import { pathId } from "~/lib/path-id";
import { calendarAnswer, calendarNotFound } from "./calendar-answer.server";
import type { Route } from "./+types/event-calendar";

/**
 * GET /events/:id.ics: the event as a calendar file, for anyone (no sign-in), as its public page
 * is; a sample or missing event is not found. Asked again with its ETag each time, so a change or
 * a cancellation reaches whoever saved the address.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const id = pathId(params.id);
  const calendar = id === null ? null : await eventCalendar(id);
  if (!calendar) return calendarNotFound();
  return calendarAnswer(request, calendar, "public, no-cache");
}
