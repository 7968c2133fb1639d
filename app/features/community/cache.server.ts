import { keptUntilDatabaseChanges } from "~/services/database/db.server";
import { keepNewest } from "~/lib/recently-used";
import { onPeerNews, tellPeers } from "~/services/peers.server";
import type { PostBody } from "./store/post-reads.server";

/**
 * What the community keeps in memory between requests, and the one place that says which write
 * makes which kept answer stale. Readers (feed.server, post-reads.server, analytics.server) keep
 * and look up answers here; writers (posts, interactions and comments, follows, preferences) call
 * communityChanged() after they write, and never reach into a reader. With several processes
 * (WORKERS) each keeps its own, and communityChanged drops what every process keeps.
 */

type Kept<T> = { at: number; value: T };

/** Answers kept for `ttlMs` under a key, at most `max` of them (the oldest go first). */
function keptAnswers(ttlMs: number, max: number) {
  const answers = new Map<string, Kept<unknown>>();
  return {
    /**
     * The answer under `key`, computed when missing or older than the time to live. An answer
     * computed from another kept one passes that one's time as `basedOn`: it then expires with
     * it, and is computed again once its source has been.
     */
    get<T>(key: string, compute: () => T, { basedOn, now = Date.now() }: { basedOn?: number; now?: number } = {}): Kept<T> {
      const hit = answers.get(key) as Kept<T> | undefined;
      if (hit && now - hit.at < ttlMs && (basedOn === undefined || hit.at === basedOn)) return hit;
      return keep(key, { at: basedOn ?? now, value: compute() });
    },
    /** The same, for an answer computed from the stores' promises: kept once settled, so a failure is never kept. */
    async getSettled<T>(
      key: string,
      compute: () => Promise<T>,
      { basedOn, now = Date.now() }: { basedOn?: number; now?: number } = {},
    ): Promise<Kept<T>> {
      const hit = answers.get(key) as Kept<T> | undefined;
      if (hit && now - hit.at < ttlMs && (basedOn === undefined || hit.at === basedOn)) return hit;
      return keep(key, { at: basedOn ?? now, value: await compute() });
    },
    clear: () => answers.clear(),
  };
  function keep<T>(key: string, kept: Kept<T>) {
    keepNewest(answers, key, kept, max);
    return kept;
  }
}

/**
 * Lists are kept for a few seconds: a member scrolling through pages, or many members opening
 * Trending, share one ranking, every member's For You ranks one shared candidate pool, and a
 * member reloading Following or Local reads no index. Kept are post ids, counters and scores;
 * the posts themselves are read fresh.
 */
const LIST_TTL_MS = 5_000;
const lists = keptAnswers(LIST_TTL_MS, 200);

/** A feed's list (or candidate pool) under `key`; see keptAnswers for `basedOn`. */
export function cachedList<T>(key: string, compute: () => T, basedOn?: number): Kept<T> {
  return lists.get(key, compute, { basedOn });
}

/** cachedList for a list computed from store calls, whose answers are promises. */
export function cachedListSettled<T>(key: string, compute: () => Promise<T>, basedOn?: number): Promise<Kept<T>> {
  return lists.getSettled(key, compute, { basedOn });
}

/** Community-wide figures are summed over every post, so they are kept for a minute. */
const FIGURES_TTL_MS = 60_000;
const figures = keptAnswers(FIGURES_TTL_MS, 20);

/** The analytics' community-wide figures under `key` (the conditions they were counted with). */
export async function cachedFiguresSettled<T>(key: string, compute: () => Promise<T>, now: number): Promise<T> {
  return (await figures.getSettled(key, compute, { now })).value;
}

/**
 * What a post says changes only when its author edits or deletes it, which is rare beside the
 * reads. So the most recently shown posts keep their parsed body, an edit or a deletion forgets
 * it (communityChanged), and an answer reads only what can change (post-reads.server). Reading
 * and parsing every column of 20 posts cost about four times as much.
 */
const MAX_KEPT_POST_BODIES = 5_000;
const postBodies = new Map<number, PostBody>();

export const keptPostBody = (postId: number) => postBodies.get(postId);

export function keepPostBody(postId: number, body: PostBody) {
  keepNewest(postBodies, postId, body, MAX_KEPT_POST_BODIES);
}

/** What a write changed: an edited or deleted post names itself. */
type CommunityChange = "post" | "interaction" | "follow" | "preferences" | { edited: number } | { deleted: number };

/**
 * Called by every community write once it is stored. A new post can enter any list and changes
 * the figures; a follow or new preferences can move posts in or out of a member's lists or
 * reorder them, so every list is computed afresh. An interaction (a like, save, share, view or
 * comment) only moves counters: lists, and the order counters give, may lag by LIST_TTL_MS and
 * the figures by FIGURES_TTL_MS, which is what keeps the feeds cheap. A deleted comment is such a
 * move too. A post's body goes stale only when its author edits or deletes it.
 */
export function communityChanged(change: CommunityChange) {
  forget(change);
  if (change !== "interaction") void tellPeers("community", change);
}

// Another worker wrote, or moderation below (a block ends follows): what this one keeps is as stale.
onPeerNews("community", (change) => forget(change as CommunityChange));
keptUntilDatabaseChanges(() => {
  postBodies.clear();
  lists.clear();
  figures.clear();
});

function forget(change: CommunityChange) {
  if (typeof change === "object") {
    // Its body is read afresh, and it may move within or out of any list (a new category, tags or
    // date; or gone), and out of the figures.
    postBodies.delete("edited" in change ? change.edited : change.deleted);
    lists.clear();
    figures.clear();
    return;
  }
  switch (change) {
    case "post":
      lists.clear();
      figures.clear();
      return;
    case "follow":
    case "preferences":
      lists.clear();
      return;
    case "interaction":
      return;
  }
}
