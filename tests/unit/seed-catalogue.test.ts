import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { seedCatalogue } from "~/services/seed/seed";
import { openDatabase, sqliteClient } from "~/services/database/db.server";

/** The sample catalogue on a database of its own, read back as the TEXT the tables hold. */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "circular-catalogue-"));
const db = openDatabase(path.join(dir, "fresh.db"));
await seedCatalogue(db);
type StoredProduct = {
  slug: string;
  rating: number;
  reviews_count: number;
  reviews: string;
  images: string;
  tags: string;
  features: string;
};
const stored = sqliteClient(db)
  .prepare("SELECT slug, rating, reviews_count, reviews, images, tags, features FROM products ORDER BY id")
  .all() as StoredProduct[];

afterAll(() => {
  sqliteClient(db).close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("the seeded catalogue", () => {
  it("holds the sixteen sample products", () => {
    expect(stored).toHaveLength(16);
  });

  it.each(stored.map((product) => [product.slug, product] as const))(
    "counts and rates %s by its own reviews",
    (_slug, product) => {
      const reviews = JSON.parse(product.reviews) as { author: string; rating: number }[];
      expect(reviews.length).toBeGreaterThan(0);
      expect(product.reviews_count).toBe(reviews.length);
      const mean = reviews.reduce((sum, review) => sum + review.rating, 0) / reviews.length;
      // The rating the page shows (one decimal) is the reviews' mean.
      expect(product.rating.toFixed(1)).toBe(mean.toFixed(1));
      expect(product.rating).toBe(Math.round(mean * 10) / 10);
      // The detail page lists the reviews by author: no author twice.
      expect(new Set(reviews.map((review) => review.author)).size).toBe(reviews.length);
    },
  );

  it("stores the lists as JSON arrays of text, not as JSON text inside JSON", () => {
    for (const product of stored) {
      for (const column of [product.images, product.tags, product.features, product.reviews]) {
        const list: unknown = JSON.parse(column);
        expect(Array.isArray(list)).toBe(true);
      }
      expect(JSON.parse(product.images)[0]).toBe(`/products/${product.slug}-1.webp`);
    }
  });

  it("keeps the ratings apart, so sorting by rating still orders the catalogue", () => {
    expect(new Set(stored.map((product) => product.rating)).size).toBeGreaterThan(4);
  });
});
