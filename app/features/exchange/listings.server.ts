import { blockedIdsOf, canChangeListing, canSeeListing, type Viewer } from "~/services/access.server";
import { transaction, type Db } from "~/services/database/db.server";
import { nameMedia, removeMedia, type AcceptedMedia } from "~/services/media.server";
import { issueErrors, refuse, type FormFailure, type FormSuccess } from "~/lib/forms";
import { takeExchangeAllowance } from "./allowance.server";
import { exchangeChanged } from "./cache.server";
import { mergeListingChange, quantityLeftAfter, statusMove } from "./listing-rules";
import { listingChangeSchema, listingSchema } from "./schemas";
import { getListing, insertListing, listingToChange, orderedOf, updateListing } from "./store/listings.server";
import { MAX_LISTING_PHOTOS, type ListingStatus } from "./vocabulary";
import type { ListingDetail } from "./wire";
import { organisationRefusal, wasteCodesRefusal } from "./waste-listing.server";

/**
 * Listings: the rules of creating and changing one. Reading and searching them is the store's
 * (store/listings.server.ts), whose reads the routes call directly.
 */

export type ListingRefusal = FormFailure<{
  message: string;
  reason: "invalid" | "forbidden" | "not-found" | "conflict" | "unsupported-media" | "rate-limited";
  retryAfterSeconds?: number;
}>;
export type ListingOutcome = FormSuccess<{ message: string; listing: ListingDetail }> | ListingRefusal;

/** What a missing listing, and one that is not the viewer's to see, answer alike. */
export const NO_SUCH_LISTING = "This listing does not exist.";

/**
 * What a feature above may refuse of a listing's change, in the changing transaction once the
 * change is written (a listing made from a lot may not claim more than the lot has left): a
 * refusal rolls the change back. Registered at start-up; answers the guard's removal (for tests).
 */
type ListingChangeGuard = (tx: Db, listingId: number) => Promise<ListingRefusal | null>;
const changeGuards = new Set<ListingChangeGuard>();
export function guardListingChanges(guard: ListingChangeGuard): () => void {
  changeGuards.add(guard);
  return () => changeGuards.delete(guard);
}

/**
 * What runs when a listing becomes visible to others (created, or reopened), in that transaction:
 * a feature above queues its work there (saved searches match it in a job), so the work exists
 * exactly when the listing does and listing stays fast. Answers the handler's removal (for tests).
 */
type ListingListedHandler = (tx: Db, listingId: number) => Promise<void>;
const listedHandlers = new Set<ListingListedHandler>();
export function onListingListed(handler: ListingListedHandler): () => void {
  listedHandlers.add(handler);
  return () => listedHandlers.delete(handler);
}

async function listingListed(tx: Db, listingId: number) {
  for (const handler of listedHandlers) await handler(tx, listingId);
}

/** Thrown inside a change's transaction to roll it back with a guard's refusal. */
class GuardRefused extends Error {
  constructor(readonly refusal: ListingRefusal) {
    super(refusal.message);
  }
}

/**
 * A member lists something: the fields checked with listingSchema, and up to MAX_LISTING_PHOTOS
 * photos already recognised as images by their bytes. The transaction that writes the rows moves
 * the files into place, and they are removed if it fails, so a refused or failed listing leaves
 * neither a row nor a file.
 */
export async function createListing(viewer: Viewer, fields: unknown, photos: AcceptedMedia[]): Promise<ListingOutcome> {
  const parsed = listingSchema.safeParse(fields);
  if (!parsed.success) {
    const errors = issueErrors(parsed.error.issues);
    return refuse("invalid", Object.values(errors)[0] ?? "The listing is not valid.", errors);
  }
  if (photos.length > MAX_LISTING_PHOTOS) {
    const message = `You can attach at most ${MAX_LISTING_PHOTOS} photos.`;
    return refuse("invalid", message, { photos: message });
  }
  if (photos.some((photo) => !photo.mimeType.startsWith("image/"))) {
    const message = "Only images (JPEG, PNG, GIF, WebP, AVIF) can be attached to a listing.";
    return refuse("unsupported-media", message, { photos: message });
  }
  const values = parsed.data;
  const wasteRefusal = await wasteListingRefusal(viewer, values.ewc_codes);
  if (wasteRefusal) return wasteRefusal;
  // Each listing may store 50 MB of photos: within the member's hourly allowance.
  const allowance = await takeExchangeAllowance("listing", viewer.id);
  if (!allowance.ok) return allowance;
  const stored = nameMedia(photos);
  let id: number;
  try {
    id = await transaction(async (tx) => {
      const id = await insertListing(viewer.id, values, photos, stored, tx);
      await listingListed(tx, id);
      return id;
    });
  } catch (error) {
    await allowance.giveBack();
    await removeMedia(stored);
    throw error;
  }
  exchangeChanged();
  return { ok: true, message: "Your listing is live.", listing: (await getListing(viewer, id))! };
}

/** A waste listing's codes are on the list and not hazardous, and its owner has an organisation. */
async function wasteListingRefusal(viewer: Viewer, codes: string[] | null) {
  if (!codes) return null;
  return wasteCodesRefusal(codes) ?? (await organisationRefusal(viewer.id));
}

const STATUS_MESSAGES: Record<ListingStatus, string> = {
  active: "The listing is open again.",
  paused: "The listing is paused: it takes no requests until you reopen it.",
  closed: "The listing is closed.",
};

/**
 * The owner changes a listing: any of its fields, its status, or both. The change is merged with
 * the stored listing and checked whole. A new quantity keeps what accepted and completed orders
 * took: quantity_left becomes the new quantity minus that, and a quantity below it is refused.
 * The unit cannot change once orders name quantities in it. Sample listings cannot be changed.
 */
export async function changeListing(viewer: Viewer, id: number, input: unknown): Promise<ListingOutcome> {
  const parsed = listingChangeSchema.safeParse(input);
  if (!parsed.success) {
    const errors = issueErrors(parsed.error.issues);
    return refuse("invalid", Object.values(errors)[0] ?? "The change is not valid.", errors);
  }
  const { status, ...fields } = parsed.data;
  const outcome: ListingRefusal | { ok: true; message: string } = await transaction(async (tx) => {
    const stored = await listingToChange(tx, id);
    if (!stored || !canSeeListing(viewer, stored.row, await blockedIdsOf(viewer.id))) return refuse("not-found", NO_SUCH_LISTING);
    const { row } = stored;
    if (row.isSample) return refuse("conflict", "This is a sample listing: it cannot be changed.");
    if (!canChangeListing(viewer, row)) return refuse("forbidden", "Only the member who listed this can change it.");
    if (status) {
      const move = statusMove(row.status, status);
      if (!move.ok) return move;
    }
    const merged = mergeListingChange(stored.values, fields);
    if (!merged.ok) return merged;
    const values = merged.values;
    // Codes changed or added are checked as a new waste listing's are; ones it already had stand.
    if (fields.ewc_codes || (values.ewc_codes && !row.ewcCodes)) {
      const wasteRefusal = await wasteListingRefusal(viewer, values.ewc_codes);
      if (wasteRefusal) return wasteRefusal;
    }
    const ordered = await orderedOf(tx, row.id);
    if (values.unit !== row.unit && ordered.open > 0) {
      const message = "The unit cannot change once orders name quantities in it.";
      return refuse("conflict", message, { unit: message });
    }
    // The kind says who the owner is in an order (the seller, or the buyer of a wanted listing):
    // changed under open orders, it would hand their answers to the other party.
    if (values.kind !== row.kind && ordered.open > 0) {
      const message = "The kind cannot change once members have asked for this listing; close it and list anew.";
      return refuse("conflict", message, { kind: message });
    }
    const left = quantityLeftAfter(values.quantity, ordered.taken, values.unit);
    if (!left.ok) return left;
    await updateListing(tx, row.id, { values, quantityLeft: left.quantityLeft, status });
    if (status === "active" && row.status !== "active") await listingListed(tx, row.id);
    for (const guard of changeGuards) {
      const refusal = await guard(tx, row.id);
      if (refusal) throw new GuardRefused(refusal);
    }
    const changedFields = Object.values(fields).some((value) => value !== undefined);
    return { ok: true as const, message: status && !changedFields ? STATUS_MESSAGES[status] : "Your listing was saved." };
  }).catch((error: unknown) => {
    if (error instanceof GuardRefused) return error.refusal;
    throw error;
  });
  if (!outcome.ok) return outcome;
  exchangeChanged();
  return { ok: true, message: outcome.message, listing: (await getListing(viewer, id))! };
}
