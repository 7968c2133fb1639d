/** Embeddable impact badges (docs/decisions/052-event-results-and-badges.md). */
import { sql } from "drizzle-orm";
import { integer, sqliteTable } from "drizzle-orm/sqlite-core";
import { users } from "./members";

/**
 * The members who turned their badge on: a row while it is on, none while it is off (the
 * default), so /badge/members/:id.svg answers 404 for everyone else, as for no member at all.
 */
export const memberBadges = sqliteTable("member_badges", {
  memberId: integer("member_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  enabledAt: integer("enabled_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`),
});
