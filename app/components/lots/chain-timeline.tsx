import { Link } from "~/lib/link";
import { calendarDate, dateTime } from "~/lib/dates";
import { operationName } from "~/features/lots/operations";
import type { ChainEvent } from "~/features/lots/schemas";
import { ScrollBox } from "~/components/impact/report-figures";
import { kg } from "./weights";

/**
 * A lot's chain, first holder to last: a timeline to read (each step a sentence) and the same
 * steps as a table to compare. Drawn on the server; `current` is the lot the page is about.
 */

const when = (event: ChainEvent, timeZone: string) =>
  event.type === "handover" ? dateTime(event.at, timeZone) : calendarDate(event.at);

function sentence(event: ChainEvent) {
  if (event.type === "handover") return `${event.from} handed ${kg(event.weight_kg)} to ${event.to}`;
  const kind = event.final ? "fixing its fate" : "an interim step";
  return `${event.from} recorded ${event.code} (${operationName(event.code!)}) on ${kg(event.weight_kg)}, ${kind}`;
}

export function ChainTimeline({ chain, current, timeZone }: { chain: ChainEvent[]; current: number; timeZone: string }) {
  return (
    <ol className="relative space-y-4 border-l-2 border-brand-200 pl-5">
      {chain.map((event, index) => (
        <li key={`${event.type}-${event.lot_id}-${index}`} className="relative">
          <span
            aria-hidden
            className={`absolute top-1.5 -left-[1.95rem] size-3 rounded-full ring-4 ring-white ${
              event.type === "handover" ? "bg-brand-600" : event.final ? "bg-emerald-700" : "bg-amber-600"
            }`}
          />
          <p className="text-sm text-slate-600">
            <time dateTime={event.at}>{when(event, timeZone)}</time>
            {event.note_number ? <> · note {event.note_number}</> : null}
            {event.lot_id === current ? <> · this lot</> : null}
          </p>
          <p className="break-words text-slate-900">
            {event.lot_id === current ? (
              sentence(event)
            ) : (
              <Link to={`/app/lots/${event.lot_id}`} className="hover:underline">
                {sentence(event)}
              </Link>
            )}
          </p>
        </li>
      ))}
    </ol>
  );
}

export function ChainTable({ chain, timeZone }: { chain: ChainEvent[]; timeZone: string }) {
  const cell = "px-3 py-2 align-top";
  return (
    <ScrollBox label="The chain as a table">
      <table className="min-w-full divide-y divide-slate-200 text-left text-sm">
        <caption className="sr-only">Every hand-over and operation of the chain, first to last</caption>
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            <th scope="col" className={cell}>
              When
            </th>
            <th scope="col" className={`${cell} whitespace-nowrap`}>
              Step
            </th>
            <th scope="col" className={cell}>
              From
            </th>
            <th scope="col" className={cell}>
              To
            </th>
            <th scope="col" className={`${cell} text-right`}>
              Weight
            </th>
            <th scope="col" className={cell}>
              Note
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {chain.map((event, index) => (
            <tr key={`${event.type}-${event.lot_id}-${index}`}>
              <td className={`${cell} whitespace-nowrap`}>{when(event, timeZone)}</td>
              <td className={`${cell} whitespace-nowrap`}>
                {event.type === "handover" ? "Hand-over" : `${event.code}${event.final ? " (final)" : " (interim)"}`}
              </td>
              <td className={`${cell} min-w-32 break-words`}>{event.from}</td>
              <td className={`${cell} min-w-32 break-words`}>{event.to ?? "—"}</td>
              <td className={`${cell} whitespace-nowrap text-right`}>{kg(event.weight_kg)}</td>
              <td className={`${cell} whitespace-nowrap`}>{event.note_number ?? "—"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollBox>
  );
}
