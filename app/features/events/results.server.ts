import { notify } from "~/features/notifications/notify.server";
import { eventEntries, writeEventEntries } from "~/features/impact/entries.server";
import { CURRENT_FACTOR_TABLE, factorTableOf } from "~/features/impact/factors";
import { todayIn } from "~/features/impact/periods";
import type { EntryView } from "~/features/impact/wire";
import { issueErrors, refuse, type FormFailure, type FormSuccess } from "~/lib/forms";
import type { Viewer } from "~/services/access.server";
import { transaction, type Db } from "~/services/database/db.server";
import { resultsRefusal, resultsSchema, type EventResults } from "./results";
import { eventForResults, goingMemberIds, putResults, storedResults, type StoredResults } from "./store/results.server";

/**
 * An event's results (docs/decisions/052-event-results-and-badges.md): the organiser records what
 * it achieved once it has begun; the weights enter their ledger through the ledger's own module
 * (one entry a line, each counted once across members) and everyone going is told. Recording
 * again replaces the results and their entries in one transaction.
 */

export type ResultsOutcome = FormSuccess<{ message: string; results: EventResults }> | FormFailure<{ message: string }>;

const grams = (kg: number) => Math.round(kg * 1000);
const kg = (g: number) => g / 1000;

function resultsView(row: StoredResults, entries: EntryView[]): EventResults {
  const table = factorTableOf(entries[0]?.factor_table ?? CURRENT_FACTOR_TABLE.key);
  return {
    event_id: row.eventId,
    collected: entries.map((entry) => ({
      material: entry.material,
      weight_kg: entry.weight_kg,
      treatment: entry.treatment,
      co2e_kg: entry.co2e_kg,
    })),
    // Summed in grams, as the ledger does, so the totals are exact sums of the lines.
    totals: {
      weight_kg: kg(entries.reduce((sum, entry) => sum + grams(entry.weight_kg), 0)),
      co2e_kg: kg(entries.reduce((sum, entry) => sum + grams(entry.co2e_kg), 0)),
    },
    items_repaired: row.itemsRepaired,
    items_checked: row.itemsChecked,
    volunteers: row.volunteers,
    hours: row.hours,
    note: row.note,
    factor_table: { key: table.key, name: table.name, edition: table.edition },
    recorded_at: row.recordedAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * The event's results as the API and its page show them, null before any were recorded. For
 * GET /api/events/:id (`results`) and the event's pages; who may see the event is the caller's
 * to decide.
 */
export async function resultsOf(eventId: number, db?: Db): Promise<EventResults | null> {
  const row = await storedResults(eventId, db);
  return row ? resultsView(row, await eventEntries(eventId, db)) : null;
}

export async function recordResults(
  viewer: Viewer,
  eventId: number,
  input: unknown,
  now: Date = new Date(),
): Promise<ResultsOutcome> {
  const parsed = resultsSchema.safeParse(input);
  if (!parsed.success) {
    const errors = issueErrors(parsed.error.issues);
    return refuse("invalid", Object.values(errors)[0] ?? "The results are not valid.", errors);
  }
  const values = parsed.data;
  return transaction(async (tx) => {
    const event = await eventForResults(eventId, tx);
    const refusal = resultsRefusal(event, viewer.id, now);
    if (refusal || !event) return refuse(refusal!.reason, refusal!.message);
    const row = await putResults(
      tx,
      event.id,
      {
        itemsRepaired: values.items_repaired ?? null,
        itemsChecked: values.items_checked ?? null,
        volunteers: values.volunteers ?? null,
        hours: values.hours ?? null,
        note: values.note ?? null,
      },
      now,
    );
    // The day it took place where it took place: the ledger's day of the loads.
    const date = todayIn(event.timeZone, event.startsAt);
    const entries = await writeEventEntries(tx, { id: event.id, organiserId: event.organiserId, date }, values.collected);
    for (const recipientId of await goingMemberIds(tx, event.id)) {
      // Recorded again, the results fold into the one notification, unread again.
      await notify(tx, {
        recipientId,
        type: "event_results",
        actorId: viewer.id,
        subjectType: "event",
        subjectId: event.id,
        excerpt: event.title,
        foldKey: `event_results:${event.id}`,
        actors: 1,
      });
    }
    const results = resultsView(row, entries);
    return { ok: true as const, message: "Results recorded: they are on the event's page and in your impact ledger.", results };
  });
}

/**
 * What the results form shows the organiser: the event, its results so far, and why they cannot
 * be recorded now (not begun, cancelled), if so. Null for an event that does not exist; `forbidden`
 * for another member's.
 */
export async function resultsForm(viewer: Viewer, eventId: number, now: Date = new Date()) {
  const event = await eventForResults(eventId);
  const refusal = resultsRefusal(event, viewer.id, now);
  if (!event || refusal?.reason === "not-found") return null;
  if (refusal?.reason === "forbidden") return { forbidden: true as const, message: refusal.message };
  return {
    forbidden: false as const,
    event: { id: event.id, title: event.title, starts_at: event.startsAt.toISOString(), time_zone: event.timeZone },
    results: await resultsOf(event.id),
    closed: refusal?.message ?? null,
  };
}
