/** Questions before an order: one thread per listing and member who asked, and its messages. */
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";
import { listings, orders } from "./exchange";
import { users } from "./members";

/**
 * A member (`asker_id`) asking a listing's owner (`owner_id`, the listing's seller when it was
 * asked) before any order: one thread per listing and asker, asking again adds to it.
 * `order_id` is the order the asker turned it into (its messages were copied there), null until
 * then. `updated_at` moves with each message, so the lists show the liveliest first.
 */
export const enquiries = sqliteTable(
  "enquiries",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** Null once the listing is gone (its owner deleted their account): the thread stays for the asker. */
    listingId: integer("listing_id").references(() => listings.id, { onDelete: "set null" }),
    /** The listing's title when it was first asked about, shown once the listing is gone. */
    listingTitle: text("listing_title").notNull(),
    askerId: integer("asker_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    ownerId: integer("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    orderId: integer("order_id").references(() => orders.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`),
  },
  (table) => [
    uniqueIndex("enquiries_listing_asker_idx").on(table.listingId, table.askerId),
    index("enquiries_asker_idx").on(table.askerId, table.updatedAt),
    index("enquiries_owner_idx").on(table.ownerId, table.updatedAt),
  ],
);

/** A thread's messages, plain text, oldest first by id. */
export const enquiryMessages = sqliteTable(
  "enquiry_messages",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    enquiryId: integer("enquiry_id")
      .notNull()
      .references(() => enquiries.id, { onDelete: "cascade" }),
    authorId: integer("author_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    body: text("body").notNull(),
    /** Set when moderators hid it: the thread shows it as hidden. */
    hiddenAt: integer("hidden_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (table) => [index("enquiry_messages_enquiry_idx").on(table.enquiryId)],
);
