import { and, asc, count, desc, eq, isNull, sql } from "drizzle-orm";
import { organisations, pageAcceptances, siteSettings, sitePages, testimonials, users } from "../../../../db/schema";
import { getDb, namesHeldIn, type Db, changedRows } from "~/services/database/db.server";
import type { SitePageSlug } from "../vocabulary";

/** The site settings' row as an admin saves it whole. */
export type SiteSettingsRow = {
  name: string;
  tagline: string;
  contactEmail: string;
  replyTo: string;
  brandColour: string | null;
  about: string;
  mailFooter: string;
  logoFile: string | null;
  landing: unknown;
};

export async function saveSiteSettings(tx: Db, row: SiteSettingsRow): Promise<void> {
  const values = { ...row, updatedAt: new Date() };
  await tx
    .insert(siteSettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: siteSettings.id, set: values })
    .run();
}

export type SitePageRow = {
  id: number;
  slug: SitePageSlug;
  version: number;
  title: string;
  bodyMarkdown: string;
  createdAt: Date;
};

const pageColumns = {
  id: sitePages.id,
  slug: sitePages.slug,
  version: sitePages.version,
  title: sitePages.title,
  bodyMarkdown: sitePages.bodyMarkdown,
  createdAt: sitePages.createdAt,
};

/** The page's latest version, or undefined while the shipped text stands. */
export async function latestPage(slug: SitePageSlug, db: Db = getDb()): Promise<SitePageRow | undefined> {
  return db.select(pageColumns).from(sitePages).where(eq(sitePages.slug, slug)).orderBy(desc(sitePages.version)).limit(1).get();
}

/** Adds the page's next version. */
export async function insertPageVersion(
  tx: Db,
  slug: SitePageSlug,
  values: { title: string; bodyMarkdown: string; authorId: number },
): Promise<SitePageRow> {
  const version =
    ((
      await tx
        .select({ last: sql<number>`coalesce(max(${sitePages.version}), 0)` })
        .from(sitePages)
        .where(eq(sitePages.slug, slug))
        .get()
    )?.last ?? 0) + 1;
  return tx
    .insert(sitePages)
    .values({ slug, version, ...values })
    .returning(pageColumns)
    .get();
}

/** What the member accepted at sign-up: the versions of the terms and the privacy notice. */
export async function recordAcceptances(tx: Db, memberId: number, accepted: { slug: SitePageSlug; version: number }[]) {
  if (accepted.length)
    await tx
      .insert(pageAcceptances)
      .values(accepted.map((page) => ({ memberId, ...page })))
      .onConflictDoNothing()
      .run();
}

export async function acceptancesOf(memberId: number, db: Db = getDb()) {
  return db
    .select({ slug: pageAcceptances.slug, version: pageAcceptances.version, acceptedAt: pageAcceptances.acceptedAt })
    .from(pageAcceptances)
    .where(eq(pageAcceptances.memberId, memberId))
    .orderBy(asc(pageAcceptances.acceptedAt), asc(pageAcceptances.slug))
    .all();
}

export async function eraseAcceptances(tx: Db, memberId: number) {
  await tx.delete(pageAcceptances).where(eq(pageAcceptances.memberId, memberId)).run();
}

export type TestimonialRow = {
  id: number;
  name: string;
  role: string;
  company: string;
  quote: string;
  rating: number;
  memberId: number | null;
  consentedAt: Date | null;
  sample: boolean;
  createdAt: Date;
};

const testimonialColumns = {
  id: testimonials.id,
  name: testimonials.name,
  role: testimonials.role,
  company: testimonials.company,
  quote: testimonials.quote,
  rating: testimonials.rating,
  memberId: testimonials.memberId,
  consentedAt: testimonials.consentedAt,
  sample: testimonials.sample,
  createdAt: testimonials.createdAt,
};

/** Every testimonial, oldest first (the carousel's order). */
export async function allTestimonials(db: Db = getDb()): Promise<TestimonialRow[]> {
  return db.select(testimonialColumns).from(testimonials).orderBy(asc(testimonials.id)).all();
}

export async function testimonialById(id: number, db: Db = getDb()): Promise<TestimonialRow | undefined> {
  return db.select(testimonialColumns).from(testimonials).where(eq(testimonials.id, id)).get();
}

export async function countTestimonials(db: Db = getDb()): Promise<number> {
  return (await db.select({ n: count() }).from(testimonials).get())?.n ?? 0;
}

export async function insertTestimonial(
  tx: Db,
  values: Omit<TestimonialRow, "id" | "createdAt" | "consentedAt" | "sample"> & { sample?: boolean },
): Promise<TestimonialRow> {
  return tx.insert(testimonials).values(values).returning(testimonialColumns).get();
}

export async function updateTestimonial(tx: Db, id: number, values: Partial<Omit<TestimonialRow, "id" | "createdAt">>) {
  // A changed testimonial is the operator's own words now, no longer a sample.
  await tx
    .update(testimonials)
    .set({ ...values, sample: false })
    .where(eq(testimonials.id, id))
    .run();
}

export async function deleteTestimonial(tx: Db, id: number) {
  await tx.delete(testimonials).where(eq(testimonials.id, id)).run();
}

/** The member agrees that their testimonial shows; answers whether one of theirs waited for it. */
export async function consentToTestimonial(memberId: number, id: number, db: Db = getDb()): Promise<boolean> {
  return (
    changedRows(
      await db
        .update(testimonials)
        .set({ consentedAt: new Date() })
        .where(and(eq(testimonials.id, id), eq(testimonials.memberId, memberId), isNull(testimonials.consentedAt)))
        .run(),
    ) > 0
  );
}

/** The testimonials naming the member (their export). */
export async function testimonialsOf(memberId: number, db: Db = getDb()) {
  return db
    .select({ quote: testimonials.quote, consentedAt: testimonials.consentedAt, createdAt: testimonials.createdAt })
    .from(testimonials)
    .where(eq(testimonials.memberId, memberId))
    .all();
}

/** A leaving member's words leave the landing page with them. */
export async function eraseTestimonialsOf(tx: Db, memberId: number) {
  await tx.delete(testimonials).where(eq(testimonials.memberId, memberId)).run();
}

/** Whether the member exists and is not deleted. */
export async function memberExists(id: number, db: Db = getDb()): Promise<boolean> {
  return Boolean(
    await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, id), isNull(users.deletedAt)))
      .get(),
  );
}

/** Members who can sign in (not deleted, not the sample authors, whose password matches nothing). */
export async function countMembers(db: Db = getDb()): Promise<number> {
  return (
    (
      await db
        .select({ n: count() })
        .from(users)
        .where(and(isNull(users.deletedAt), sql`${users.passwordHash} <> '!'`))
        .get()
    )?.n ?? 0
  );
}

export async function countOrganisations(db: Db = getDb()): Promise<number> {
  return (await db.select({ n: count() }).from(organisations).get())?.n ?? 0;
}

/** Which of some stored media names is the instance's logo. */
export const heldLogo = namesHeldIn(siteSettings.logoFile);
