import { Link } from "~/lib/link";
import { calendarDate } from "~/lib/dates";

export type MonthCell = {
  day: string;
  inMonth: boolean;
  events: { id: number; title: string; time: string; cancelled: boolean; sample: boolean }[];
};

const WEEKDAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];

/**
 * A month as a plain grid of weeks, each event on the day it starts (on its own clock), with links
 * to the month before and after: it works without JavaScript. On a narrow screen the days stack
 * as a list, empty days left out, so nothing scrolls sideways.
 */
export function MonthGrid({
  title,
  weeks,
  previousHref,
  nextHref,
  eventHref,
}: {
  title: string;
  weeks: MonthCell[][];
  previousHref: string;
  nextHref: string;
  eventHref: (id: number) => string;
}) {
  return (
    <section aria-labelledby="month-title" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Link to={previousHref} className="font-medium text-brand-700 hover:underline">
          ← Previous month
        </Link>
        <h2 id="month-title" className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        <Link to={nextHref} className="font-medium text-brand-700 hover:underline">
          Next month →
        </Link>
      </div>
      <div
        className="hidden grid-cols-7 gap-px overflow-hidden rounded-xl bg-slate-200 ring-1 ring-slate-200 md:grid"
        role="presentation"
      >
        {WEEKDAYS.map((weekday) => (
          <div key={weekday} className="bg-slate-50 px-2 py-1 text-center text-xs font-semibold text-slate-600">
            {weekday}
          </div>
        ))}
        {weeks.flat().map((cell) => (
          <div key={cell.day} className={`min-h-24 p-1.5 ${cell.inMonth ? "bg-white" : "bg-slate-50 text-slate-500"}`}>
            <p className="text-xs font-semibold">{Number(cell.day.slice(8))}</p>
            <ul className="mt-1 space-y-1">
              {cell.events.map((event) => (
                <li key={event.id} className="text-xs break-words">
                  <Link
                    to={eventHref(event.id)}
                    className={`text-brand-800 hover:underline ${event.cancelled ? "line-through" : ""}`}
                  >
                    {event.time} {event.title}
                  </Link>
                  {event.sample ? <span className="text-slate-600"> (sample)</span> : null}
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
      <ol className="space-y-2 md:hidden">
        {weeks
          .flat()
          .filter((cell) => cell.inMonth && cell.events.length)
          .map((cell) => (
            <li key={cell.day} className="rounded-xl bg-white p-3 ring-1 ring-slate-200">
              <p className="text-sm font-semibold text-slate-900">{calendarDate(cell.day)}</p>
              <ul className="mt-1 space-y-1">
                {cell.events.map((event) => (
                  <li key={event.id} className="text-sm break-words">
                    <Link
                      to={eventHref(event.id)}
                      className={`text-brand-800 hover:underline ${event.cancelled ? "line-through" : ""}`}
                    >
                      {event.time} {event.title}
                    </Link>
                    {event.sample ? <span className="text-slate-600"> (sample)</span> : null}
                  </li>
                ))}
              </ul>
            </li>
          ))}
      </ol>
      {weeks.flat().every((cell) => !cell.inMonth || !cell.events.length) ? (
        <p className="text-sm text-slate-600">No events this month.</p>
      ) : null}
    </section>
  );
}
