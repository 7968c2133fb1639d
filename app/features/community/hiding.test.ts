import { describe, expect, it } from "vitest";
import { addListing, addMember } from "../../../tests/support/unit-factories";
import { setListingHidden, listingVisibilityChanged } from "~/features/exchange/store/hiding.server";
import { searchListings } from "~/features/exchange/store/listing-search.server";
import { listingSearchSchema } from "~/features/exchange/schemas";
import { transaction } from "~/services/database/db.server";
import { getFeedAnalytics } from "./store/analytics.server";
import { getFeed, searchPosts } from "./store/feed.server";
import { setPostHidden, postVisibilityChanged } from "./store/hiding.server";
import { createPost } from "./store/posts.server";
import { createPostSchema, feedQuerySchema } from "./schemas";

/**
 * The community and the exchange keep lists and figures in memory for a few seconds. A moderator's
 * hide (or restore) drops them, so a hidden thing leaves every list at once, not when they expire.
 */

describe("hiding and restoring", () => {
  it("drops the kept feeds, search and figures, so the post leaves and comes back at once", async () => {
    const author = await addMember("Hilda Hider");
    const reader = await addMember("Rolf Reader");
    const outcome = await createPost(
      author,
      createPostSchema.parse({ title: "Marramgrass dunes", content: "Planted.", category: "gardening" }),
      [],
    );
    if (!outcome.ok) throw new Error(outcome.message);
    const id = outcome.post.id;
    const recent = async () =>
      (await getFeed("personalized", feedQuerySchema.parse({ sortBy: "recent", limit: "50" }), reader)).posts.map(
        (post) => post.id,
      );
    const found = async () =>
      (await searchPosts({ query: "marramgrass", page: 1, limit: 10 }, reader)).posts.map((post) => post.id);
    const total = async () => (await getFeedAnalytics(reader)).totals.posts;
    // Computed and kept before the hide.
    expect(await recent()).toContain(id);
    expect(await found()).toEqual([id]);
    const before = await total();

    expect(await transaction(async (tx) => setPostHidden(tx, id, true))).toMatchObject({
      ownerId: author.id,
      title: "Marramgrass dunes",
    });
    await postVisibilityChanged(id);
    expect(await recent()).not.toContain(id);
    expect(await found()).toEqual([]);
    expect(await total()).toBe(before - 1);
    // Hiding again changes nothing.
    expect(await transaction(async (tx) => setPostHidden(tx, id, true))).toBeNull();

    await transaction(async (tx) => setPostHidden(tx, id, false));
    await postVisibilityChanged(id);
    expect(await recent()).toContain(id);
    expect(await total()).toBe(before);
  });

  it("drops the marketplace's kept searches, totals included", async () => {
    const seller = await addMember("Sina Seller");
    const buyer = await addMember("Bruno Buyer");
    const id = addListing(seller, { title: "Obsidian offcuts" });
    const search = () => searchListings(buyer, listingSearchSchema.parse({ search: "obsidian" }));
    expect(await search()).toMatchObject({ total: 1, listings: [{ id }] });
    await transaction(async (tx) => setListingHidden(tx, await id, true));
    await listingVisibilityChanged();
    expect(await search()).toMatchObject({ total: 0, listings: [] });
    await transaction(async (tx) => setListingHidden(tx, await id, false));
    await listingVisibilityChanged();
    expect(await search()).toMatchObject({ total: 1, listings: [{ id, is_hidden: false }] });
  });
});
