import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { listingPhotos, listings, listingWasteCodes, orders } from "../../../../db/schema";
import {
  andSql,
  blockedIdsOf,
  canSeeListing,
  publicListingConditions,
  visibleListingConditions,
  type Viewer,
} from "~/services/access.server";
import { getDb, statement, sqlText, type Db, transaction } from "~/services/database/db.server";
import { mediaUrl, moveMediaIntoPlace, type AcceptedMedia, type StoredMedia } from "~/services/media.server";
import { pointColumns } from "~/services/places/gazetteer.server";
import { reportedIds } from "~/features/moderation/reports.server";
import { distanceKm, roundedDistanceKm } from "~/lib/distance";
import type { SearchDistance } from "../listing-distance.server";
import { wasteCodesView } from "../waste-listing.server";
import { ratingsOf, type Rating } from "./reputation.server";
import type { ListingValues } from "../schemas";
import type { ListingStatus } from "../vocabulary";
import type { ListingCardView, ListingDetail, ListingPhotoView, ListingView, SampleDetails, WasteCodeView } from "../wire";
import { keepNewest } from "~/lib/recently-used";
import { frozen } from "~/lib/frozen";

/**
 * Listings' store: writing them, reading one, a member's own, and the cards of a search (the
 * search itself is listing-search.server.ts; the rules of creating and changing one are in
 * ../listings.server.ts).
 *
 * Reads are raw SQL through cached prepared statements, each written against an index of
 * db/schema/: the marketplace search is the exchange's hottest path. A search keeps its page of
 * ids and its total for a few seconds (cache.server); the listings of a page are read fresh.
 */

/** A listing row as the reads below select it. */
/** The columns a listing is written with (listingSchema's fields), as rows name them. */
type ListingColumn =
  | "kind"
  | "title"
  | "description"
  | "category"
  | "material"
  | "condition"
  | "quantity"
  | "unit"
  | "weightPerUnitKg"
  | "priceCents"
  | "location"
  | "handover"
  | "ewcCodes"
  | "wasteDescription"
  | "physicalForm"
  | "containerType"
  | "containers";

type ListingRow = {
  id: number;
  sellerId: number;
  username: string;
  kind: ListingView["kind"];
  title: string;
  description: string;
  category: string;
  material: ListingView["material"];
  condition: ListingView["condition"];
  quantity: number;
  unit: ListingView["unit"];
  weightPerUnitKg: number | null;
  priceCents: number;
  quantityLeft: number;
  location: string;
  handover: ListingView["handover"];
  /** JSON text as raw SQL reads it; the ORM's rows have it parsed. */
  ewcCodes: string | string[] | null;
  wasteDescription: string | null;
  physicalForm: ListingValues["physical_form"];
  containerType: ListingValues["container_type"];
  containers: number | null;
  status: ListingStatus;
  isSample: number;
  sampleProductId: number | null;
  createdAt: number;
  updatedAt: number;
  hiddenAt: number | null;
  sampleImages: string | null;
  lat: number | null;
  lng: number | null;
};

const ROW_COLUMNS = `l.id, l.seller_id AS sellerId, u.username, l.kind, l.title, l.description, l.category, l.material,
  l.condition, l.quantity, l.unit, l.weight_per_unit_kg AS weightPerUnitKg, l.price_cents AS priceCents,
  l.quantity_left AS quantityLeft, l.location, l.handover, l.ewc_codes AS ewcCodes,
  l.waste_description AS wasteDescription, l.physical_form AS physicalForm, l.container_type AS containerType, l.containers, l.status, l.is_sample AS isSample,
  l.sample_product_id AS sampleProductId, l.created_at AS createdAt, l.updated_at AS updatedAt, l.hidden_at AS hiddenAt, p.images AS sampleImages,
  l.lat, l.lng
  FROM listings l JOIN users u ON u.id = l.seller_id LEFT JOIN products p ON p.id = l.sample_product_id`;

const IMAGE_TYPES: Record<string, string> = { webp: "image/webp", jpg: "image/jpeg", jpeg: "image/jpeg", png: "image/png" };

/** A sample's pictures are the catalogue's static images under public/. */
const sampleImages = (json: string | null): ListingPhotoView[] =>
  (json ? (JSON.parse(json) as string[]) : []).map((url) => ({
    url,
    mime_type: IMAGE_TYPES[url.split(".").pop() ?? ""] ?? "image/webp",
  }));

/** The photos of several listings, each list in the order they were attached. */
async function photosOf(ids: number[]): Promise<Map<number, ListingPhotoView[]>> {
  const photos = new Map<number, ListingPhotoView[]>();
  if (!ids.length) return photos;
  const rows = (await statement(
    `SELECT listing_id AS listingId, file_name AS fileName, mime_type AS mimeType FROM listing_photos
     WHERE listing_id IN (SELECT value FROM json_each(?)) ORDER BY listing_id, position`,
  ).all(JSON.stringify(ids))) as { listingId: number; fileName: string; mimeType: string }[];
  for (const row of rows) {
    const list = photos.get(row.listingId) ?? [];
    list.push({ url: mediaUrl(row.fileName), mime_type: row.mimeType });
    photos.set(row.listingId, list);
  }
  return photos;
}

function toView(row: ListingRow, rating: Rating, photos: ListingPhotoView[]): ListingView {
  const own = ownPartOf(row);
  // Each field named, not spread from fieldsOf: spreading them cost the listings search 13 to 19%
  // more CPU in an A/B.
  const view: ListingView = {
    id: row.id,
    kind: row.kind,
    title: row.title,
    description: row.description,
    category: row.category,
    material: row.material,
    condition: row.condition,
    quantity: row.quantity,
    unit: row.unit,
    weight_per_unit_kg: row.weightPerUnitKg,
    price_cents: row.priceCents,
    location: row.location,
    handover: row.handover,
    ewc_codes: own.ewcCodes,
    waste_description: row.wasteDescription,
    physical_form: row.physicalForm,
    container_type: row.containerType,
    containers: row.containers,
    seller: { id: row.sellerId, username: row.username, rating: rating.rating, reviews_count: rating.reviews_count },
    quantity_left: row.quantityLeft,
    status: row.status,
    is_sample: row.isSample === 1,
    photos: row.isSample === 1 ? own.samplePhotos : photos,
    created_at: own.createdAt,
    updated_at: own.updatedAt,
    is_hidden: row.hiddenAt !== null,
  };
  ownPartOfView.set(view, own);
  return view;
}

/**
 * What of a listing's answer follows from its own columns alone: its waste codes with their
 * descriptions, a sample's pictures, its two dates, and the JSON text of its fields. A search's
 * cards are read on every request while a listing changes rarely, so this is made once per
 * listing and kept while its row reads the same: each read compares the row's columns with those
 * it was made from (a change made by another process, or outside the app, is seen at once, and no
 * write has to forget it). Building and serialising these was about a seventh of the listings
 * search's CPU. Kept parts are shared by every answer, so they are frozen.
 */
type OwnPart = {
  row: ListingRow;
  ewcCodes: WasteCodeView[] | null;
  samplePhotos: ListingPhotoView[];
  createdAt: string;
  updatedAt: string;
  /** `"kind":…` to `"containers":…` as JSON.stringify writes a view's fields between its id and its seller. */
  fieldsText: string;
  /** A sample's `photos` as JSON text. */
  samplePhotosText: string;
  /** `"created_at":…,"updated_at":…` as JSON text. */
  datesText: string;
};

/** The columns an own part is made from, compared on each read. */
const OWN_COLUMNS = [
  "kind",
  "title",
  "description",
  "category",
  "material",
  "condition",
  "quantity",
  "unit",
  "weightPerUnitKg",
  "priceCents",
  "location",
  "handover",
  "ewcCodes",
  "wasteDescription",
  "physicalForm",
  "containerType",
  "containers",
  "isSample",
  "sampleImages",
  "createdAt",
  "updatedAt",
] as const satisfies readonly (keyof ListingRow)[];

const MAX_KEPT_OWN_PARTS = 2_000;
const ownParts = new Map<number, OwnPart>();
/** The own part each view was made with, for its JSON text (listingCardsJson). */
const ownPartOfView = new WeakMap<ListingView, OwnPart>();

function ownPartOf(row: ListingRow): OwnPart {
  const kept = ownParts.get(row.id);
  if (kept && OWN_COLUMNS.every((column) => kept.row[column] === row[column])) return kept;
  const ewcCodes = wasteCodesView(codesOf(row.ewcCodes));
  const samplePhotos = frozen(row.isSample === 1 ? sampleImages(row.sampleImages).map(frozen) : []);
  const createdAt = new Date(row.createdAt).toISOString();
  const updatedAt = new Date(row.updatedAt).toISOString();
  const part: OwnPart = frozen({
    row: { ...row },
    ewcCodes: ewcCodes && frozen(ewcCodes.map(frozen)),
    samplePhotos,
    createdAt,
    updatedAt,
    // The braces off: the fields sit between the view's id and its seller.
    fieldsText: JSON.stringify(fieldsOf(row, ewcCodes)).slice(1, -1),
    samplePhotosText: JSON.stringify(samplePhotos),
    datesText: `"created_at":${JSON.stringify(createdAt)},"updated_at":${JSON.stringify(updatedAt)}`,
  });
  return keepNewest(ownParts, row.id, part, MAX_KEPT_OWN_PARTS);
}

/**
 * `JSON.stringify(cards)` of a search's cards as cardsOf made them, the same text, each card's own
 * part written once (ownPartOf). A card made elsewhere is serialised whole.
 */
export function listingCardsJson(cards: readonly ListingCardView[]): string {
  return `[${cards.map(cardJson).join(",")}]`;
}

function cardJson(card: ListingCardView): string {
  const own = ownPartOfView.get(card);
  if (!own || own.row.id !== card.id) return JSON.stringify(card);
  const { seller } = card;
  return (
    `{"id":${card.id},${own.fieldsText},"seller":{"id":${seller.id},"username":${JSON.stringify(seller.username)},` +
    `"rating":${JSON.stringify(seller.rating)},"reviews_count":${seller.reviews_count}},` +
    `"quantity_left":${JSON.stringify(card.quantity_left)},"status":${JSON.stringify(card.status)},"is_sample":${card.is_sample},` +
    `"photos":${card.is_sample ? own.samplePhotosText : JSON.stringify(card.photos)},${own.datesText},` +
    `"is_hidden":${card.is_hidden},"distance_km":${JSON.stringify(card.distance_km)}}`
  );
}

/** Listings by id, in the order of `ids`, with their sellers' ratings and their photos. */
async function viewsOf(ids: number[]): Promise<ListingView[]> {
  return (await rowViewsOf(ids)).map(({ view }) => view);
}

/** Listings by id as the search's cards show them: with how far each is from the search's origin. */
export async function cardsOf(ids: number[], distance: SearchDistance | null): Promise<ListingCardView[]> {
  // Each view is new and only this holds it: its distance is added to it rather than copying it.
  return (await rowViewsOf(ids)).map(({ view, row }) =>
    Object.assign(view, {
      distance_km:
        distance && row.lat !== null && row.lng !== null
          ? roundedDistanceKm(distanceKm(distance.origin, { lat: row.lat, lng: row.lng }))
          : null,
    }),
  );
}

async function rowViewsOf(ids: number[]): Promise<{ view: ListingView; row: ListingRow }[]> {
  if (!ids.length) return [];
  const rows = (await statement(`SELECT ${ROW_COLUMNS} WHERE l.id IN (SELECT value FROM json_each(?))`).all(
    JSON.stringify(ids),
  )) as ListingRow[];
  const byId = new Map(rows.map((row) => [row.id, row]));
  const ratings = await ratingsOf(rows.map((row) => row.sellerId));
  const photos = await photosOf(rows.filter((row) => row.isSample === 0).map((row) => row.id));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [{ view: toView(row, ratings.get(row.sellerId)!, photos.get(id) ?? []), row }] : [];
  });
}

const readRow = async (id: number) => (await statement(`SELECT ${ROW_COLUMNS} WHERE l.id = ?`).get(id)) as ListingRow | undefined;

async function sampleDetails(productId: number): Promise<SampleDetails | null> {
  const product = (await statement(
    `SELECT long_description AS longDescription, original_price_cents AS originalPriceCents, sustainability,
       tags, features, images, rating, reviews FROM products WHERE id = ?`,
  ).get(productId)) as
    | {
        longDescription: string;
        originalPriceCents: number;
        sustainability: number;
        tags: string;
        features: string;
        images: string;
        rating: number;
        reviews: string;
      }
    | undefined;
  if (!product) return null;
  const reviews = JSON.parse(product.reviews) as { author: string; rating: number; date: string; text: string }[];
  return {
    long_description: product.longDescription,
    original_price_cents: product.originalPriceCents,
    sustainability: product.sustainability,
    tags: JSON.parse(product.tags) as string[],
    features: JSON.parse(product.features) as string[],
    images: JSON.parse(product.images) as string[],
    rating: product.rating,
    // Sample reviews are sample content: no purchase stands behind them, so none is marked verified.
    reviews: reviews.map(({ author, rating, date, text }) => ({ author, rating, date, text })),
  };
}

/** One listing as the viewer sees it; null when it does not exist or is not theirs to see. */
export async function getListing(viewer: Viewer, id: number): Promise<ListingDetail | null> {
  const row = await readRow(id);
  if (!row || !canSeeListing(viewer, row, await blockedIdsOf(viewer.id))) return null;
  const view = toView(row, (await ratingsOf([row.sellerId])).get(row.sellerId)!, (await photosOf([row.id])).get(row.id) ?? []);
  return {
    ...view,
    sample: row.sampleProductId === null ? null : await sampleDetails(row.sampleProductId),
    is_reported: (await reportedIds(viewer.id, "listing", [row.id])).has(row.id),
  };
}

/** One listing as a visitor who is not signed in reads it (publicListingConditions); null when it is not public. */
export async function getPublicListing(id: number): Promise<ListingView | null> {
  const query = sqlText(sql`SELECT l.id FROM listings l WHERE l.id = ${id}${andSql(publicListingConditions(l))}`);
  const found = (await statement(query.sql).value(...query.params)) as number | undefined;
  return found === undefined ? null : ((await viewsOf([found]))[0] ?? null);
}

/** The public listings' ids and when each last changed, newest first, at most `limit` (the sitemap's). */
export async function publicListingStamps(limit: number): Promise<{ id: number; updatedAt: number }[]> {
  const query = sqlText(
    sql`SELECT l.id, l.updated_at AS updatedAt FROM listings l WHERE TRUE${andSql(publicListingConditions(l))}
      ORDER BY l.created_at DESC, l.id DESC LIMIT ${limit}`,
  );
  return (await statement(query.sql).all(...query.params)) as { id: number; updatedAt: number }[];
}

/**
 * A member's listings, newest first: `open` keeps the active ones (their page), otherwise every
 * status (the owner's "my listings").
 */
export async function listingsOf(
  viewer: Viewer,
  sellerId: number,
  options: { open: boolean; page: number; limit: number },
): Promise<{ listings: ListingView[]; total: number }> {
  const conditions: SQL[] = [
    ...(await visibleListingConditions(viewer, l)),
    ...(options.open ? [sql`${l.status} = 'active'`] : []),
  ];
  const where = sql`l.seller_id = ${sellerId}${andSql(conditions)}`;
  const count = sqlText(sql`SELECT count(*) AS total FROM listings l WHERE ${where}`);
  const { total } = (await statement(count.sql).get(...count.params)) as { total: number };
  const page = sqlText(
    sql`SELECT l.id FROM listings l WHERE ${where} ORDER BY l.created_at DESC, l.id DESC LIMIT ${options.limit} OFFSET ${(options.page - 1) * options.limit}`,
  );
  const ids = (await statement(page.sql).column(...page.params)) as number[];
  return { listings: await viewsOf(ids), total };
}

/** `listings` as the queries here name it. */
const l = alias(listings, "l");

/** A listing's owner and title, for telling others of it; null when it is gone. */
export async function listingOwnerAndTitle(id: number): Promise<{ sellerId: number; title: string } | null> {
  const row = await readRow(id);
  return row ? { sellerId: row.sellerId, title: row.title } : null;
}

const codesOf = (column: string | string[] | null): string[] | null =>
  typeof column === "string" ? (JSON.parse(column) as string[]) : column;

/** A listing's fields as the schema reads them, from a stored row (read by the ORM or by raw SQL). */
const valuesOf = (row: Pick<ListingRow, ListingColumn>): ListingValues => fieldsOf(row, codesOf(row.ewcCodes));

/** A listing's fields from its row, in the schema's order, with its waste codes as the caller shows them. */
const fieldsOf = <Codes>(row: Pick<ListingRow, ListingColumn>, ewcCodes: Codes) => ({
  kind: row.kind,
  title: row.title,
  description: row.description,
  category: row.category,
  material: row.material,
  condition: row.condition,
  quantity: row.quantity,
  unit: row.unit,
  weight_per_unit_kg: row.weightPerUnitKg,
  price_cents: row.priceCents,
  location: row.location,
  handover: row.handover,
  ewc_codes: ewcCodes,
  waste_description: row.wasteDescription,
  physical_form: row.physicalForm,
  container_type: row.containerType,
  containers: row.containers,
});

const columnsOf = (values: ListingValues) => ({
  kind: values.kind,
  title: values.title,
  description: values.description,
  category: values.category,
  material: values.material,
  condition: values.condition,
  quantity: values.quantity,
  unit: values.unit,
  weightPerUnitKg: values.weight_per_unit_kg,
  priceCents: values.price_cents,
  location: values.location,
  ...pointColumns(values.location),
  handover: values.handover,
  ewcCodes: values.ewc_codes,
  wasteDescription: values.waste_description,
  physicalForm: values.physical_form,
  containerType: values.container_type,
  containers: values.containers,
});

/** A waste listing's codes again, one row each with its chapter (the filters' index); rewritten whole. */
async function writeWasteCodes(db: Db, listingId: number, codes: string[] | null) {
  await db.delete(listingWasteCodes).where(eq(listingWasteCodes.listingId, listingId)).run();
  for (const code of codes ?? [])
    await db
      .insert(listingWasteCodes)
      .values({ listingId, code, chapter: code.slice(0, 2) })
      .run();
}

/**
 * Writes a listing and its photos' rows in one transaction, which also moves the photos' files
 * into place: a failed write leaves no row, and the caller removes the files. Answers its id.
 */
export async function insertListing(
  sellerId: number,
  values: ListingValues,
  photos: AcceptedMedia[],
  stored: StoredMedia[],
  db: Db = getDb(),
): Promise<number> {
  return transaction(async (tx) => {
    const [row] = await tx
      .insert(listings)
      .values({ sellerId, ...columnsOf(values), quantityLeft: values.quantity })
      .returning({ id: listings.id })
      .all();
    await writeWasteCodes(tx, row.id, values.ewc_codes);
    for (const [position, file] of stored.entries()) {
      await tx
        .insert(listingPhotos)
        .values({ listingId: row.id, position, ...file })
        .run();
    }
    moveMediaIntoPlace(photos, stored);
    return row.id;
  }, db);
}

/** A listing's row as its owner changes it, with its fields as the schema reads them; undefined when it does not exist. */
export async function listingToChange(db: Db, id: number) {
  const row = await db.select().from(listings).where(eq(listings.id, id)).get();
  return row && { row, values: valuesOf(row) };
}

/** How much of a listing accepted and completed orders took, and how many orders name it still or did. */
export async function orderedOf(db: Db, listingId: number): Promise<{ taken: number; open: number }> {
  return (await db
    .select({
      taken: sql<number>`coalesce(sum(case when ${orders.state} in ('accepted', 'completed') then ${orders.quantity} end), 0)`,
      open: sql<number>`count(*)`,
    })
    .from(orders)
    .where(and(eq(orders.listingId, listingId), inArray(orders.state, ["requested", "accepted", "completed"])))
    .get())!;
}

/** Stores a listing's changed fields, what is left of it and (when given) its status. */
export async function updateListing(
  db: Db,
  id: number,
  change: { values: ListingValues; quantityLeft: number; status?: ListingStatus },
): Promise<void> {
  await db
    .update(listings)
    .set({
      ...columnsOf(change.values),
      quantityLeft: change.quantityLeft,
      ...(change.status ? { status: change.status } : {}),
      updatedAt: new Date(),
    })
    .where(eq(listings.id, id))
    .run();
  await writeWasteCodes(db, id, change.values.ewc_codes);
}
