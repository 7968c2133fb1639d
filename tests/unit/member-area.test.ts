import { beforeAll, describe, expect, it } from "vitest";
import { seedCatalogue, seedSampleListings } from "~/services/seed/seed";
import { findLearning } from "~/features/education/education.server";
import { createArticle, createCourse } from "~/features/education/content.server";
import { getDb } from "~/services/database/db.server";
import { formatPrice } from "~/features/marketplace/marketplace";
import { searchListings } from "~/features/exchange/store/listing-search.server";
import { listingSearchSchema, marketplacePageSchema, type ListingSearch } from "~/features/exchange/schemas";
import { profileSchema } from "~/features/profile/profile";
import { achievementsOf } from "~/features/profile/profile.server";
import { fieldErrors } from "~/lib/forms";
import { users } from "../../db/schema";

let memberId: number;

beforeAll(async () => {
  await seedCatalogue(getDb());
  await seedSampleListings(getDb());
  [{ id: memberId }] = await getDb()
    .insert(users)
    .values({ username: "Shopper", email: "shopper@example.org", passwordHash: "!" })
    .returning({ id: users.id })
    .all();
});

const viewer = () => ({ id: memberId, userType: "user" as const });
const search = async (overrides: Partial<ListingSearch> = {}) =>
  searchListings(viewer(), listingSearchSchema.parse({ limit: 12, ...overrides }));

describe("searchListings over the sample listings", () => {
  it("shows 12 of the 16 sample listings, then the rest on page 2", async () => {
    expect(await search()).toMatchObject({ total: 16, hasMore: true });
    expect((await search()).listings).toHaveLength(12);
    expect((await search({ page: 2 })).listings).toHaveLength(4);
    expect((await search()).listings.every((listing) => listing.is_sample)).toBe(true);
  });

  it("sorts by every order the page offers", async () => {
    const prices = async (sort: ListingSearch["sort"]) => (await search({ sort, limit: 50 })).listings.map((l) => l.price_cents);
    expect(await prices("price_asc")).toEqual([...(await prices("price_asc"))].sort((a, b) => a - b));
    expect(await prices("price_desc")).toEqual([...(await prices("price_asc"))].reverse());
    expect((await search({ sort: "newest" })).listings[0]!.title).toBe("Refurbished Ergonomic Chair");
    expect((await search({ sort: "featured" })).listings[0]!.title).toBe("Refurbished Ergonomic Chair");
  });

  it("searches title and description by words, within a category", async () => {
    expect((await search({ search: "refurbished" })).listings.map((l) => l.title)).toContain("Refurbished Cordless Drill");
    const electronics = (await search({ search: "refurbished", category: "electronics" })).listings;
    expect(electronics.map((l) => l.category)).toEqual(["electronics", "electronics"]);
    expect((await search({ search: "barn" })).listings.map((l) => l.title)).toEqual(["Reclaimed Oak Desk"]);
    // Punctuation is never search syntax: a search of nothing but it matches nothing.
    expect((await search({ search: "%" })).total).toBe(0);
    expect((await search({ search: '"' })).total).toBe(0);
  });

  it("falls back to defaults for page values it does not know", async () => {
    expect(marketplacePageSchema.parse({ sort: "cheapest", category: "boats", page: "-3", view: "table" })).toEqual({
      sort: "featured",
      category: undefined,
      material: undefined,
      kind: undefined,
      location: undefined,
      page: 1,
      view: "grid",
      q: undefined,
    });
  });
});

describe("profileSchema", () => {
  it("requires a name, caps the bio at 500 and checks the website", async () => {
    const result = profileSchema.safeParse({ name: " ", bio: "x".repeat(501), website: "not a url", phone: "call me" });
    expect(fieldErrors(result.error!)).toEqual({
      name: "Name is required",
      bio: "Bio must be at most 500 characters",
      website: "Website must be a valid URL, like https://example.org",
      phone: "Phone may contain digits, spaces and + ( ) - . only",
    });
  });

  it("reads a bare domain as https and keeps empty fields empty", async () => {
    expect(profileSchema.parse({ name: "Ada", website: "example.org/about" })).toEqual({
      name: "Ada",
      bio: "",
      phone: "",
      location: "",
      company: "",
      website: "https://example.org/about",
    });
    expect(profileSchema.safeParse({ name: "Ada", website: "javascript:alert(1)" }).success).toBe(false);
  });
});

describe("achievementsOf", () => {
  it("measures progress towards each target", async () => {
    const list = achievementsOf({ posts: 3, likesReceived: 30, comments: 1, following: 0 });
    expect(list.map((item) => [item.title, item.progress, item.earned])).toEqual([
      ["First Post", 1, true],
      ["Active Contributor", 0.3, false],
      ["Community Favourite", 1, true],
      ["Conversation Starter", 0.2, false],
      ["Networker", 0, false],
      ["First Load", 0, false],
      ["Tonne Diverted", 0, false],
      ["First Trade", 0, false],
    ]);
  });

  it("measures the impact ledger's achievements in whole kilograms", async () => {
    const stats = { posts: 0, likesReceived: 0, comments: 0, following: 0 };
    const impact = (entries: number, kg: number, orders: number) =>
      achievementsOf({ ...stats, entries, weight_diverted_kg: kg, co2e_kg: 0, orders_completed: orders })
        .slice(-3)
        .map((item) => [item.title, item.value, item.progress, item.earned]);
    expect(impact(2, 999.999, 0)).toEqual([
      ["First Load", 2, 1, true],
      ["Tonne Diverted", 999, 0.999, false],
      ["First Trade", 0, 0, false],
    ]);
    expect(impact(1, 1000, 3)).toEqual([
      ["First Load", 1, 1, true],
      ["Tonne Diverted", 1000, 1, true],
      ["First Trade", 3, 1, true],
    ]);
  });
});

describe("findLearning", () => {
  it("is empty without content (SEED=0), and then filters courses and articles by words and by topic", async () => {
    expect(await findLearning({})).toEqual({
      empty: true,
      // Without samples the hub's figures are live ones, never the demo's stated figures.
      stats: {
        sample: false,
        figures: [
          { value: "0", label: "Courses" },
          { value: "0", label: "Articles" },
          { value: "0", label: "Learners" },
          { value: "0", label: "Certificates" },
        ],
      },
      featured: null,
      courses: [],
      articles: [],
    });
    await createCourse({
      title: "Home Composting Made Simple",
      summary: "Bins and worms",
      topic: "composting",
      byline: "Lukas Berg",
    });
    await createCourse({
      title: "Circular Business Models",
      summary: "Take-back schemes",
      topic: "business",
      byline: "Tomás Silva",
    });
    await createArticle({ title: "The carbon-to-nitrogen ratio", body_markdown: "Browns and **greens**.", topic: "composting" });
    const composting = await findLearning({ topic: "composting" });
    expect(composting.courses.map((course) => course.title)).toEqual(["Home Composting Made Simple"]);
    // An article without a summary is summed up by its text, without its marks.
    expect(composting.articles.map((article) => article.summary)).toEqual(["Browns and greens."]);
    const search = await findLearning({ q: "tomás business" });
    expect(search.courses.map((course) => course.title)).toEqual(["Circular Business Models"]);
    expect(await findLearning({ q: "nothing like this" })).toMatchObject({ empty: false, courses: [], articles: [] });
  });
});

describe("formatPrice", () => {
  it("shows whole dollars without cents", async () => {
    expect(formatPrice(34900)).toBe("$349");
    expect(formatPrice(4999)).toBe("$49.99");
  });
});
