/** The community: posts, their media, interactions and comments, follows and feed preferences. */
import { sql } from "drizzle-orm";
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, storedFile } from "./columns";
import { users } from "./members";
import { events } from "./events";

/**
 * Community posts. Counters are kept on the row so a feed page needs no aggregation, and always
 * equal the rows they count (likes, comments, shares and views); tags and environmental impact are
 * JSON text, typed here so Drizzle writes and reads them as values. Search goes through the FTS5 table `posts_fts`
 * (migration 0003), kept in step with title, content and tags by triggers.
 */
export const posts = sqliteTable(
  "posts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    authorId: integer("author_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    content: text("content").notNull(),
    postType: text("post_type").notNull().default("general"),
    category: text("category").notNull(),
    /** JSON list of strings. */
    tags: text("tags", { mode: "json" })
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'`),
    locationName: text("location_name"),
    /** Where `location_name` is on the map (app/services/places); null when it names no known place. */
    lat: real("lat"),
    lng: real("lng"),
    isLocalEvent: integer("is_local_event", { mode: "boolean" }).notNull().default(false),
    eventDate: integer("event_date", { mode: "timestamp_ms" }),
    difficultyLevel: text("difficulty_level"),
    estimatedTime: text("estimated_time"),
    /** JSON object: impact type -> amount text. */
    environmentalImpact: text("environmental_impact", { mode: "json" })
      .$type<Record<string, string>>()
      .notNull()
      .default(sql`'{}'`),
    isFeatured: integer("is_featured", { mode: "boolean" }).notNull().default(false),
    likesCount: integer("likes_count").notNull().default(0),
    commentsCount: integer("comments_count").notNull().default(0),
    sharesCount: integer("shares_count").notNull().default(0),
    viewsCount: integer("views_count").notNull().default(0),
    createdAt: createdAt(),
    /** When its author last edited it; null if never. */
    editedAt: integer("edited_at", { mode: "timestamp_ms" }),
    /** Set while moderators keep it hidden: only its author and admins see it (services/access.server). */
    hiddenAt: integer("hidden_at", { mode: "timestamp_ms" }),
    /** The event an organiser shared to the feed with this post; the post links to its page. */
    eventId: integer("event_id").references(() => events.id, { onDelete: "set null" }),
  },
  // Every feed reads newest-first within one equality filter, so each index ends in (created_at, id).
  (table) => [
    index("posts_created_idx").on(table.createdAt, table.id),
    index("posts_category_created_idx").on(table.category, table.createdAt, table.id),
    index("posts_type_created_idx").on(table.postType, table.createdAt, table.id),
    index("posts_author_created_idx").on(table.authorId, table.createdAt, table.id),
    index("posts_location_created_idx").on(sql`${table.locationName} collate nocase`, table.createdAt, table.id),
    index("posts_local_events_idx").on(sql`${table.locationName} collate nocase`, table.isLocalEvent, table.eventDate),
    // The rows the start-up pass has yet to place on the map: none, once it has run.
    index("posts_unplaced_idx")
      .on(table.id)
      .where(sql`lat IS NULL AND location_name <> ''`),
    index("posts_events_idx").on(table.isLocalEvent, table.eventDate),
    index("posts_featured_idx").on(table.isFeatured, table.createdAt),
  ],
);

/** Uploaded files of a post, in the order they were attached. */
export const postMedia = sqliteTable(
  "post_media",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    postId: integer("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    ...storedFile(),
  },
  (table) => [uniqueIndex("post_media_post_position_idx").on(table.postId, table.position)],
);

/**
 * One row per member, post and interaction type: like and save rows come and go as they toggle;
 * share, view and comment rows record that the member did it at least once.
 */
export const postInteractions = sqliteTable(
  "post_interactions",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    postId: integer("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    type: text("type", {
      enum: ["like", "save", "share", "view", "comment"],
    }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.postId, table.type] }),
    index("post_interactions_post_idx").on(table.postId),
  ],
);

export const postComments = sqliteTable(
  "post_comments",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    postId: integer("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    authorId: integer("author_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    content: text("content").notNull(),
    createdAt: createdAt(),
    /** When its author last edited it; null if never. */
    editedAt: integer("edited_at", { mode: "timestamp_ms" }),
    /** Set while moderators keep it hidden: only its author and admins see it (services/access.server). */
    hiddenAt: integer("hidden_at", { mode: "timestamp_ms" }),
  },
  // Paged newest first by id, which the index carries as the rowid; a member's own by author
  // (their activity, their export, the threads they commented in).
  (table) => [index("post_comments_post_idx").on(table.postId), index("post_comments_author_idx").on(table.authorId, table.id)],
);

/** A member following an author. */
export const follows = sqliteTable(
  "follows",
  {
    followerId: integer("follower_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    authorId: integer("author_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.followerId, table.authorId] }), index("follows_author_idx").on(table.authorId)],
);

/** What a member wants more of in For You, and where Local looks when no location is given. */
export const userPreferences = sqliteTable("user_preferences", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** JSON list of category values. */
  categories: text("categories", { mode: "json" })
    .$type<string[]>()
    .notNull()
    .default(sql`'[]'`),
  /** JSON list of post type values. */
  postTypes: text("post_types", { mode: "json" })
    .$type<string[]>()
    .notNull()
    .default(sql`'[]'`),
  location: text("location"),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`),
});

export type Post = typeof posts.$inferSelect;
