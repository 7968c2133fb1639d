import { beforeAll, describe, expect, it } from "vitest";
import { seedCatalogue } from "../../db/seed";
import { findLearning } from "~/features/education/education.server";
import { getDb } from "~/services/db.server";
import { formatPrice, marketplaceQuerySchema, type MarketplaceQuery } from "~/features/marketplace/marketplace";
import { listProducts } from "~/features/marketplace/marketplace.server";
import { profileSchema } from "~/features/profile/profile";
import { achievementsOf } from "~/features/profile/profile.server";
import { fieldErrors } from "~/lib/forms";

beforeAll(() => {
  seedCatalogue(getDb());
});

const query = (overrides: Partial<MarketplaceQuery> = {}) => marketplaceQuerySchema.parse(overrides);

describe("listProducts", () => {
  it("shows 12 of the 16 seeded products, then all of them on page 2", () => {
    expect(listProducts(query())).toMatchObject({ total: 16 });
    expect(listProducts(query()).products).toHaveLength(12);
    expect(listProducts(query({ page: 2 })).products).toHaveLength(16);
  });

  it("sorts by every order the page offers", () => {
    const prices = (sort: MarketplaceQuery["sort"]) => listProducts(query({ sort, page: 2 })).products.map((p) => p.priceCents);
    expect(prices("price_asc")).toEqual([...prices("price_asc")].sort((a, b) => a - b));
    expect(prices("price_desc")).toEqual([...prices("price_asc")].reverse());
    const ratings = listProducts(query({ sort: "rating", page: 2 })).products.map((p) => p.rating);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
    expect(listProducts(query({ sort: "featured" })).products[0]!.name).toBe("Reclaimed Oak Desk");
    expect(listProducts(query({ sort: "newest" })).products[0]!.name).toBe("Refurbished Ergonomic Chair");
  });

  it("searches name and description, within a category, and treats % and _ as text", () => {
    expect(listProducts(query({ q: "refurbished" })).products.map((p) => p.name)).toContain("Refurbished Cordless Drill");
    const electronics = listProducts(query({ q: "refurbished", category: "electronics" })).products;
    expect(electronics.map((p) => p.category)).toEqual(["electronics", "electronics"]);
    expect(listProducts(query({ q: "barn" })).products.map((p) => p.name)).toEqual(["Reclaimed Oak Desk"]);
    // Two descriptions hold a percent sign ("100% post-consumer", "above 90%"); as a wildcard it would match all.
    expect(listProducts(query({ q: "%" })).total).toBe(2);
    expect(listProducts(query({ q: "_" })).total).toBe(0);
  });

  it("falls back to defaults for values it does not know", () => {
    expect(marketplaceQuerySchema.parse({ sort: "cheapest", category: "boats", page: "-3", view: "table" })).toEqual({
      sort: "featured",
      category: undefined,
      page: 1,
      view: "grid",
      q: undefined,
    });
  });
});

describe("profileSchema", () => {
  it("requires a name, caps the bio at 500 and checks the website", () => {
    const result = profileSchema.safeParse({ name: " ", bio: "x".repeat(501), website: "not a url", phone: "call me" });
    expect(fieldErrors(result.error!)).toEqual({
      name: "Name is required",
      bio: "Bio must be at most 500 characters",
      website: "Website must be a valid URL, like https://example.org",
      phone: "Phone may contain digits, spaces and + ( ) - . only",
    });
  });

  it("reads a bare domain as https and keeps empty fields empty", () => {
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
  it("measures progress towards each target", () => {
    const list = achievementsOf({ posts: 3, likesReceived: 30, comments: 1, following: 0 });
    expect(list.map((item) => [item.title, item.progress, item.earned])).toEqual([
      ["First Post", 1, true],
      ["Active Contributor", 0.3, false],
      ["Community Favourite", 1, true],
      ["Conversation Starter", 0.2, false],
      ["Networker", 0, false],
    ]);
  });
});

describe("findLearning", () => {
  it("filters courses and articles by words and by topic", () => {
    expect(findLearning({ topic: "composting" }).courses.map((course) => course.title)).toEqual([
      "Industrial Composting at Scale",
      "Home Composting Made Simple",
    ]);
    const search = findLearning({ q: "tomás business" });
    expect(search.courses.map((course) => course.title)).toEqual(["Circular Business Models"]);
    expect(findLearning({ q: "nothing like this" })).toEqual({ courses: [], articles: [] });
  });
});

describe("formatPrice", () => {
  it("shows whole dollars without cents", () => {
    expect(formatPrice(34900)).toBe("$349");
    expect(formatPrice(4999)).toBe("$49.99");
  });
});
