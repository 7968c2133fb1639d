import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { eq, isNull, sql } from "drizzle-orm";
import {
  listings,
  postComments,
  postInteractions,
  postMedia,
  posts,
  products,
  testimonials,
  users,
  type Role,
} from "../../../db/schema";
import { seedPosts, type SeedAuthor } from "./seed-posts";
import { seedProducts } from "./seed-products";
import type { AppDatabase } from "../../../db/database";
// The seeds write through the engine-neutral transaction like any store.
import { isPostgres, transaction } from "../database/db.server";

/**
 * Sample members who author the seeded content. Their password hash "!" matches no password,
 * so a public instance never ships with a known login.
 */
type SampleMember = {
  key: SeedAuthor;
  username: string;
  email: string;
  userType: Role;
  authorType: "expert" | "admin" | "other";
  isVerified: boolean;
};

const sampleMembers: readonly SampleMember[] = [
  {
    key: "team",
    username: "Circular Hub Team",
    email: "team@circularhub.example",
    // Marked Admin on its posts (author type), but no admin: nobody can sign in as a sample author.
    userType: "user",
    authorType: "admin",
    isVerified: true,
  },
  {
    key: "amara",
    username: "Dr. Amara Okafor",
    email: "amara@circularhub.example",
    userType: "user",
    authorType: "expert",
    isVerified: true,
  },
  {
    key: "lukas",
    username: "Lukas Berg",
    email: "lukas@circularhub.example",
    userType: "user",
    authorType: "other",
    isVerified: true,
  },
  {
    key: "priya",
    username: "Priya Raman",
    email: "priya@circularhub.example",
    userType: "user",
    authorType: "other",
    isVerified: false,
  },
  {
    key: "nia",
    username: "Nia Mensah",
    email: "nia@circularhub.example",
    userType: "user",
    authorType: "other",
    isVerified: false,
  },
  {
    key: "tomas",
    username: "Tomás Silva",
    email: "tomas@circularhub.example",
    userType: "user",
    authorType: "expert",
    isVerified: false,
  },
];

const HOUR_MS = 60 * 60 * 1000;
const EXTENSION_TYPES: Record<string, string> = {
  jpg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
};

type InteractionType = (typeof postInteractions.$inferInsert)["type"];

/**
 * Fills an empty database with sample members and posts, and what the members did with them:
 * comments and interaction rows, from which every post's counters are then counted, so a post
 * that says "3 comments" opens on three comments. Copies the posts' pictures from `mediaFolder`
 * into `uploadDir` under random names, as uploads are stored.
 */
export async function seedDatabase(db: AppDatabase, { mediaFolder, uploadDir }: { mediaFolder: string; uploadDir: string }) {
  const now = Date.now();
  const copied: string[] = [];
  try {
    await transaction(async (tx) => {
      const authorIds = new Map<SeedAuthor, number>();
      for (const { key, ...member } of sampleMembers) {
        const [row] = await tx
          .insert(users)
          .values({ ...member, passwordHash: "!" })
          .onConflictDoUpdate({
            target: users.email,
            set: {
              authorType: member.authorType,
              isVerified: member.isVerified,
            },
          })
          .returning({ id: users.id })
          .all();
        authorIds.set(key, row.id);
      }
      const postIds: number[] = [];
      // Oldest first, so ids grow with time as they do for real posts.
      for (const post of [...seedPosts].sort((a, b) => b.hoursAgo - a.hoursAgo)) {
        const postedAt = now - post.hoursAgo * HOUR_MS;
        /** A moment `share` of the way from the post's time to now. */
        const later = (share: number) => new Date(postedAt + (now - postedAt) * share);
        const [{ id }] = await tx
          .insert(posts)
          .values({
            authorId: authorIds.get(post.author)!,
            title: post.title,
            content: post.content,
            postType: post.postType,
            category: post.category,
            tags: post.tags,
            locationName: post.locationName ?? null,
            isLocalEvent: post.isLocalEvent ?? false,
            eventDate: post.eventInHours === undefined ? null : new Date(now + post.eventInHours * HOUR_MS),
            difficultyLevel: post.difficultyLevel ?? null,
            estimatedTime: post.estimatedTime ?? null,
            environmentalImpact: post.environmentalImpact ?? {},
            isFeatured: post.isFeatured ?? false,
            createdAt: new Date(postedAt),
          })
          .returning({ id: posts.id })
          .all();
        postIds.push(id);
        for (const [index, comment] of post.comments.entries()) {
          const createdAt = later((index + 1) / (post.comments.length + 1));
          await tx
            .insert(postComments)
            .values({ postId: id, authorId: authorIds.get(comment.by)!, content: comment.text, createdAt })
            .run();
        }
        // One row per member and kind, as the app writes them; whoever did anything with a post viewed it.
        const acted = (members: SeedAuthor[], type: InteractionType) => members.map((member) => ({ member, type }));
        const done = [
          ...acted(post.likedBy, "like"),
          ...acted(post.sharedBy ?? [], "share"),
          ...acted(post.savedBy ?? [], "save"),
          ...acted(
            post.comments.map((comment) => comment.by),
            "comment",
          ),
        ];
        const viewed = acted([...new Set(done.map((row) => row.member))], "view");
        for (const { member, type } of [...done, ...viewed]) {
          await tx
            .insert(postInteractions)
            .values({ userId: authorIds.get(member)!, postId: id, type, createdAt: later(0.1) })
            .onConflictDoNothing()
            .run();
        }
        for (const [position, image] of (post.images ?? []).entries()) {
          const extension = path.extname(image).slice(1);
          const fileName = `${randomBytes(16).toString("hex")}.${extension}`;
          fs.copyFileSync(path.join(mediaFolder, image), path.join(uploadDir, fileName));
          copied.push(fileName);
          const size = fs.statSync(path.join(uploadDir, fileName)).size;
          await tx
            .insert(postMedia)
            .values({
              postId: id,
              position,
              fileName,
              mimeType: EXTENSION_TYPES[extension],
              size,
            })
            .run();
        }
      }
      // Counted from the rows just written, so each counter equals its rows from the start.
      await tx.run(sql`UPDATE posts SET
        likes_count = (SELECT count(*) FROM post_interactions i WHERE i.post_id = posts.id AND i.type = 'like'),
        shares_count = (SELECT count(*) FROM post_interactions i WHERE i.post_id = posts.id AND i.type = 'share'),
        views_count = (SELECT count(*) FROM post_interactions i WHERE i.post_id = posts.id AND i.type = 'view'),
        comments_count = (SELECT count(*) FROM post_comments c WHERE c.post_id = posts.id)
        WHERE id IN (SELECT value FROM json_each(${JSON.stringify(postIds)}))`);
    });
  } catch (error) {
    for (const fileName of copied) fs.rmSync(path.join(uploadDir, fileName), { force: true });
    throw error;
  }
}

/** The rating a product shows: the mean of its reviews' stars to one decimal, 0 without reviews. */
function meanRating(reviews: readonly { rating: number }[]) {
  if (!reviews.length) return 0;
  return Math.round((reviews.reduce((sum, review) => sum + review.rating, 0) / reviews.length) * 10) / 10;
}

/**
 * Fills an empty catalogue with the sample products (independently of the members and posts).
 * Each product's review count and rating are those of its reviews, so the card's "(N)" is the list
 * on its page.
 */
export async function seedCatalogue(db: AppDatabase) {
  const now = Date.now();
  const DAY_MS = 24 * HOUR_MS;
  await transaction(async (tx) => {
    for (const item of seedProducts) {
      const reviews = item.reviews.map((review) => ({
        author: review.author,
        rating: review.rating,
        date: new Date(now - review.daysAgo * DAY_MS).toISOString(),
        text: review.text,
        verified: review.verified,
      }));
      await tx
        .insert(products)
        .values({
          slug: item.slug,
          name: item.name,
          description: item.description,
          longDescription: item.longDescription,
          priceCents: Math.round(item.price * 100),
          originalPriceCents: Math.round(item.originalPrice * 100),
          rating: meanRating(reviews),
          reviewsCount: reviews.length,
          images: Array.from({ length: item.imageCount }, (_, i) => `/products/${item.slug}-${i + 1}.webp`),
          seller: item.seller,
          sellerRating: item.sellerRating,
          sellerReviews: item.sellerReviews,
          category: item.category,
          sustainability: item.sustainability,
          tags: item.tags,
          features: item.features,
          reviews,
          stockCount: item.stockCount,
          featuredRank: item.featuredRank,
          createdAt: new Date(now - item.daysListed * DAY_MS),
        })
        .onConflictDoNothing({ target: products.slug })
        .run();
    }
  }, db);
}

/** Where each sample seller is, so the location filter has something to find among the samples. */
const SAMPLE_SELLER_LOCATIONS: Record<string, string> = {
  "Timber Revival Co.": "Portland, OR",
  "ReBoot Electronics": "Austin, TX",
  "Second Page Stationery": "Burlington, VT",
  "Green Thumb Upcycling": "Sacramento, CA",
  "Bottle & Light Studio": "Asheville, NC",
  "Loop Threads": "Brooklyn, NY",
  ToolCycle: "Pittsburgh, PA",
};

/** A sample seller's address: one per seller name of the catalogue, never a mailbox anyone reads. */
const sampleSellerEmail = (name: string) =>
  `${name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")}@sellers.circularhub.example`;

/**
 * Shows each product of the sample catalogue in the marketplace as a sample listing (is_sample,
 * linked by sample_product_id), sold by a sample member named after the catalogue's seller, who
 * cannot sign in. Only products without their listing get one, so it runs on any database with a
 * catalogue, again and again, and adds nothing the second time.
 */
export async function seedSampleListings(db: AppDatabase): Promise<number> {
  return transaction(async (tx) => {
    const missing = (
      await tx
        .select({ product: products })
        .from(products)
        .leftJoin(listings, eq(listings.sampleProductId, products.id))
        .where(isNull(listings.id))
        .orderBy(products.id)
        .all()
    ).map((row) => row.product);
    const details = new Map(seedProducts.map((item) => [item.slug, item]));
    const sellerIds = new Map<string, number>();
    for (const product of missing) {
      let sellerId = sellerIds.get(product.seller);
      if (sellerId === undefined) {
        const [row] = await tx
          .insert(users)
          .values({
            username: product.seller,
            email: sampleSellerEmail(product.seller),
            passwordHash: "!",
            location: SAMPLE_SELLER_LOCATIONS[product.seller] ?? "",
            company: product.seller,
          })
          .onConflictDoUpdate({ target: users.email, set: { username: product.seller } })
          .returning({ id: users.id })
          .all();
        sellerIds.set(product.seller, (sellerId = row.id));
      }
      const item = details.get(product.slug);
      await tx
        .insert(listings)
        .values({
          sellerId,
          kind: "sale",
          title: product.name,
          description: product.description,
          category: product.category,
          material: item?.material ?? "mixed",
          condition: item?.condition ?? "refurbished",
          quantity: product.stockCount,
          unit: "piece",
          weightPerUnitKg: item?.weightPerPieceKg ?? 1,
          priceCents: product.priceCents,
          quantityLeft: product.stockCount,
          location: SAMPLE_SELLER_LOCATIONS[product.seller] ?? "",
          handover: "delivery",
          isSample: true,
          sampleProductId: product.id,
          createdAt: product.createdAt,
          updatedAt: product.createdAt,
        })
        .run();
    }
    return missing.length;
  }, db);
}

/**
 * The landing page's testimonials (app/content/landing.ts's, passed in, db) as sample rows of a demo instance (SEED=1), marked as
 * samples where they show. Only into a table that never had a row: testimonials an admin removed
 * stay removed (SQLite keeps an AUTOINCREMENT table's sequence once it had one). Answers how many.
 */
export async function seedSampleTestimonials(
  db: AppDatabase,
  samples: readonly { name: string; role: string; company: string; quote: string; rating: number }[],
): Promise<number> {
  return transaction(async (tx) => {
    // Whether the table's id sequence was ever used (SQLite's sqlite_sequence, PostgreSQL's identity).
    const used = await tx.get<{ n: number }>(
      isPostgres()
        ? sql`SELECT count(*) AS n FROM pg_sequences WHERE schemaname || '.' || sequencename = pg_get_serial_sequence('testimonials', 'id') AND last_value IS NOT NULL`
        : sql`SELECT count(*) AS n FROM sqlite_sequence WHERE name = 'testimonials'`,
    );
    const rows = await tx.select({ id: testimonials.id }).from(testimonials).limit(1).all();
    if ((used?.n ?? 0) > 0 || rows.length) return 0;
    for (const item of samples)
      await tx
        .insert(testimonials)
        .values({ ...item, sample: true })
        .run();
    return samples.length;
  }, db);
}
