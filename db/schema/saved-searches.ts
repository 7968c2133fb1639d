/** Saved marketplace searches, each telling its member of new listings that match it. */
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { SAVED_SEARCH_ALERTS } from "../notification-values";
import { createdAt, oneOf } from "./columns";
import { users } from "./members";

/**
 * A member's saved search: `query` holds the marketplace's filters as the search reads them (JSON),
 * `alert` how a new matching listing reaches them (at once, in the daily digest, or not at all).
 * `last_listing_id` is the newest listing it told them of, kept for the page.
 */
export const savedSearches = sqliteTable(
  "saved_searches",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    memberId: integer("member_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    query: text("query", { mode: "json" }).notNull().$type<Record<string, string | number>>(),
    alert: text("alert", { enum: SAVED_SEARCH_ALERTS }).notNull(),
    lastListingId: integer("last_listing_id"),
    createdAt: createdAt(),
  },
  (table) => [
    index("saved_searches_member_idx").on(table.memberId, table.id),
    index("saved_searches_alert_idx").on(table.alert),
    oneOf("saved_searches_alert_check", table.alert, SAVED_SEARCH_ALERTS),
  ],
);

/** Which listing each saved search told its member of: once per listing, whatever changes after. */
export const savedSearchMatches = sqliteTable(
  "saved_search_matches",
  {
    savedSearchId: integer("saved_search_id")
      .notNull()
      .references(() => savedSearches.id, { onDelete: "cascade" }),
    listingId: integer("listing_id").notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.savedSearchId, table.listingId] })],
);
