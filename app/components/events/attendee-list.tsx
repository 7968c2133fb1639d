import { RSVP_STATUS_LABELS } from "~/features/events/vocabulary";
import type { AttendeeView } from "~/features/events/wire";

/** The organiser's list of who answered: name, answer (with the place in line) and when; and its CSV. */
export function AttendeeList({ eventId, attendees }: { eventId: number; attendees: AttendeeView[] }) {
  return (
    <div className="space-y-3 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-lg font-semibold text-slate-900">Who answered</h3>
        {attendees.length ? (
          <a
            href={`/api/events/${eventId}/attendees/export`}
            className="text-sm font-semibold text-brand-700 hover:underline"
            download
          >
            Download as CSV
          </a>
        ) : null}
      </div>
      {attendees.length ? (
        <ul className="divide-y divide-slate-200">
          {attendees.map((attendee) => (
            <li key={attendee.member.id} className="flex flex-wrap justify-between gap-x-4 gap-y-1 py-2 text-sm">
              {/* A name's long word breaks anywhere rather than pushing the page sideways on a phone. */}
              <span className="min-w-0 font-medium wrap-anywhere text-slate-900">{attendee.member.username}</span>
              <span className="text-slate-700">
                {RSVP_STATUS_LABELS[attendee.status]}
                {attendee.position ? ` (${attendee.position})` : ""} ·{" "}
                <time dateTime={attendee.answered_at}>{attendee.answered_at.slice(0, 16).replace("T", " ")} UTC</time>
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-600">No one has answered yet.</p>
      )}
    </div>
  );
}
