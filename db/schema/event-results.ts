/** What an event achieved, as its organiser recorded it (docs/decisions/052-event-results-and-badges.md). */
import { sql } from "drizzle-orm";
import { check, integer, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";
import { events } from "./events";

/**
 * An event's results: the counts besides the weights. The weights collected are the ledger's
 * entries of the event (impact_entries with `event_id`, source `event`), one a line, so the
 * results and the organiser's ledger can never disagree. Recorded again, the row and those
 * entries are replaced in one transaction; gone with the event.
 */
export const eventResults = sqliteTable(
  "event_results",
  {
    eventId: integer("event_id")
      .primaryKey()
      .references(() => events.id, { onDelete: "cascade" }),
    itemsRepaired: integer("items_repaired"),
    itemsChecked: integer("items_checked"),
    volunteers: integer("volunteers"),
    hours: real("hours"),
    note: text("note"),
    recordedAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`),
  },
  (table) => [
    check(
      "event_results_counts_check",
      sql`coalesce(${table.itemsRepaired}, 0) >= 0 and coalesce(${table.itemsChecked}, 0) >= 0
        and coalesce(${table.volunteers}, 0) >= 0 and coalesce(${table.hours}, 0) >= 0`,
    ),
  ],
);
