import type { CalendarDownload } from "~/features/events/calendar/calendar.server";

/** Whether If-None-Match names the file as it is (a list of tags, weak ones compared weakly, or `*`). */
const isCurrent = (header: string | null, etag: string) =>
  header !== null && header.split(",").some((tag) => tag.trim() === "*" || tag.trim().replace(/^W\//, "") === etag);

/** A calendar file's answer: `text/calendar`, saved under its name, 304 when the client's copy is current. */
export function calendarAnswer(request: Request, calendar: CalendarDownload, cacheControl: string, extra: HeadersInit = {}) {
  const headers = new Headers({
    "Content-Type": "text/calendar; charset=utf-8",
    "Content-Disposition": `attachment; filename="${calendar.fileName}"`,
    "Cache-Control": cacheControl,
    ETag: calendar.etag,
    ...Object.fromEntries(new Headers(extra)),
  });
  if (isCurrent(request.headers.get("if-none-match"), calendar.etag)) return new Response(null, { status: 304, headers });
  return new Response(request.method === "HEAD" ? null : calendar.body, { headers });
}

export const calendarNotFound = () => new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain" } });
