import { monthAndYear } from "~/lib/dates";
import { answerEvent, cancelEvent, changeEvent, listEvents } from "./events.server";
import type { EventsPage } from "./schemas";
import { eventsBetween } from "./store/events.server";
import { dayIn, instantToWallTime, monthWeeks, shiftMonth } from "./times";
import type { EventView } from "./wire";
import type { Viewer } from "./rules";
import type { Viewer as Member } from "~/services/access.server";
import { shareEventToFeed } from "./feed-share.server";

/** The events pages' data and forms (the routes in app/routes/app/events call these and answer). */

const DAY_MS = 86_400_000;
const MAX_MONTH_EVENTS = 500;

let zones: string[] | undefined;
/** The time zones a form offers: every IANA name Intl knows, and the one given when it is not among them. */
export function timeZoneChoices(current?: string) {
  zones ??= [...new Set(["UTC", ...Intl.supportedValuesOf("timeZone")])].sort();
  return current && !zones.includes(current) ? [current, ...zones] : zones;
}

/** The events page: a page of the list, upcoming first, or a month's grid. */
export async function eventsPageData(viewer: Viewer, query: EventsPage, viewerZone: string) {
  if (query.view !== "month") {
    const list = await listEvents(viewer, { from: query.from, to: query.to, kind: query.kind, page: query.page });
    return { view: "list" as const, events: list.events, hasMore: list.pagination.hasMore };
  }
  const month = query.month ?? dayIn(Date.now(), viewerZone).slice(0, 7);
  const weeks = monthWeeks(month);
  // A day either side, since each event sits on the day it starts on its own clock.
  const from = Date.parse(`${weeks[0]![0]!.day}T00:00:00Z`) - DAY_MS;
  const to = Date.parse(`${weeks.at(-1)!.at(-1)!.day}T00:00:00Z`) + 2 * DAY_MS;
  const rows = await eventsBetween({ from, to, kind: query.kind }, MAX_MONTH_EVENTS);
  const byDay = new Map<string, { id: number; title: string; time: string; cancelled: boolean; sample: boolean }[]>();
  for (const row of rows) {
    const local = instantToWallTime(row.startsAt.getTime(), row.timeZone);
    const day = local.slice(0, 10);
    byDay.set(day, [
      ...(byDay.get(day) ?? []),
      { id: row.id, title: row.title, time: local.slice(11), cancelled: row.status === "cancelled", sample: row.isSample },
    ]);
  }
  return {
    view: "month" as const,
    month,
    title: monthAndYear(`${month}-15T12:00:00Z`, "UTC"),
    previous: shiftMonth(month, -1),
    next: shiftMonth(month, 1),
    weeks: weeks.map((week) => week.map((cell) => ({ ...cell, events: cell.inMonth ? (byDay.get(cell.day) ?? []) : [] }))),
  };
}

/** The event's form values as the edit page fills them: its times on its own clock. */
export function formValuesOf(event: EventView) {
  const at = (iso: string) => instantToWallTime(Date.parse(iso), event.time_zone);
  return {
    title: event.title,
    kind: event.kind,
    starts_at: at(event.starts_at),
    ends_at: at(event.ends_at),
    time_zone: event.time_zone,
    place: event.place,
    description: event.description,
    capacity: event.capacity === null ? "" : String(event.capacity),
  };
}

/** The event page's forms: going or not going, and the organiser's "share to the community feed". */
export async function eventPageAnswer(viewer: Member, id: number, fields: Record<string, unknown>) {
  if (fields.intent === "share") return shareEventToFeed(viewer, id);
  return answerEvent(viewer, id, { status: fields.intent === "not_going" ? "not_going" : "going" });
}

const EDITABLE = ["title", "kind", "starts_at", "ends_at", "time_zone", "place", "description", "capacity"] as const;

/**
 * The edit page's forms: save the fields (an emptied capacity takes the limit away), or cancel
 * the event with a reason.
 */
export async function editPageAction(viewer: Viewer, id: number, fields: Record<string, unknown>) {
  if (fields.intent === "cancel")
    return { intent: "cancel" as const, outcome: await cancelEvent(viewer, id, { reason: fields.reason }) };
  const change: Record<string, unknown> = {};
  for (const name of EDITABLE) if (typeof fields[name] === "string") change[name] = fields[name];
  if (change.capacity === "" || (typeof change.capacity === "string" && change.capacity.trim() === "")) change.capacity = null;
  return { intent: "edit" as const, outcome: await changeEvent(viewer, id, change) };
}
