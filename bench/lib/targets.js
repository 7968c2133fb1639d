// What is measured: the paths of each read and page, and the labels of the references.

/** The exchange's JSON reads, each beside the floor (the minimal JSON route). */
export const listingTargets = [
  "/api/listings",
  "/api/listings?search=compost",
  "/api/listings?category=plastics&sort=price_asc",
  // A search near a postcode: half the listings are in a few dozen UK towns and postcode districts (bench/seed-data.js).
  "/api/listings?near=LS1&radius_km=100&sort=distance",
];
/** The exchange's pages, each beside the minimal page; ORDER_PAGE is replaced by an order of the reader's. */
export const ORDER_PAGE = "/app/orders/:id";
export const exchangePages = ["/app/marketplace", ORDER_PAGE];
/** The marketplace as visitors read it, without a token or a session: the JSON beside the floor, the page beside the minimal page. */
export const publicListingTargets = ["/api/public/listings", "/api/public/listings?search=compost"];
export const publicPages = ["/marketplace"];
/** The impact ledger's reads for a member with IMPACT_ENTRIES entries: the page beside the minimal page, the JSON beside the floor. */
export const IMPACT_PAGE = "/app/dashboard?period=90";
export const IMPACT_JSON = "/api/impact?period=90";
/** The same member's profile: their figures (from the ledger's per-day sums), achievements and activity. */
export const PROFILE_PAGE = "/app/profile";
/** The same member's register of TRANSFER_NOTES transfer notes (its first page, with the totals by code). */
export const TRANSFER_NOTES_PAGE = "/app/transfer-notes";
export const TRANSFER_NOTES_JSON = "/api/transfer-notes";
/** The reader's notifications (a page of them, FANS new followers) and its order, as JSON beside the floor. */
export const NOTIFICATIONS_JSON = "/api/notifications";
export const ORDER_JSON = "/api/orders/:id";
export const NOTIFICATIONS_PAGE = "/app/notifications";
export const FANS = 25;
/**
 * The lot at the end of a chain of 50 hand-overs with 10,000 lots below it, held by the member with
 * the long ledger (bench/lot-chain-data.js): its page beside the minimal page, its JSON beside the floor.
 */
export const LOT_PAGE = "/app/lots/:id";
export const LOT_JSON = "/api/lots/:id";
/** A like, with the notification it writes for the post's author. */
export const LIKE_JSON = "POST /api/posts/1/interactions {like}";

export const feedTargets = [
  "/api/feed/personalized",
  "/api/feed/personalized?page=50",
  "/api/feed/trending",
  "/api/feed/local",
  "/api/feed/following",
  "/api/feed/search?query=compost",
];

/** Label of a feed measured on the 100k app in the 1M rounds. */
export const on100k = (/** @type {string} */ target) => `${target} (100k)`;

/** What is measured with one worker and with two: a feed (JSON) and a member's page. */
export const WORKER_TARGETS = ["/api/feed/personalized", NOTIFICATIONS_PAGE];

export const FLOOR = "minimal RR JSON route (floor)";
/**
 * The hot JSON reads measured beside their own work: the statements the app ran for one warm
 * request of each, with the same values, and its JSON, on a bare node:http server (the read's
 * physical limit; bench/reference/own-work-server.js). SQLite's file only.
 */
export const OWN_WORK_TARGETS = [
  ...feedTargets,
  listingTargets[0],
  listingTargets[1],
  ORDER_JSON,
  NOTIFICATIONS_JSON,
  IMPACT_JSON,
  TRANSFER_NOTES_JSON,
];
/** Label of a read's own work on the bare server. */
export const ownWork = (/** @type {string} */ target) => `${target}: own work (limit)`;
/** The same route behind the adapter server.js uses: the least this stack spends on a request. */
export const ADAPTER_FLOOR = "minimal RR JSON route, node:http";
