import type { Viewer } from "~/services/access.server";
import { transaction, type Db } from "~/services/database/db.server";
import type { AcceptedMedia } from "~/services/media.server";
import { pathId } from "~/lib/path-id";
import { issueErrors, refuse, type FormFailure, type FormSuccess } from "~/lib/forms";
import { createListing, type ListingOutcome, type ListingRefusal } from "~/features/exchange/listings.server";
import { Refused } from "~/features/exchange/orders.server";
import { listingSchema } from "~/features/exchange/schemas";
import type { CorrectedWeight, IssuedNote } from "~/features/transfer-notes/issued.server";
import { tellOperationRecorded } from "./operation-recorded.server";
import { isFinalOperation } from "./operations";
import { tellFirstHolder } from "./fate-notifications.server";
import { CHAIN_PER_PAGE, LOTS_PER_PAGE, operationSchema, type LotQuery, type LotView, type OperationView } from "./schemas";
import { chainPage } from "./store/chain.server";
import {
  changeLotWeight,
  claimedOfLot,
  firstHandoverOf,
  insertListingLot,
  insertLot,
  insertOperation,
  lotById,
  lotOfListing,
  lotOfNote,
  listingTerms,
  lotsOfHolder,
  takeFromLot,
} from "./store/lots.server";
import { visibleLot } from "./store/visibility.server";
import { chainEvent, lotView, operationView } from "./views";

/**
 * Lots: the weight each transfer note gives its transferee, what the holder lists on from it and
 * what they record doing with it. Who may see a lot is store/visibility.server.ts's to decide.
 */

/** What a lot that is not the member's to see answers, as one that does not exist. */
export const NO_SUCH_LOT = "This lot does not exist.";

const kgText = (kg: number) => `${kg.toLocaleString("en-GB", { maximumFractionDigits: 3 })} kg`;
const grams = (kg: number) => Math.round(kg * 1000);
const roundKg = (kg: number) => grams(kg) / 1000;
const DAY_MS = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * A note was issued: its transferee gets a lot of the weight received. When the order's listing
 * was made from a lot, the new lot names it as its parent and the parent's weight left falls by
 * the weight taken (closed at zero); a taking above what is left (a load weighed heavier than its
 * lot holds) refuses the completion, rolled back whole, rather than count a kilogram twice.
 */
export async function giveLotForNote(tx: Db, note: IssuedNote): Promise<{ lotId: number }> {
  const parent = await lotOfListing(tx, note.listingId);
  if (parent && !(await takeFromLot(tx, parent.id, note.weightKg))) {
    throw new Refused(
      refuse(
        "conflict",
        `This load comes from a lot with ${kgText(parent.weightLeftKg)} left, less than the ${kgText(note.weightKg)} recorded for it. Agree on the weight in the messages first.`,
      ),
    );
  }
  const lotId = await insertLot(
    tx,
    { holderId: note.transfereeId, material: note.material, ewcCodes: note.ewcCodes, weightKg: note.weightKg, noteId: note.id },
    parent,
  );
  return { lotId };
}

/**
 * A note's weight was corrected: the lot it gave weighs what the note now says and names the
 * newest note, and the lot its load came from (if any) gave the difference. Refused, and the
 * correction with it, below what the lot has already handed on, listed or used, or above what its
 * parent has left unclaimed: a kilogram is never in two lots nor a lot below zero.
 */
export async function followCorrectedWeight(tx: Db, corrected: CorrectedWeight): Promise<string | void> {
  const lot = await lotOfNote(tx, corrected.replacedNoteId);
  if (!lot) return;
  const delta = roundKg(corrected.toKg - lot.weightKg);
  const used = roundKg(lot.weightKg - lot.weightLeftKg + (await claimedOfLot(lot.id, tx)));
  if (corrected.toKg < used)
    return `The lot of this load has already handed on, listed or used ${kgText(used)}: its weight cannot be corrected below that.`;
  if (lot.parentLotId !== null && delta > 0) {
    const parent = (await lotById(tx, lot.parentLotId))!;
    const free = roundKg(parent.weightLeftKg - (await claimedOfLot(parent.id, tx)));
    if (delta > free)
      return `This load came from a lot with ${kgText(free)} left unclaimed: its weight cannot be corrected above ${kgText(roundKg(lot.weightKg + free))}.`;
  }
  await changeLotWeight(tx, lot.id, delta, { noteId: corrected.noteId });
  if (lot.parentLotId !== null) await changeLotWeight(tx, lot.parentLotId, -delta);
}

export async function lotsOf(memberId: number, query: LotQuery) {
  const { rows, total } = await lotsOfHolder(memberId, query.state, query.page, LOTS_PER_PAGE);
  return {
    lots: rows.map(lotView),
    pagination: { page: query.page, limit: LOTS_PER_PAGE, total, hasMore: query.page * LOTS_PER_PAGE < total },
  };
}

/**
 * A lot and its chain, first step to last, a page of CHAIN_PER_PAGE steps at a time, for a member
 * who may see it; null otherwise. A chain with thousands of lots below would be megabytes at once.
 */
export async function lotWithChain(memberId: number, lotId: number, page = 1) {
  const lot = await visibleLot(memberId, lotId);
  if (!lot) return null;
  const held = lot.holderId === memberId;
  const freeKg = held ? roundKg(lot.weightLeftKg - (await claimedOfLot(lot.id))) : 0;
  const { steps, total } = await chainPage(lot.path, page, CHAIN_PER_PAGE);
  return {
    lot: lotView(lot),
    chain: steps.map(chainEvent),
    pagination: { page, limit: CHAIN_PER_PAGE, total, hasMore: page * CHAIN_PER_PAGE < total },
    held,
    freeKg: Math.max(freeKg, 0),
  };
}

/**
 * The member's open lot a new listing is made from (the listing page's `?lot=`), with what it has
 * left to list; null when it is not theirs, closed, or no lot at all.
 */
export async function lotToListFrom(memberId: number, lotIdSent: string | null) {
  const lotId = pathId(lotIdSent ?? undefined);
  const lot = lotId === null ? null : await visibleLot(memberId, lotId);
  if (!lot || lot.holderId !== memberId || lot.state === "closed") return null;
  return { lot: lotView(lot), freeKg: Math.max(roundKg(lot.weightLeftKg - (await claimedOfLot(lot.id))), 0) };
}

export type OperationOutcome =
  FormSuccess<{ operation: OperationView; lot: LotView; message: string }> | FormFailure<{ message: string }>;

/**
 * The holder records what they did with part of a lot. A final operation takes its weight out of
 * what is left (closed at zero) and may not take what listings made from the lot claim; an interim
 * one (storage, exchange, blending, repackaging) leaves the weight in hand, to be listed on or
 * treated later, so it is only checked against what is left.
 */
export async function recordOperation(viewer: Viewer, lotId: number, input: unknown): Promise<OperationOutcome> {
  const parsed = operationSchema.safeParse(input);
  if (!parsed.success) {
    const errors = issueErrors(parsed.error.issues);
    return refuse("invalid", Object.values(errors)[0] ?? "The operation is not valid.", errors);
  }
  const { code, weight_kg: weightKg, date } = parsed.data;
  // A day either side of UTC's: the member's calendar may be a day ahead of or behind the server's.
  if (date > dayOf(Date.now() + DAY_MS)) {
    const message = "The day cannot be in the future: record an operation once it is done.";
    return refuse("invalid", message, { date: message });
  }
  return transaction(async (tx) => {
    const lot = await visibleLot(viewer.id, lotId, tx);
    if (!lot) return refuse("not-found", NO_SUCH_LOT);
    if (lot.holderId !== viewer.id) return refuse("forbidden", "Only the lot's holder records what was done with it.");
    if (date < dayOf(lot.createdAt.getTime() - DAY_MS)) {
      const message = `The day cannot be before the lot reached you (${dayOf(lot.createdAt.getTime())}).`;
      return refuse("invalid", message, { date: message });
    }
    const final = isFinalOperation(code);
    const free = final ? lot.weightLeftKg - (await claimedOfLot(lot.id, tx)) : lot.weightLeftKg;
    if (grams(weightKg) > grams(free)) {
      const message =
        free === lot.weightLeftKg
          ? `The weight is more than this lot has left (${kgText(lot.weightLeftKg)}).`
          : `The weight is more than this lot has left that no listing of it claims (${kgText(Math.max(free, 0))} of ${kgText(lot.weightLeftKg)}).`;
      return refuse("invalid", message, { weight_kg: message });
    }
    if (final && !(await takeFromLot(tx, lot.id, weightKg))) throw new Error(`Lot ${lot.id} changed while recording`); // the transaction holds the write lock: cannot happen
    const operation = await insertOperation(tx, { lotId: lot.id, code, weightKg, date, final, recordedBy: viewer.id });
    const first = await firstHandoverOf(tx, lot.path);
    await tellOperationRecorded(tx, {
      operation: { id: operation.id, code, final, weightKg, date },
      lot: { id: lot.id, holderId: lot.holderId, material: lot.material, parentLotId: lot.parentLotId },
      firstHandover: {
        lotId: first.lotId,
        noteId: first.noteId,
        orderId: first.orderId,
        transferorId: first.transferorId ?? lot.holderId,
      },
    });
    if (first.transferorId !== null && first.noteNumber !== null) {
      await tellFirstHolder(tx, {
        recipientId: first.transferorId,
        actorId: viewer.id,
        lotId: lot.id,
        noteNumber: first.noteNumber,
        code,
        holderName: lot.holderName,
      });
    }
    const after = (await lotById(tx, lot.id))!;
    return {
      ok: true as const,
      message: `Recorded ${code} on ${kgText(weightKg)}.`,
      operation: operationView(operation),
      lot: lotView(after),
    };
  });
}

/**
 * A changed listing made from a lot (its quantity, unit or status) may not make the lot's listings
 * claim more than it has left, nor list it by the piece, as wanted or without waste codes: the
 * exchange's change is refused and rolled back. Registered on guardListingChanges at start-up.
 */
export async function checkLotListingChange(tx: Db, listingId: number): Promise<ListingRefusal | null> {
  const lot = await lotOfListing(tx, listingId);
  if (!lot) return null;
  const terms = await listingTerms(tx, listingId);
  if (terms?.unit === "piece") {
    const message = "List a lot by weight: in kg or t.";
    return refuse("invalid", message, { unit: message });
  }
  if (terms?.kind === "wanted") {
    const message = "A lot is offered, not wanted: list it for sale or free.";
    return refuse("invalid", message, { kind: message });
  }
  // Without codes its order would issue no note and give no lot: the weight would leave the lot
  // unrecorded and stay in it to be listed again.
  if (!terms?.ewcCodes) {
    const message = "A lot is waste: a listing made from it keeps its waste codes.";
    return refuse("invalid", message, { ewc_codes: message });
  }
  const claimed = await claimedOfLot(lot.id, tx);
  if (grams(claimed) <= grams(lot.weightLeftKg)) return null;
  const message = `The listings of this lot would claim ${kgText(claimed)}, more than the ${kgText(lot.weightLeftKg)} it has left.`;
  return refuse("invalid", message, { quantity: message });
}

/**
 * A listing made from a lot: the exchange's listing, and the row naming the lot, in one
 * transaction. Its quantity, in kg or t, may be at most what the lot has left that no other
 * listing of it claims (claimedOfLot); its codes and description default to the lot's and may
 * change (sorting turns mixed municipal waste into sorted fractions). A lot that is not the
 * member's answers as one that does not exist.
 */
export async function createListingFromLot(
  viewer: Viewer,
  lotIdSent: unknown,
  { lot_id: _lotId, ...fields }: Record<string, unknown>,
  photos: AcceptedMedia[],
): Promise<ListingOutcome> {
  const lotId = pathId(
    typeof lotIdSent === "number" ? String(lotIdSent) : typeof lotIdSent === "string" ? lotIdSent.trim() : undefined,
  );
  if (lotId === null) {
    const message = "lot_id must be the id of one of your lots.";
    return refuse("invalid", message, { lot_id: message });
  }
  return transaction(async (tx) => {
    const lot = await visibleLot(viewer.id, lotId, tx);
    if (!lot || lot.holderId !== viewer.id) return refuse("not-found", NO_SUCH_LOT);
    if (lot.state === "closed") return refuse("conflict", "This lot has nothing left to list.");
    const withLot = { material: lot.material, ewc_codes: lot.ewcCodes, ...fields };
    const parsed = listingSchema.safeParse(withLot);
    if (parsed.success) {
      const { quantity, unit, kind } = parsed.data;
      if (kind === "wanted") {
        const message = "A lot is offered, not wanted: list it for sale or free.";
        return refuse("invalid", message, { kind: message });
      }
      if (unit === "piece") {
        const message = "List a lot by weight: in kg or t.";
        return refuse("invalid", message, { unit: message });
      }
      const free = lot.weightLeftKg - (await claimedOfLot(lot.id, tx));
      if (grams(unit === "t" ? quantity * 1000 : quantity) > grams(free)) {
        const message = `The quantity is more than this lot has left to list (${kgText(Math.max(free, 0))}).`;
        return refuse("invalid", message, { quantity: message });
      }
    }
    const outcome = await createListing(viewer, withLot, photos);
    if (outcome.ok) await insertListingLot(tx, outcome.listing.id, lot.id);
    return outcome;
  });
}
