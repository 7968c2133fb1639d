/** The exchange: the sample product catalogue and cart, members' listings, orders, their history, messages and reviews. */
import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
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
} from "../exchange-values";
import {
  CONTAINER_TYPES,
  PHYSICAL_FORMS,
  type ContainerType,
  type OrderTransferDetails,
  type PhysicalForm,
} from "../waste-values";
import { createdAt, oneOf, storedFile } from "./columns";
import { users } from "./members";

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
    /** Where `location` is on the map (app/services/places), set whenever it is written; null when it names no known place. */
    lat: real("lat"),
    lng: real("lng"),
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
    /**
     * A waste listing's List of Waste codes (one to five six-digit codes, none hazardous), as a
     * JSON array; null for any other listing. The waste columns below are null exactly when this is.
     */
    ewcCodes: text("ewc_codes", { mode: "json" }).$type<string[]>(),
    wasteDescription: text("waste_description"),
    physicalForm: text("physical_form", { enum: PHYSICAL_FORMS }).$type<PhysicalForm>(),
    /** A container code of the digital waste tracking service (BAG, SKI, …). */
    containerType: text("container_type", { enum: CONTAINER_TYPES }).$type<ContainerType>(),
    /** How many containers. */
    containers: integer("containers"),
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
      "listings_physical_form_check",
      sql`${table.physicalForm} is null or ${table.physicalForm} in (${sql.raw(PHYSICAL_FORMS.map((value) => `'${value}'`).join(", "))})`,
    ),
    check(
      "listings_container_type_check",
      sql`${table.containerType} is null or ${table.containerType} in (${sql.raw(CONTAINER_TYPES.map((value) => `'${value}'`).join(", "))})`,
    ),
    check("listings_containers_check", sql`${table.containers} is null or ${table.containers} > 0`),
    check(
      "listings_price_check",
      sql`${table.priceCents} >= 0 and ${table.priceCents} <= ${sql.raw(String(MAX_PRICE_CENTS))} and (${table.kind} <> 'free' or ${table.priceCents} = 0)`,
    ),
    index("listings_status_created_idx").on(table.status, table.createdAt, table.id),
    // "Featured": members' listings newest first (is_sample = 0), then the samples (is_sample = 1), each read backwards.
    index("listings_status_sample_created_idx").on(table.status, table.isSample, table.createdAt, table.id),
    // The listings no moderator hid, by status and sample: a search's total counts them here
    // without reading a row, and a search without a filter of its own reads them in the table's
    // order rather than along the map's index.
    index("listings_visible_status_sample_idx")
      .on(table.status, table.isSample)
      .where(sql`hidden_at IS NULL`),
    index("listings_category_status_created_idx").on(table.category, table.status, table.createdAt, table.id),
    index("listings_material_status_created_idx").on(table.material, table.status, table.createdAt, table.id),
    // The distance search: active listings in a bounding box on the map, before the exact distance.
    index("listings_status_lat_lng_idx").on(table.status, table.lat, table.lng),
    // The rows the start-up pass has yet to place on the map: none, once it has run.
    index("listings_unplaced_idx")
      .on(table.id)
      .where(sql`lat IS NULL AND location <> ''`),
    index("listings_seller_created_idx").on(table.sellerId, table.createdAt, table.id),
  ],
);

/**
 * A waste listing's codes again, one row each with its chapter, written with the listing's
 * `ewc_codes`: what the marketplace's filters by code and by chapter search through an index.
 */
export const listingWasteCodes = sqliteTable(
  "listing_waste_codes",
  {
    listingId: integer("listing_id")
      .notNull()
      .references(() => listings.id, { onDelete: "cascade" }),
    code: text("code").notNull(),
    /** The code's first two digits. */
    chapter: text("chapter").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.listingId, table.code] }),
    index("listing_waste_codes_code_idx").on(table.code, table.listingId),
    index("listing_waste_codes_chapter_idx").on(table.chapter, table.listingId),
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
    /**
     * The price per unit on the table: the asking price or the requester's offer when asked for,
     * the owner's counter once countered; what was agreed once accepted.
     */
    unitPriceCents: integer("unit_price_cents").notNull(),
    /** The requester's offer per unit, below the asking price; null when they asked at the asking price. */
    offerPriceCents: integer("offer_price_cents"),
    /** The owner's counter to the offer, per unit; set, the order waits on the requester's answer to it. */
    counterPriceCents: integer("counter_price_cents"),
    state: text("state", { enum: ORDER_STATES }).notNull().default("requested"),
    handover: text("handover", { enum: HANDOVERS }).notNull(),
    /** What the requester wrote with the request. */
    message: text("message"),
    buyerConfirmedAt: integer("buyer_confirmed_at", { mode: "timestamp_ms" }),
    sellerConfirmedAt: integer("seller_confirmed_at", { mode: "timestamp_ms" }),
    /** The weight that changed hands, in kg: weighed by a party on completion, else worked out from the quantity. */
    weightKg: real("weight_kg"),
    /**
     * On an order of a waste listing, what each party gave for the transfer note when they
     * confirmed completion (the transferor's declaration, place and estimate flag, the carrier's
     * details), gathered until the second confirmation issues the note from it; null otherwise.
     */
    transferDetails: text("transfer_details", { mode: "json" }).$type<OrderTransferDetails>(),
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
    /** The price per unit a counter named; null for every other move. */
    priceCents: integer("price_cents"),
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

export type Listing = typeof listings.$inferSelect;

export type Order = typeof orders.$inferSelect;
