import { keptUntilDatabaseChanges } from "~/services/database/db.server";
import { keepNewest } from "~/lib/recently-used";
import { onPeerNews, tellPeers } from "~/services/peers.server";

/**
 * What the exchange keeps in memory between requests: the searches' lists of listing ids and their
 * totals, for a few seconds, so members paging through the marketplace or many members opening it
 * at once share one query. Only ids and counts are kept; the listings themselves (stock, status,
 * price, the seller's rating) are read fresh for every answer.
 *
 * Every write that can move a listing into, out of or within a list (a listing created or changed,
 * stock reserved or returned by an order's move) calls exchangeChanged(), which drops them all, in
 * every process of the server (WORKERS).
 */

type Kept<T> = { at: number; value: T };

const LIST_TTL_MS = 5_000;
const MAX_KEPT = 300;
const kept = new Map<string, Kept<unknown>>();

/** Counts the clearings, so an answer computed across one is not kept: it may predate the write. */
let generation = 0;

/**
 * The answer under `key`, computed when missing or older than LIST_TTL_MS. Kept once computed
 * (a failure is never kept), unless a write cleared the lists meanwhile.
 */
export async function keptSearch<T>(key: string, compute: () => Promise<T>, now = Date.now()): Promise<T> {
  const hit = kept.get(key) as Kept<T> | undefined;
  if (hit && now - hit.at < LIST_TTL_MS) return hit.value;
  const before = generation;
  const value = await compute();
  if (generation !== before) return value;
  // The oldest answers go first.
  keepNewest(kept, key, { at: now, value }, MAX_KEPT);
  return value;
}

/** Called once a write to listings or their stock is stored. */
export function exchangeChanged() {
  forget();
  void tellPeers("exchange");
}

// Another worker wrote: this one's kept searches are as stale.
onPeerNews("exchange", () => forget());
keptUntilDatabaseChanges(forget);

function forget() {
  kept.clear();
  generation++;
}
