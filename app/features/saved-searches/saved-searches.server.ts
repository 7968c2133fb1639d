import { setImmediate as nextTurn } from "node:timers/promises";
import { z } from "zod";
import { listingOwnerAndTitle } from "~/features/exchange/store/listings.server";
import { listingMatchesSearch } from "~/features/exchange/store/listing-search.server";
import { searchDistance } from "~/features/exchange/listing-distance.server";
import { notify } from "~/features/notifications/notify.server";
import { transaction, type Db } from "~/services/database/db.server";
import { defineJobKind, enqueue } from "~/services/jobs.server";
import { issueErrors, refuse, type FormFailure } from "~/lib/forms";
import type { Viewer } from "~/services/access.server";
import { MAX_SAVED_SEARCHES, savedSearchAlertSchema, savedSearchSchema } from "./schemas";
import {
  alertingSearchesFor,
  countSavedSearches,
  deleteSavedSearch,
  insertSavedSearch,
  recordMatch,
  savedSearchesOf,
  setSavedSearchAlert,
  type SavedSearchRow,
} from "./store/saved-searches.server";

/**
 * Saved searches: a member keeps a marketplace search and hears of each new listing it finds, by
 * its alert (at once, in the daily digest, or not at all). A listing is matched in a job queued in
 * the transaction that lists it (exchange's onListingListed), so listing stays fast, and with the
 * search's own conditions (listingMatchesSearch), so a saved search finds what searching would.
 */

export const NO_SUCH_SAVED_SEARCH = "This saved search does not exist.";

export type SavedSearchWire = {
  id: number;
  name: string;
  query: SavedSearchRow["query"];
  alert: SavedSearchRow["alert"];
  created_at: string;
};

const toWire = (row: SavedSearchRow): SavedSearchWire => ({
  id: row.id,
  name: row.name,
  query: row.query,
  alert: row.alert,
  created_at: row.createdAt.toISOString(),
});

export async function listSavedSearches(viewer: Viewer): Promise<SavedSearchWire[]> {
  return (await savedSearchesOf(viewer.id)).map(toWire);
}

type Outcome =
  | { ok: true; message: string; saved_searches: SavedSearchWire[] }
  | FormFailure<{ message: string; reason: "invalid" | "not-found" | "conflict" }>;

/** Saves a search; refused past MAX_SAVED_SEARCHES (409), counted and written in one transaction. */
export async function saveSearch(viewer: Viewer, input: unknown): Promise<Outcome> {
  const parsed = savedSearchSchema.safeParse(input);
  if (!parsed.success) {
    const errors = issueErrors(parsed.error.issues);
    return refuse("invalid", Object.values(errors)[0] ?? "The saved search is not valid.", errors);
  }
  // A place nobody can find, or a radius with nothing to measure from, would never match: refused as searching refuses it.
  const distance = await searchDistance(viewer, parsed.data.query);
  if (!distance.ok) return refuse("invalid", distance.message, { [`query.${distance.field}`]: distance.message });
  const refusal = await transaction(async (tx) => {
    if ((await countSavedSearches(tx, viewer.id)) >= MAX_SAVED_SEARCHES)
      return refuse("conflict", `You can keep at most ${MAX_SAVED_SEARCHES} saved searches; delete one to save another.`);
    await insertSavedSearch(tx, viewer.id, parsed.data);
    return null;
  });
  if (refusal) return refusal;
  return { ok: true, message: "Search saved.", saved_searches: await listSavedSearches(viewer) };
}

export async function removeSavedSearch(viewer: Viewer, id: number): Promise<Outcome> {
  if (!(await deleteSavedSearch(viewer.id, id))) return refuse("not-found", NO_SUCH_SAVED_SEARCH);
  return { ok: true, message: "Saved search deleted.", saved_searches: await listSavedSearches(viewer) };
}

export async function changeSavedSearchAlert(viewer: Viewer, id: number, input: unknown): Promise<Outcome> {
  const parsed = savedSearchAlertSchema.safeParse(input);
  if (!parsed.success) {
    const errors = issueErrors(parsed.error.issues);
    return refuse("invalid", Object.values(errors)[0] ?? "Choose instant, daily or off", errors);
  }
  if (!(await setSavedSearchAlert(viewer.id, id, parsed.data.alert))) return refuse("not-found", NO_SUCH_SAVED_SEARCH);
  return { ok: true, message: "Alert changed.", saved_searches: await listSavedSearches(viewer) };
}

export const savedSearchMatchJob = defineJobKind({
  name: "saved-search-match",
  sendsMail: false,
  schema: z.object({ listingId: z.number().int() }),
  async run({ listingId }) {
    await matchListing(listingId);
  },
  describe({ listingId }) {
    return `match listing ${listingId} against saved searches`;
  },
});

/** Registered with exchange's onListingListed: queues the match in the listing's own transaction. */
export async function queueListingMatch(tx: Db, listingId: number) {
  await enqueue(tx, savedSearchMatchJob, { listingId });
}

/**
 * Tells each saved search's member of a listing their search finds: once per search and listing
 * (recorded with the notification), never their own listing, never one they cannot see.
 */
export async function matchListing(listingId: number): Promise<number> {
  const listing = await listingOwnerAndTitle(listingId);
  if (!listing) return 0;
  let told = 0;
  for (const saved of await alertingSearchesFor(listing.sellerId)) {
    // Each search is a query, and on SQLite a query settles without leaving the event loop: with
    // thousands of saved searches, the process's requests get a turn between them.
    await nextTurn();
    const viewer: Viewer = { id: saved.memberId, userType: saved.userType };
    // The search's distance as searching would measure it now (from its `near`, or the member's own location).
    const distance = await searchDistance(viewer, saved.query);
    if (!distance.ok) continue;
    const query = { location: undefined, ...saved.query };
    if (!(await listingMatchesSearch(viewer, query, distance.distance, listingId))) continue;
    await transaction(async (tx) => {
      if (!(await recordMatch(tx, saved.id, listingId))) return;
      told++;
      await notify(
        tx,
        {
          recipientId: saved.memberId,
          type: "saved_search_match",
          actorId: listing.sellerId,
          subjectType: "listing",
          subjectId: listingId,
          excerpt: listing.title,
          detail: saved.name,
        },
        { email: saved.alert },
      );
    });
  }
  return told;
}
