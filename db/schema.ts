import { sql } from "drizzle-orm";
import {
  HANDOVERS,
  LISTING_CONDITIONS,
  LISTING_KINDS,
  LISTING_STATUSES,
  LISTING_UNITS,
  MATERIALS,
  MAX_PRICE_CENTS,
  ORDER_EVENT_ACTIONS,
  ORDER_STATES,
} from "./exchange-values";
import { ENTRY_SOURCES, MAX_ENTRY_WEIGHT_G, TREATMENTS } from "./impact-values";
import { AUDIT_ACTIONS, AUTHOR_TYPES, REPORT_REASONS, REPORT_STATES, REPORT_TARGETS } from "./moderation-values";
import { EMAIL_MODES, NOTIFICATION_TYPES } from "./notification-values";
import { SIGNED_OUT_REASONS } from "./session-values";
import { check, foreignKey, index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/** Milliseconds since the epoch, set by SQLite when a row is written. */
const createdAt = () =>
  integer("created_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`);

/** The columns of an uploaded file kept under UPLOAD_DIR (a post's media, a listing's photos). */
const storedFile = () => ({
  /** Random file name under UPLOAD_DIR, served at /media/<file_name>. */
  fileName: text("file_name").notNull().unique(),
  /** The type recognised from the file's bytes, never the one the client declared. */
  mimeType: text("mime_type").notNull(),
  size: integer("size").notNull(),
});

/**
 * What a member may do beyond their own things: a closed set, checked by the database (triggers
 * in migration 0006) and read through app/services/access.server.ts. Every account starts as "user".
 */
export const ROLES = ["user", "admin"] as const;
export type Role = (typeof ROLES)[number];

export const users = sqliteTable("users", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  username: text("username").notNull(),
  /** Stored lower-cased and trimmed, so look-ups are exact matches on the unique index. */
  email: text("email").notNull().unique(),
  /** bcrypt hash; "!" marks an account that cannot sign in with a password (seeded authors). */
  passwordHash: text("password_hash").notNull(),
  /** The member's role (ROLES); the API calls it `user_type`. */
  userType: text("user_type", { enum: ROLES }).notNull().default("user"),
  /** How the member's posts are marked in the feed: expert (trophy), admin, or other. Display only. */
  authorType: text("author_type", { enum: AUTHOR_TYPES }).notNull().default("other"),
  isVerified: integer("is_verified", { mode: "boolean" }).notNull().default(false),
  /** The profile's editable fields. */
  bio: text("bio").notNull().default(""),
  phone: text("phone").notNull().default(""),
  location: text("location").notNull().default(""),
  company: text("company").notNull().default(""),
  website: text("website").notNull().default(""),
  createdAt: createdAt(),
  /**
   * Set when the member deleted their account: the row stays as "a deleted member" so the other
   * party keeps their orders and messages; name, e-mail (freed to register again), password and
   * profile are wiped, and everything else of theirs is gone.
   */
  deletedAt: integer("deleted_at", { mode: "timestamp_ms" }),
  /**
   * Set while an admin has suspended the member: no session lives and sign-in is refused until
   * `suspended_until` (null: until an admin lifts it). Lifting clears all three.
   */
  suspendedAt: integer("suspended_at", { mode: "timestamp_ms" }),
  suspendedUntil: integer("suspended_until", { mode: "timestamp_ms" }),
  suspensionReason: text("suspension_reason"),
});

export const sessions = sqliteTable(
  "sessions",
  {
    /** The JWT's `jti`: a token is valid only while this row exists. */
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    createdAt: createdAt(),
    /** When a request last used it: written at most once a minute. */
    lastSeenAt: integer("last_seen_at", { mode: "timestamp_ms" }),
    /** The browser or client that signed in, as it named itself (cut to 300 characters). */
    userAgent: text("user_agent").notNull().default(""),
  },
  (table) => [index("sessions_user_id_idx").on(table.userId)],
);

export const passwordResetTokens = sqliteTable(
  "password_reset_tokens",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** SHA-256 of the e-mailed token, hex: the token itself is never stored. */
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("password_reset_tokens_user_id_idx").on(table.userId)],
);

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
  },
  // Every feed reads newest-first within one equality filter, so each index ends in (created_at, id).
  (table) => [
    index("posts_created_idx").on(table.createdAt, table.id),
    index("posts_category_created_idx").on(table.category, table.createdAt, table.id),
    index("posts_type_created_idx").on(table.postType, table.createdAt, table.id),
    index("posts_author_created_idx").on(table.authorId, table.createdAt, table.id),
    index("posts_location_created_idx").on(sql`${table.locationName} collate nocase`, table.createdAt, table.id),
    index("posts_local_events_idx").on(sql`${table.locationName} collate nocase`, table.isLocalEvent, table.eventDate),
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

/** One review in a product's list; `date` is an ISO 8601 time. */
export type ProductReview = { author: string; rating: number; date: string; text: string; verified: boolean };

/**
 * The marketplace catalogue. Prices are in cents. Lists are JSON text, read and written as arrays.
 * `reviews_count` is the length of `reviews` and `rating` their mean rounded to one decimal.
 */
export const products = sqliteTable(
  "products",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    slug: text("slug").notNull().unique(),
    name: text("name").notNull(),
    description: text("description").notNull(),
    longDescription: text("long_description").notNull(),
    priceCents: integer("price_cents").notNull(),
    originalPriceCents: integer("original_price_cents").notNull(),
    rating: real("rating").notNull(),
    reviewsCount: integer("reviews_count").notNull(),
    /** Image paths; the first is the card's picture. */
    images: text("images", { mode: "json" }).notNull().$type<string[]>(),
    seller: text("seller").notNull(),
    sellerRating: real("seller_rating").notNull(),
    sellerReviews: integer("seller_reviews").notNull(),
    category: text("category").notNull(),
    /** Percent. */
    sustainability: integer("sustainability").notNull(),
    tags: text("tags", { mode: "json" }).notNull().$type<string[]>().default([]),
    features: text("features", { mode: "json" }).notNull().$type<string[]>().default([]),
    reviews: text("reviews", { mode: "json" }).notNull().$type<ProductReview[]>().default([]),
    stockCount: integer("stock_count").notNull(),
    /** Order under "Featured": lower first. */
    featuredRank: integer("featured_rank").notNull().default(1000),
    createdAt: createdAt(),
  },
  (table) => [index("products_category_idx").on(table.category)],
);

/**
 * What a member put in their cart: listings and quantities in each listing's unit (up to three
 * decimals for kg and t). Checkout turns the cart into one order per seller and empties it.
 */
export const cartItems = sqliteTable(
  "cart_lines",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    listingId: integer("listing_id")
      .notNull()
      .references(() => listings.id, { onDelete: "cascade" }),
    quantity: real("quantity").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.listingId] }),
    check("cart_lines_quantity_check", sql`${table.quantity} > 0`),
  ],
);

/** Courses a member started or enrolled in (the course catalogue itself is fixed content). */
export const courseEnrollments = sqliteTable(
  "course_enrollments",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    courseId: integer("course_id").notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.courseId] })],
);

/**
 * The lessons a member has marked as done, one row each (a lesson marked as not done again loses
 * its row). Only an enrolled member has progress: the row belongs to the enrolment.
 */
export const lessonProgress = sqliteTable(
  "lesson_progress",
  {
    userId: integer("user_id").notNull(),
    courseId: integer("course_id").notNull(),
    /** The lesson's place in its course, from 1 (the lessons themselves are fixed content). */
    lesson: integer("lesson").notNull(),
    completedAt: integer("completed_at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.courseId, table.lesson] }),
    foreignKey({
      columns: [table.userId, table.courseId],
      foreignColumns: [courseEnrollments.userId, courseEnrollments.courseId],
    }).onDelete("cascade"),
  ],
);

/**
 * Work that must survive a failure or a restart (mail today), written in the same transaction as
 * the change that caused it and run by the server's job runner (app/services/jobs.server.ts).
 * pending -> running (claimed, attempts counted) -> done; a failed attempt goes back to pending
 * with a later run_at, or to failed after the last one; a job cut off while running (a crash) is
 * marked interrupted and never run again, since it may have done its work.
 */
export const JOB_STATES = ["pending", "running", "done", "failed", "interrupted"] as const;
export type JobState = (typeof JOB_STATES)[number];

export const jobs = sqliteTable(
  "jobs",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** The registered kind ("mail"), which says how to read the payload and run the job. */
    kind: text("kind").notNull(),
    /** JSON checked by the kind's schema; null once the job is finished, so no secret outlives it. */
    payload: text("payload", { mode: "json" }).$type<unknown>(),
    state: text("state", { enum: JOB_STATES }).notNull().default("pending"),
    /** Attempts started so far, counted when a runner claims the job. */
    attempts: integer("attempts").notNull().default(0),
    /** Not before this time. */
    runAt: integer("run_at", { mode: "timestamp_ms" }).notNull(),
    /** The last failure in one line, query strings removed. */
    lastError: text("last_error"),
    createdAt: createdAt(),
    /** The last change of state: for a running job, when it was claimed. */
    updatedAt: integer("updated_at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`),
    finishedAt: integer("finished_at", { mode: "timestamp_ms" }),
    /**
     * Jobs of one kind with the same key fold into the one still waiting (enqueueFolding): the
     * mails about one order to one member within a few minutes leave as one.
     */
    foldKey: text("fold_key"),
  },
  // The runner asks for pending jobs that are due; pruning asks for finished jobs by age; a fold
  // asks for the waiting job of its kind and key.
  (table) => [
    check("jobs_state_check", sql`${table.state} in ('pending', 'running', 'done', 'failed', 'interrupted')`),
    index("jobs_state_run_at_idx").on(table.state, table.runAt),
    index("jobs_state_finished_at_idx").on(table.state, table.finishedAt),
    index("jobs_fold_idx")
      .on(table.kind, table.foldKey)
      .where(sql`${table.state} = 'pending' and ${table.foldKey} is not null`),
  ],
);

/** A check that a column holds one of a closed set of values. */
const oneOf = (name: string, column: unknown, values: readonly string[]) =>
  check(name, sql`${column} in (${sql.raw(values.map((value) => `'${value}'`).join(", "))})`);

/**
 * What members offer, give away or look for. `quantity` is the listing's whole quantity and
 * `quantity_left` what accepted orders have not taken (reserved at acceptance, returned when an
 * accepted order is cancelled); both are in `unit`, with up to three decimals for kg and t, and
 * the database refuses a quantity_left below zero or above the quantity. Prices are whole cents
 * per unit. `is_sample` marks the seeded catalogue, which can be read and never ordered.
 */
export const listings = sqliteTable(
  "listings",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    sellerId: integer("seller_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: LISTING_KINDS }).notNull(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    /** A product category of the marketplace or a material key: the list grows in the app, so it is not checked here. */
    category: text("category").notNull(),
    material: text("material", { enum: MATERIALS }).notNull(),
    condition: text("condition", { enum: LISTING_CONDITIONS }).notNull(),
    quantity: real("quantity").notNull(),
    unit: text("unit", { enum: LISTING_UNITS }).notNull(),
    /** Kilograms per piece; null for listings in kg or t. */
    weightPerUnitKg: real("weight_per_unit_kg"),
    priceCents: integer("price_cents").notNull(),
    quantityLeft: real("quantity_left").notNull(),
    location: text("location").notNull().default(""),
    handover: text("handover", { enum: HANDOVERS }).notNull(),
    status: text("status", { enum: LISTING_STATUSES }).notNull().default("active"),
    isSample: integer("is_sample", { mode: "boolean" }).notNull().default(false),
    /**
     * A sample listing's product in the seeded catalogue, which keeps what only the samples show
     * (long description, features, tags, sustainability, original price, sample reviews, pictures
     * under public/). Null for every member's listing.
     */
    sampleProductId: integer("sample_product_id")
      .unique()
      .references(() => products.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`),
    /** Set while moderators keep it hidden: only its owner and admins see it (services/access.server). */
    hiddenAt: integer("hidden_at", { mode: "timestamp_ms" }),
  },
  // The search reads active listings newest first, alone or within a category or a material; a
  // member's page and "my listings" read one seller's. Each index ends in (created_at, id).
  (table) => [
    oneOf("listings_kind_check", table.kind, LISTING_KINDS),
    oneOf("listings_material_check", table.material, MATERIALS),
    oneOf("listings_condition_check", table.condition, LISTING_CONDITIONS),
    oneOf("listings_unit_check", table.unit, LISTING_UNITS),
    oneOf("listings_handover_check", table.handover, HANDOVERS),
    oneOf("listings_status_check", table.status, LISTING_STATUSES),
    check("listings_quantity_check", sql`${table.quantity} > 0`),
    check("listings_quantity_left_check", sql`${table.quantityLeft} >= 0 and ${table.quantityLeft} <= ${table.quantity}`),
    check("listings_weight_check", sql`${table.weightPerUnitKg} is null or ${table.weightPerUnitKg} > 0`),
    check(
      "listings_price_check",
      sql`${table.priceCents} >= 0 and ${table.priceCents} <= ${sql.raw(String(MAX_PRICE_CENTS))} and (${table.kind} <> 'free' or ${table.priceCents} = 0)`,
    ),
    index("listings_status_created_idx").on(table.status, table.createdAt, table.id),
    // "Featured": members' listings newest first (is_sample = 0), then the samples (is_sample = 1), each read backwards.
    index("listings_status_sample_created_idx").on(table.status, table.isSample, table.createdAt, table.id),
    index("listings_category_status_created_idx").on(table.category, table.status, table.createdAt, table.id),
    index("listings_material_status_created_idx").on(table.material, table.status, table.createdAt, table.id),
    index("listings_seller_created_idx").on(table.sellerId, table.createdAt, table.id),
  ],
);

/** Photos of a listing, in the order they were attached (as post_media is for posts). */
export const listingPhotos = sqliteTable(
  "listing_photos",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    listingId: integer("listing_id")
      .notNull()
      .references(() => listings.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    ...storedFile(),
  },
  (table) => [uniqueIndex("listing_photos_listing_position_idx").on(table.listingId, table.position)],
);

/**
 * An order between two members about one listing: a request (or, on a wanted listing, an offer)
 * that the listing's owner accepts or declines, and that both parties confirm once it has changed
 * hands (app/features/exchange/order-states.ts). The price per unit is kept as it was when the
 * order was asked for, so a later change of the listing's price does not change the agreement.
 */
export const orders = sqliteTable(
  "orders",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    listingId: integer("listing_id")
      .notNull()
      .references(() => listings.id, { onDelete: "cascade" }),
    buyerId: integer("buyer_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    sellerId: integer("seller_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    quantity: real("quantity").notNull(),
    unitPriceCents: integer("unit_price_cents").notNull(),
    state: text("state", { enum: ORDER_STATES }).notNull().default("requested"),
    handover: text("handover", { enum: HANDOVERS }).notNull(),
    /** What the requester wrote with the request. */
    message: text("message"),
    buyerConfirmedAt: integer("buyer_confirmed_at", { mode: "timestamp_ms" }),
    sellerConfirmedAt: integer("seller_confirmed_at", { mode: "timestamp_ms" }),
    /** The weight that changed hands, in kg: weighed by a party on completion, else worked out from the quantity. */
    weightKg: real("weight_kg"),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`),
  },
  // "My orders" lists one member's buying or selling, newest first.
  (table) => [
    oneOf("orders_state_check", table.state, ORDER_STATES),
    oneOf("orders_handover_check", table.handover, HANDOVERS),
    check("orders_quantity_check", sql`${table.quantity} > 0`),
    check("orders_price_check", sql`${table.unitPriceCents} >= 0`),
    check("orders_parties_check", sql`${table.buyerId} <> ${table.sellerId}`),
    check("orders_weight_check", sql`${table.weightKg} is null or ${table.weightKg} > 0`),
    index("orders_buyer_created_idx").on(table.buyerId, table.createdAt, table.id),
    index("orders_seller_created_idx").on(table.sellerId, table.createdAt, table.id),
    index("orders_listing_idx").on(table.listingId),
  ],
);

/** An order's history: the request that opened it, then each move, with who made it and why. */
export const orderEvents = sqliteTable(
  "order_events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    action: text("action", { enum: ORDER_EVENT_ACTIONS }).notNull(),
    /** The order's state after the move: still accepted after the first confirmation of completion. */
    state: text("state", { enum: ORDER_STATES }).notNull(),
    actorId: integer("actor_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reason: text("reason"),
    at: integer("at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`),
  },
  // Read oldest first by id, which the index carries as the rowid.
  (table) => [
    oneOf("order_events_action_check", table.action, ORDER_EVENT_ACTIONS),
    oneOf("order_events_state_check", table.state, ORDER_STATES),
    index("order_events_order_idx").on(table.orderId),
  ],
);

/** The thread between an order's two parties, read oldest first. */
export const orderMessages = sqliteTable(
  "order_messages",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    authorId: integer("author_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    body: text("body").notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("order_messages_order_idx").on(table.orderId)],
);

/** What each party of a completed order says of the other: one review per party and order. */
export const reviews = sqliteTable(
  "reviews",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    authorId: integer("author_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The member reviewed: the order's other party. */
    subjectId: integer("subject_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    rating: integer("rating").notNull(),
    text: text("text").notNull(),
    createdAt: createdAt(),
  },
  // A member's rating and their list of reviews read by subject, newest first.
  (table) => [
    check("reviews_rating_check", sql`${table.rating} between 1 and 5`),
    check("reviews_subject_check", sql`${table.authorId} <> ${table.subjectId}`),
    uniqueIndex("reviews_order_author_idx").on(table.orderId, table.authorId),
    index("reviews_subject_created_idx").on(table.subjectId, table.createdAt),
  ],
);

export type User = typeof users.$inferSelect;
export type Post = typeof posts.$inferSelect;
export type Job = typeof jobs.$inferSelect;
export type Listing = typeof listings.$inferSelect;
export type Order = typeof orders.$inferSelect;

/**
 * The impact ledger: one row a material flow of one member. Weights and CO2e are whole grams, so
 * every total is an exact sum of its entries. `co2e_g` is what the entry avoided against landfill,
 * worked out when the entry was written from the factor table named in `factor_table` (its
 * edition): a later edition never rewrites it. An order's completion writes one entry for each
 * party (`source` = order); `counts_once` is set on the seller's, so platform totals add an order
 * once. Rows are summed by day in impact_days, kept by triggers (migration 0010).
 */
export const impactEntries = sqliteTable(
  "impact_entries",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    memberId: integer("member_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The day it happened, YYYY-MM-DD. */
    date: text("date").notNull(),
    material: text("material", { enum: MATERIALS }).notNull(),
    treatment: text("treatment", { enum: TREATMENTS }).notNull(),
    weightG: integer("weight_g").notNull(),
    /** Money in whole cents of `currency`: positive a revenue, negative a cost; null when none was given. */
    revenueCents: integer("revenue_cents"),
    currency: text("currency"),
    note: text("note"),
    source: text("source", { enum: ENTRY_SOURCES }).notNull(),
    orderId: integer("order_id").references(() => orders.id, { onDelete: "cascade" }),
    countsOnce: integer("counts_once", { mode: "boolean" }).notNull().default(true),
    co2eG: integer("co2e_g").notNull(),
    factorTable: text("factor_table").notNull(),
    /** The key a form (or a client) sent the entry with: sent again, it records nothing new. */
    submissionKey: text("submission_key"),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`),
  },
  // The list and the export read one member's entries by day; recent activity by when they were written.
  (table) => [
    oneOf("impact_entries_material_check", table.material, MATERIALS),
    oneOf("impact_entries_treatment_check", table.treatment, TREATMENTS),
    oneOf("impact_entries_source_check", table.source, ENTRY_SOURCES),
    check(
      "impact_entries_weight_check",
      sql`${table.weightG} > 0 and ${table.weightG} <= ${sql.raw(String(MAX_ENTRY_WEIGHT_G))}`,
    ),
    check("impact_entries_date_check", sql`${table.date} glob '[12][0-9][0-9][0-9]-[01][0-9]-[0-3][0-9]'`),
    check("impact_entries_order_check", sql`(${table.source} = 'order') = (${table.orderId} is not null)`),
    check("impact_entries_currency_check", sql`(${table.revenueCents} is null) = (${table.currency} is null)`),
    index("impact_entries_member_date_idx").on(table.memberId, table.date, table.id),
    index("impact_entries_member_created_idx").on(table.memberId, table.createdAt),
    uniqueIndex("impact_entries_order_member_idx").on(table.orderId, table.memberId),
    uniqueIndex("impact_entries_member_submission_idx").on(table.memberId, table.submissionKey),
  ],
);

/**
 * A member's entries summed by day, material, treatment and currency: what the dashboard, the
 * report and /api/impact read, so a member with years of entries costs a few hundred rows. Written
 * only by the triggers on impact_entries, in the same statement as the entry.
 */
export const impactDays = sqliteTable(
  "impact_days",
  {
    memberId: integer("member_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    date: text("date").notNull(),
    material: text("material").notNull(),
    treatment: text("treatment").notNull(),
    /** The entries' currency, '' for those without money. */
    currency: text("currency").notNull(),
    entries: integer("entries").notNull(),
    weightG: integer("weight_g").notNull(),
    co2eG: integer("co2e_g").notNull(),
    revenueCents: integer("revenue_cents").notNull(),
    costCents: integer("cost_cents").notNull(),
    /** The same sums over the entries from orders (weight both parties confirmed), to show apart from self-reported ones. */
    confirmedWeightG: integer("confirmed_weight_g").notNull(),
    confirmedCo2eG: integer("confirmed_co2e_g").notNull(),
    /** The same sums over the entries with counts_once, for totals across members. */
    onceWeightG: integer("once_weight_g").notNull(),
    onceCo2eG: integer("once_co2e_g").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.memberId, table.date, table.material, table.treatment, table.currency] }),
    index("impact_days_date_idx").on(table.date),
  ],
);

/**
 * A member's entries summed by day and currency alone, the weight of each treatment in a column
 * of its own: one or two rows a day, so the dashboard's cards and trend (and GET /api/impact) read
 * at most a few hundred rows whatever the number of entries or materials. Written only by the
 * triggers on impact_entries (migration 0010), beside impact_days; a new treatment needs a column.
 */
export const impactMemberDays = sqliteTable(
  "impact_member_days",
  {
    memberId: integer("member_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    date: text("date").notNull(),
    /** The entries' currency, '' for those without money. */
    currency: text("currency").notNull(),
    entries: integer("entries").notNull(),
    weightG: integer("weight_g").notNull(),
    co2eG: integer("co2e_g").notNull(),
    revenueCents: integer("revenue_cents").notNull(),
    costCents: integer("cost_cents").notNull(),
    confirmedWeightG: integer("confirmed_weight_g").notNull(),
    confirmedCo2eG: integer("confirmed_co2e_g").notNull(),
    collectedG: integer("collected_g").notNull(),
    reusedG: integer("reused_g").notNull(),
    recycledG: integer("recycled_g").notNull(),
    compostedG: integer("composted_g").notNull(),
    energyRecoveryG: integer("energy_recovery_g").notNull(),
    landfilledG: integer("landfilled_g").notNull(),
  },
  (table) => [primaryKey({ columns: [table.memberId, table.date, table.currency] })],
);

/**
 * The days on which a member was active: signed in (a session was made) or wrote anything (a post,
 * comment, follow, listing, order, message, review or entry). Written by triggers (migration 0010);
 * Active Users counts the distinct members of a period.
 */
export const activityDays = sqliteTable(
  "activity_days",
  {
    day: text("day").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
  },
  (table) => [primaryKey({ columns: [table.day, table.userId] })],
);

export type ImpactEntry = typeof impactEntries.$inferSelect;

/**
 * A change of e-mail waiting for its link: nothing changes until the link mailed to the new
 * address is opened, once, before it expires (the rules of password reset links).
 */
export const emailChanges = sqliteTable(
  "email_changes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The new address, lower-cased and trimmed. */
    newEmail: text("new_email").notNull(),
    /** SHA-256 of the mailed token, hex: the token itself is never stored. */
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("email_changes_user_id_idx").on(table.userId)],
);

/**
 * What a member hears about. `subject_type`/`subject_id` name the thing it links to (a post, an
 * order, a member); `fold_key` lets likes on one post in one day fold into one notification
 * (unique per recipient while set), counting `actors` and naming the latest `actor_id`. Read when
 * `read_at` is set. `emailed_at` records the instant mail or the digest that carried it.
 */
export const notifications = sqliteTable(
  "notifications",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    recipientId: integer("recipient_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: text("type", { enum: NOTIFICATION_TYPES }).notNull(),
    /** The member whose doing it is (the latest of a fold); null once they deleted their account. */
    actorId: integer("actor_id").references(() => users.id, { onDelete: "set null" }),
    /** How many members a fold holds (1 for an unfolded notification). */
    actors: integer("actors").notNull().default(1),
    subjectType: text("subject_type", { enum: ["post", "comment", "order", "user", "listing"] }).notNull(),
    subjectId: integer("subject_id").notNull(),
    /** A short text of the thing (a post's title, a listing's title), as it was. */
    excerpt: text("excerpt").notNull().default(""),
    /** What the moderators wrote (a reason, a note), for the notices moderation sends; null otherwise. */
    detail: text("detail"),
    foldKey: text("fold_key"),
    readAt: integer("read_at", { mode: "timestamp_ms" }),
    emailedAt: integer("emailed_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`),
  },
  // The bell counts a member's unread; the list reads theirs newest first; folds find their row;
  // the sweep finds the old ones.
  (table) => [
    oneOf("notifications_type_check", table.type, NOTIFICATION_TYPES),
    index("notifications_recipient_updated_idx").on(table.recipientId, table.updatedAt, table.id),
    index("notifications_recipient_unread_idx")
      .on(table.recipientId)
      .where(sql`${table.readAt} is null`),
    uniqueIndex("notifications_recipient_fold_idx").on(table.recipientId, table.foldKey),
    // The hourly sweep finds the notifications past their retention (features/notifications/retention.server.ts).
    index("notifications_updated_idx").on(table.updatedAt),
  ],
);

/** A member's choice per notification type; a type without a row takes its default (app/features/notifications). */
export const notificationPreferences = sqliteTable(
  "notification_preferences",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: text("type", { enum: NOTIFICATION_TYPES }).notNull(),
    inApp: integer("in_app", { mode: "boolean" }).notNull(),
    email: text("email", { enum: EMAIL_MODES }).notNull(),
    /**
     * How many times the member chose to get this type's e-mails (any mode but "off", set anew):
     * an unsubscribe link names the count it was sent under, so one sent before the member turned
     * the mails back on stops nothing. A type without a row is at 0.
     */
    emailVersion: integer("email_version").notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.type] }),
    oneOf("notification_preferences_type_check", table.type, NOTIFICATION_TYPES),
    oneOf("notification_preferences_email_check", table.email, EMAIL_MODES),
  ],
);

/** The daily digests sent: one a member a day, so a restart or a second runner never sends one twice. */
/**
 * Fixed-window counters of the rate limits and allowances (app/services/rate-limit.server.ts),
 * shared by every process of the server. `key` is what is counted (an action and an address, an
 * account or a member; a long one as its hash), `reset_at` when its window ends (ms since the
 * epoch), `count` the attempts counted in it. Expired rows are swept hourly.
 */
export const rateLimits = sqliteTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    resetAt: integer("reset_at").notNull(),
    count: integer("count").notNull(),
  },
  // The sweep deletes by window end, and a full table drops the windows that end first.
  (table) => [index("rate_limits_reset_at_idx").on(table.resetAt)],
);

/**
 * The member exports being sent now (app/services/member-exports.server.ts), one a member and
 * kind, in the database so that every process of the server (WORKERS) sees them. `holder` names
 * the download holding the lease; a download pushes `expires_at` on as it sends, so a lease left
 * behind by a process that died ends by itself.
 */
export const exportLeases = sqliteTable(
  "export_leases",
  {
    memberId: integer("member_id").notNull(),
    kind: text("kind").notNull(),
    holder: text("holder").notNull(),
    expiresAt: integer("expires_at").notNull(),
  },
  (table) => [primaryKey({ columns: [table.memberId, table.kind] })],
);

export const digestSends = sqliteTable(
  "digest_sends",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The day (YYYY-MM-DD, UTC) the digest is for. */
    day: text("day").notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.day] })],
);

export type Notification = typeof notifications.$inferSelect;

/**
 * A member's report of a post, a comment, a listing or another member: once per member and thing.
 * `target_user_id` is the thing's author (owner, or the member reported), so an admin sees every
 * report about a member. Reports of one thing group in the queue; resolving one resolves the
 * open ones of its thing together, by the admin `resolved_by`, with their note.
 */
export const reports = sqliteTable(
  "reports",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    reporterId: integer("reporter_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    targetType: text("target_type", { enum: REPORT_TARGETS }).notNull(),
    targetId: integer("target_id").notNull(),
    targetUserId: integer("target_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reason: text("reason", { enum: REPORT_REASONS }).notNull(),
    note: text("note").notNull().default(""),
    state: text("state", { enum: REPORT_STATES }).notNull().default("open"),
    resolvedBy: integer("resolved_by").references(() => users.id),
    resolvedAt: integer("resolved_at", { mode: "timestamp_ms" }),
    resolutionNote: text("resolution_note"),
    createdAt: createdAt(),
  },
  (table) => [
    oneOf("reports_target_type_check", table.targetType, REPORT_TARGETS),
    oneOf("reports_reason_check", table.reason, REPORT_REASONS),
    oneOf("reports_state_check", table.state, REPORT_STATES),
    uniqueIndex("reports_reporter_target_idx").on(table.reporterId, table.targetType, table.targetId),
    // The queue reads one state's groups; a group is one thing's reports.
    index("reports_state_target_idx").on(table.state, table.targetType, table.targetId),
    index("reports_target_user_idx").on(table.targetUserId, table.createdAt),
  ],
);

/** A member (`blocker_id`) who no longer wants to see or hear from another (`blocked_id`). */
export const blocks = sqliteTable(
  "blocks",
  {
    blockerId: integer("blocker_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    blockedId: integer("blocked_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.blockerId, table.blockedId] }),
    index("blocks_blocked_idx").on(table.blockedId),
    check("blocks_self_check", sql`${table.blockerId} <> ${table.blockedId}`),
  ],
);

/**
 * Every admin action: who (`admin_id`; null for the operator's command line), what, on what,
 * when and the note. Append-only: triggers (migration 0012) refuse every UPDATE and DELETE, so
 * nothing in the app, the API or a bug can rewrite it. Members are never deleted (an account
 * deletion leaves a tombstone row), so its references always resolve.
 */
export const auditLog = sqliteTable(
  "audit_log",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    adminId: integer("admin_id").references(() => users.id),
    action: text("action", { enum: AUDIT_ACTIONS }).notNull(),
    targetType: text("target_type", { enum: REPORT_TARGETS }).notNull(),
    targetId: integer("target_id").notNull(),
    note: text("note").notNull().default(""),
    /** What else the action set (a suspension's end, an author type), as JSON. */
    details: text("details", { mode: "json" })
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'`),
    createdAt: createdAt(),
  },
  (table) => [
    oneOf("audit_log_action_check", table.action, AUDIT_ACTIONS),
    index("audit_log_created_idx").on(table.createdAt, table.id),
    index("audit_log_admin_created_idx").on(table.adminId, table.createdAt, table.id),
    index("audit_log_action_created_idx").on(table.action, table.createdAt, table.id),
  ],
);

export type Report = typeof reports.$inferSelect;
export type AuditEntry = typeof auditLog.$inferSelect;

/**
 * A session ended by something other than its own device (a password change, "sign out
 * everywhere", a suspension): its id and why, so the device still holding its token is told why
 * it was signed out. Kept until the token would have expired anyway; the hourly sweep deletes it then.
 */
export const endedSessions = sqliteTable(
  "ended_sessions",
  {
    /** The ended session's id (the JWT's `jti`). */
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reason: text("reason", { enum: SIGNED_OUT_REASONS }).notNull(),
    endedAt: createdAt(),
    /** When the session would have expired: after it, the token is refused as expired anyway. */
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [
    index("ended_sessions_user_id_idx").on(table.userId),
    index("ended_sessions_expires_at_idx").on(table.expiresAt),
    oneOf("ended_sessions_reason_check", table.reason, SIGNED_OUT_REASONS),
  ],
);
