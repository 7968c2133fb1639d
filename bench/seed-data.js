// Builds a benchmark database: the app's migrations, then members and posts in bulk.
import bcrypt from "bcryptjs";
import Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { insertLotChain } from "./lot-chain-data.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

const CATEGORIES = [
  "recycling",
  "composting",
  "upcycling",
  "renewable_energy",
  "transportation",
  "food_waste",
  "plastic_reduction",
  "gardening",
  "diy_projects",
  "community_action",
  "education",
  "policy",
];
/** The marketplace's categories and materials, as the app lists them (app/features/exchange/vocabulary.ts). */
const LISTING_CATEGORIES = [
  "furniture",
  "electronics",
  "office_supplies",
  "garden",
  "home_decor",
  "clothing",
  "tools",
  "plastics",
  "metals",
  "paper",
  "glass",
  "organics",
  "textiles",
  "wood",
  "construction",
  "mixed",
];
const MATERIALS = [
  "plastics",
  "metals",
  "paper",
  "glass",
  "organics",
  "textiles",
  "wood",
  "electronics",
  "construction",
  "mixed",
];
const TYPES = ["general", "tip", "project", "question", "event", "news", "achievement"];
const CITIES = ["Berlin", "Lagos", "Pune", "Rotterdam", "Accra", "Austin", "Lyon", "Nairobi", "Osaka", "Lima"];
/**
 * Where each place is on the map, as the app's gazetteer places it (app/services/places): the bench
 * writes the points with the rows, as the app's stores do, so its start-up pass has nothing to do.
 */
/** @type {Record<string, [number, number]>} */
const POINTS = {
  Berlin: [52.5244, 13.4105],
  Lagos: [6.4541, 3.3947],
  Pune: [18.5196, 73.8554],
  Rotterdam: [51.9225, 4.4792],
  Accra: [5.556, -0.1969],
  Austin: [30.2672, -97.7431],
  Lyon: [45.7485, 4.8467],
  Nairobi: [-1.2833, 36.8167],
  Osaka: [34.6937, 135.5022],
  Lima: [-12.0432, -77.0282],
  Leeds: [53.7965, -1.5478],
  Manchester: [53.481, -2.2374],
  Birmingham: [52.4814, -1.8998],
  Bristol: [51.4552, -2.5966],
  Sheffield: [53.383, -1.4659],
  Liverpool: [53.4106, -2.9779],
  "Newcastle upon Tyne": [54.9733, -1.614],
  Nottingham: [52.9536, -1.1505],
  Leicester: [52.6386, -1.1317],
  Glasgow: [55.8652, -4.2576],
  Edinburgh: [55.9521, -3.1965],
  Cardiff: [51.48, -3.18],
  Belfast: [54.5968, -5.9254],
  Southampton: [50.904, -1.4043],
  Norwich: [52.6278, 1.2983],
  Exeter: [50.7236, -3.5275],
  York: [53.9576, -1.0827],
  Derby: [52.9228, -1.4766],
  Plymouth: [50.3715, -4.143],
  "LS1 4AP": [53.7965, -1.5478],
  M1: [53.4809, -2.2374],
  B1: [52.4814, -1.8998],
  "BS1 5TR": [51.4552, -2.5966],
  S1: [53.383, -1.4659],
  L1: [53.4106, -2.9779],
  NE1: [54.9733, -1.614],
  G1: [55.8651, -4.2576],
  EH1: [55.9521, -3.1965],
  CF10: [51.48, -3.18],
  SW1A: [51.5018, -0.1328],
  "E1 6AN": [51.513, -0.0618],
  N1: [51.5367, -0.0944],
  OX1: [51.7248, -1.275],
  CB1: [52.1962, 0.1483],
  BN1: [50.8614, -0.1204],
};
/** Where listings are: real UK towns and postcodes, so a search near a postcode finds some within its radius. */
const UK_PLACES = Object.keys(POINTS).slice(CITIES.length);
const pointOf = (/** @type {string} */ place) => POINTS[place] ?? [null, null];
const WORDS = (
  "compost recycling plastic bottles sorting bins community garden solar energy repair reuse glass paper " +
  "cardboard metal aluminium textile clothes swap market food waste collection route truck depot bale grade buyer " +
  "price volunteers school workshop event local city policy deposit scheme upcycled pallet wood furniture tools " +
  "battery electronics phone laptop water rain barrel worms soil seeds trees cleanup beach river park neighbourhood"
).split(" ");

/**
 * A small deterministic random generator, so every run builds the same data.
 * @param {number} seed
 * @returns {() => number} from 0 up to (not including) 1
 */
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), state | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Creates the database at `file` with `members` members and `posts` posts spread over a year:
 * every category and type, a tenth with a location, some local events, engagement with a long
 * tail (a few posts get most of it). Ids grow with creation time, as they do for real posts.
 * Then `listings` marketplace listings by the same members over the same year (every kind,
 * category, material and unit; a tenth paused or closed, a twentieth sold out), and completed
 * orders with a review each way, so sellers have ratings. With `impactEntries`, one more member
 * who can sign in (IMPACT_MEMBER) with that many impact ledger entries, holding the lot at the
 * end of a chain of 50 hand-overs with 10,000 lots below it (bench/lot-chain-data.js); with
 * `transferNotes`, that member is also a party to that many transfer notes.
 * @param {string} file
 * @param {{ members: number; posts: number; listings: number; impactEntries?: number; transferNotes?: number }} size
 */
export function createBenchDatabase(file, { members, posts, listings, impactEntries = 0, transferNotes = 0 }) {
  const sqlite = new Database(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = OFF");
  migrate(drizzle(sqlite), { migrationsFolder: path.join(root, "db/migrations") });
  const rand = random(42);
  const pick = (/** @type {string[]} */ list) => list[Math.floor(rand() * list.length)];
  const words = (/** @type {number} */ count) => Array.from({ length: count }, () => pick(WORDS)).join(" ");
  const now = Date.now();
  const YEAR = 365 * 24 * 3600 * 1000;

  const insertUser = sqlite.prepare(
    "INSERT INTO users (username, email, password_hash, user_type, author_type, is_verified, created_at) VALUES (?, ?, '!', 'user', ?, ?, ?)",
  );
  const insertPost = sqlite.prepare(`INSERT INTO posts (author_id, title, content, post_type, category, tags, location_name,
    is_local_event, event_date, environmental_impact, is_featured, likes_count, comments_count, shares_count, views_count, created_at,
    lat, lng)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, '{}', ?, ?, ?, ?, ?, ?, ?, ?)`);

  sqlite.transaction(() => {
    for (let i = 1; i <= members; i++) {
      const kind = i % 50 === 0 ? "expert" : "other";
      insertUser.run(`Member ${i}`, `member${i}@bench.example`, kind, i % 10 === 0 ? 1 : 0, now - YEAR);
    }
  })();

  const BATCH = 10_000;
  for (let start = 0; start < posts; start += BATCH) {
    sqlite.transaction(() => {
      for (let i = start; i < Math.min(posts, start + BATCH); i++) {
        // Oldest first, so ids grow with time.
        const createdAt = now - YEAR + Math.floor((i / posts) * YEAR);
        const type = pick(TYPES);
        const local = rand() < 0.1;
        const isEvent = local && type === "event";
        const heat = rand() ** 4; // long tail: most posts get little, a few get a lot
        const likes = Math.floor(heat * 400);
        // Drawn where it always was among the row's values, so the same seed gives the same database.
        /** @type {string | null} */
        let place = null;
        insertPost.run(
          1 + Math.floor(rand() * members),
          `${words(3)} ${i}`,
          words(40),
          type,
          pick(CATEGORIES),
          JSON.stringify([pick(WORDS), pick(WORDS)]),
          (place = local ? pick(CITIES) : null),
          isEvent ? 1 : 0,
          isEvent ? createdAt + Math.floor(rand() * 60) * 24 * 3600 * 1000 : null,
          i === posts - 1 ? 1 : 0,
          likes,
          Math.floor(likes * rand() * 0.3),
          Math.floor(likes * rand() * 0.2),
          likes * 10 + Math.floor(rand() * 100),
          createdAt,
          ...(place ? pointOf(place) : [null, null]),
        );
      }
    })();
  }
  insertListings(sqlite, { members, listings, rand, pick, words, now, YEAR });
  if (impactEntries > 0 || transferNotes > 0) {
    const memberId = insertImpactMember(sqlite, { entries: impactEntries, rand, pick, now });
    if (transferNotes > 0) insertTransferNotes(sqlite, { memberId, notes: transferNotes, members, rand, pick, now });
    if (impactEntries > 0) insertLotChain(sqlite, { holderId: memberId, members, now });
  }
  sqlite.pragma("wal_checkpoint(TRUNCATE)");
  sqlite.close();
}

/**
 * The marketplace's share of the bench database: listings, and one completed order with two
 * reviews for every fiftieth listing.
 * @param {import("better-sqlite3").Database} sqlite
 * @param {{ members: number; listings: number; rand: () => number; pick: (list: string[]) => string;
 *   words: (count: number) => string; now: number; YEAR: number }} options
 */
function insertListings(sqlite, { members, listings, rand, pick, words, now, YEAR }) {
  const insertListing = sqlite.prepare(`INSERT INTO listings (seller_id, kind, title, description, category, material, condition,
    quantity, unit, weight_per_unit_kg, price_cents, quantity_left, location, handover, status, created_at, updated_at, lat, lng)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const insertOrder =
    sqlite.prepare(`INSERT INTO orders (listing_id, buyer_id, seller_id, quantity, unit_price_cents, state, handover,
    buyer_confirmed_at, seller_confirmed_at, weight_kg, created_at, updated_at) VALUES (?, ?, ?, 1, ?, 'completed', ?, ?, ?, ?, ?, ?)`);
  const insertReview = sqlite.prepare(
    "INSERT INTO reviews (order_id, author_id, subject_id, rating, text, created_at) VALUES (?, ?, ?, ?, ?, ?)",
  );
  const KINDS = ["sale", "sale", "sale", "free", "wanted"];
  const UNITS = ["piece", "kg", "t"];
  const CONDITIONS = ["new", "like_new", "used", "refurbished", "for_parts", "scrap"];
  const HANDOVERS = ["collection", "delivery", "buyer_transport"];
  const BATCH = 10_000;
  for (let start = 0; start < listings; start += BATCH) {
    sqlite.transaction(() => {
      for (let i = start; i < Math.min(listings, start + BATCH); i++) {
        const createdAt = now - YEAR + Math.floor((i / listings) * YEAR);
        const kind = pick(KINDS);
        const unit = pick(UNITS);
        const quantity = unit === "piece" ? 1 + Math.floor(rand() * 200) : Math.round(rand() * 5000 * 1000) / 1000 + 1;
        const state = rand();
        const sellerId = 1 + Math.floor(rand() * members);
        let location = "";
        const listingId = insertListing.run(
          sellerId,
          kind,
          `${words(3)} ${i}`,
          words(30),
          pick(LISTING_CATEGORIES),
          pick(MATERIALS),
          pick(CONDITIONS),
          quantity,
          unit,
          unit === "piece" ? Math.round(rand() * 50_000) / 1000 + 0.1 : null,
          kind === "free" ? 0 : Math.floor(rand() * 100_000),
          state < 0.05 ? 0 : quantity,
          (location = rand() < 0.5 ? pick(UK_PLACES) : ""),
          pick(HANDOVERS),
          state > 0.95 ? "closed" : state > 0.9 ? "paused" : "active",
          createdAt,
          createdAt,
          ...(location ? pointOf(location) : [null, null]),
        ).lastInsertRowid;
        if (i % 50 === 0 && kind !== "wanted") {
          const buyerId = 1 + ((sellerId + 1 + Math.floor(rand() * (members - 1))) % members);
          if (buyerId === sellerId) continue;
          const at = createdAt + 3600_000;
          const orderId = insertOrder.run(
            listingId,
            buyerId,
            sellerId,
            kind === "free" ? 0 : 100,
            "collection",
            at,
            at,
            10,
            at,
            at,
          ).lastInsertRowid;
          insertReview.run(orderId, buyerId, sellerId, 3 + Math.floor(rand() * 3), words(12), at);
          insertReview.run(orderId, sellerId, buyerId, 4 + Math.floor(rand() * 2), words(12), at);
        }
      }
    })();
  }
}

/** The member whose ledger the bench reads: it signs in with these, so its pages can be measured. */
export const IMPACT_MEMBER = { email: "impact@bench.example", password: "bench-password" };

const TREATMENTS = ["collected", "reused", "recycled", "composted", "energy_recovery", "landfilled"];
const DAY_MS = 24 * 3600 * 1000;

/**
 * IMPACT_MEMBER and `entries` ledger entries on random days of the last three years: random
 * materials, treatments and weights (1 kg to 5 t), a third with a revenue or a cost. One
 * transaction; the triggers of the ledger fill impact_days (and activity_days) as the app's own
 * writes do. The CO2e is a stand-in of 1 kg a kg for a treated load (the bench measures reading
 * the sums, not their truth), under a factor-table key of its own so nobody takes it for WARM's.
 * @param {import("better-sqlite3").Database} sqlite
 * @param {{ entries: number; rand: () => number; pick: (list: string[]) => string; now: number }} options
 */
function insertImpactMember(sqlite, { entries, rand, pick, now }) {
  const memberId = sqlite
    .prepare(
      "INSERT INTO users (username, email, password_hash, user_type, author_type, created_at) VALUES (?, ?, ?, 'user', 'other', ?)",
    )
    .run(
      "Impact Bench",
      IMPACT_MEMBER.email,
      bcrypt.hashSync(IMPACT_MEMBER.password, 12),
      now - 3 * 365 * DAY_MS,
    ).lastInsertRowid;
  const insertEntry = sqlite.prepare(`INSERT INTO impact_entries (member_id, date, material, treatment, weight_g, revenue_cents,
    currency, note, source, co2e_g, factor_table, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'recorded', ?, 'bench-stand-in', ?, ?)`);
  sqlite.transaction(() => {
    for (let i = 0; i < entries; i++) {
      const at = now - Math.floor(rand() * 3 * 365) * DAY_MS;
      const material = pick(MATERIALS);
      const treatment = pick(TREATMENTS);
      const weightG = 1000 + Math.floor(rand() * 4_999_000);
      const money = rand();
      const revenue = money < 0.2 ? Math.floor(rand() * 500_000) : money < 0.33 ? -Math.floor(rand() * 100_000) - 1 : null;
      const treated = treatment !== "collected" && treatment !== "landfilled" && material !== "mixed";
      insertEntry.run(
        memberId,
        new Date(at).toISOString().slice(0, 10),
        material,
        treatment,
        weightG,
        revenue,
        revenue === null ? null : "USD",
        rand() < 0.1 ? `Load ${i}` : null,
        treated ? weightG : 0,
        at,
        at,
      );
    }
  })();
  return Number(memberId);
}

/** Codes of the List of Waste the bench's notes name (non-hazardous packaging, metals, wood). */
const NOTE_CODES = [
  ["150101", "paper and cardboard packaging"],
  ["150102", "plastic packaging"],
  ["150103", "wooden packaging"],
  ["150104", "metallic packaging"],
  ["150106", "mixed packaging"],
  ["170201", "wood"],
  ["170405", "iron and steel"],
  ["191204", "plastic and rubber"],
];

/**
 * `notes` transfer notes over the last three years, the member the transferor of half and the
 * transferee of the other half, the other party one of the bench's members; one to three codes
 * each, a note's full snapshot as issuing writes it, numbered by year in transfer_note_numbers.
 * @param {import("better-sqlite3").Database} sqlite
 * @param {{ memberId: number; notes: number; members: number; rand: () => number; pick: (list: string[]) => string; now: number }} options
 */
function insertTransferNotes(sqlite, { memberId, notes, members, rand, now }) {
  const insertNote = sqlite.prepare(`INSERT INTO transfer_notes (number, transferor_id, transferee_id, issued_at, transferred_at,
    place, transferor, transferee, carrier, waste, hierarchy_declaration, signatures, retain_until, weight_kg)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?, ?)`);
  const insertCode = sqlite.prepare("INSERT INTO transfer_note_codes (note_id, code) VALUES (?, ?)");
  const counters = new Map();
  const times = Array.from({ length: notes }, () => now - Math.floor(rand() * 3 * 365 * DAY_MS)).sort((a, b) => a - b);
  const party = (/** @type {number} */ id) => ({
    member_id: id,
    member_name: `Member ${id}`,
    legal_name: `Bench Recycling ${id} Ltd`,
    address: `${id} Mill Lane, Leeds`,
    postcode: "LS1 4AP",
    country: "GB",
    sic_code: "38110",
    roles: ["producer", "permit_holder"],
    carrier_registration: null,
    permit_number: "EPR/AB1234CD",
    exemption_reference: null,
    site_name: `Yard ${id}`,
  });
  sqlite.transaction(() => {
    for (const at of times) {
      const other = 1 + Math.floor(rand() * members);
      const [from, to] = rand() < 0.5 ? [memberId, other] : [other, memberId];
      const year = new Date(at).getUTCFullYear();
      const count = (counters.get(year) ?? 0) + 1;
      counters.set(year, count);
      const codes = [
        ...new Set(Array.from({ length: 1 + Math.floor(rand() * 3) }, () => NOTE_CODES[Math.floor(rand() * NOTE_CODES.length)])),
      ];
      const weightKg = Math.round(50 + rand() * 20_000);
      const waste = {
        ewc_codes: codes.map(([code, description]) => ({ code, description })),
        description: `Baled ${codes[0][1]}`,
        physical_form: "Solid",
        container_type: "BAL",
        containers: 1 + Math.floor(rand() * 20),
        quantity: weightKg,
        unit: "kg",
        weight_kg: weightKg,
        weight_is_estimate: false,
      };
      const carrier = {
        name: `Bench Haulage ${other}`,
        registration_number: "CBDU123456",
        reason_for_no_registration: null,
        means_of_transport: "Road",
        vehicle_registration: "YX21 ABC",
      };
      const signatures = [
        { party: "transferor", name: `Member ${from}`, at: new Date(at - 3_600_000).toISOString() },
        { party: "transferee", name: `Member ${to}`, at: new Date(at).toISOString() },
      ];
      const id = insertNote.run(
        `CH-${year}-${String(count).padStart(6, "0")}`,
        from,
        to,
        at,
        at,
        `Yard ${from}, Leeds`,
        JSON.stringify(party(from)),
        JSON.stringify(party(to)),
        JSON.stringify(carrier),
        JSON.stringify(waste),
        JSON.stringify(signatures),
        at + 2 * 365 * DAY_MS,
        weightKg,
      ).lastInsertRowid;
      for (const [code] of codes) insertCode.run(id, code);
    }
    const insertCounter = sqlite.prepare("INSERT INTO transfer_note_numbers (year, last) VALUES (?, ?)");
    for (const [year, last] of counters) insertCounter.run(year, last);
  })();
}
