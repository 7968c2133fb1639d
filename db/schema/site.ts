/** The instance its operator owns: its identity, its own pages, and the testimonials it shows. */
import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { SITE_PAGE_SLUGS } from "../site-values";
import { createdAt, oneOf } from "./columns";
import { users } from "./members";

/**
 * The instance's settings: one row (id 1), written by admins. No row: the shipped defaults.
 * `landing` is JSON ({show_demo, show_testimonials, counters}); `logo_file` a file under
 * UPLOAD_DIR served at /media/<name>.
 */
export const siteSettings = sqliteTable(
  "site_settings",
  {
    id: integer("id").primaryKey(),
    name: text("name").notNull(),
    tagline: text("tagline").notNull().default(""),
    contactEmail: text("contact_email").notNull().default(""),
    replyTo: text("reply_to").notNull().default(""),
    brandColour: text("brand_colour"),
    about: text("about").notNull().default(""),
    mailFooter: text("mail_footer").notNull().default(""),
    logoFile: text("logo_file"),
    landing: text("landing", { mode: "json" }).notNull().$type<unknown>(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [check("site_settings_one_row", sql`${table.id} = 1`)],
);

/**
 * Every version of the pages an operator writes: a PUT adds the next version, none is changed,
 * so what a member accepted at sign-up can always be shown as it read.
 */
export const sitePages = sqliteTable(
  "site_pages",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    slug: text("slug", { enum: SITE_PAGE_SLUGS }).notNull(),
    version: integer("version").notNull(),
    title: text("title").notNull(),
    bodyMarkdown: text("body_markdown").notNull(),
    authorId: integer("author_id").references(() => users.id),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("site_pages_slug_version_idx").on(table.slug, table.version),
    oneOf("site_pages_slug_check", table.slug, SITE_PAGE_SLUGS),
  ],
);

/**
 * Which version of the terms and the privacy notice a member accepted when they signed up
 * (version 0: the shipped text, before an admin wrote one).
 */
export const pageAcceptances = sqliteTable(
  "page_acceptances",
  {
    memberId: integer("member_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    slug: text("slug", { enum: SITE_PAGE_SLUGS }).notNull(),
    version: integer("version").notNull(),
    acceptedAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.memberId, table.slug, table.version] })],
);

/**
 * What members say, as admins curate it for the landing page. `sample`: a seeded row of a demo
 * instance, marked as such where it shows. `member_id`: the member whose words these are; such a
 * row shows only once that member agreed (`consented_at`).
 */
export const testimonials = sqliteTable(
  "testimonials",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    role: text("role").notNull().default(""),
    company: text("company").notNull().default(""),
    quote: text("quote").notNull(),
    rating: integer("rating").notNull(),
    memberId: integer("member_id").references(() => users.id, { onDelete: "set null" }),
    consentedAt: integer("consented_at", { mode: "timestamp_ms" }),
    sample: integer("sample", { mode: "boolean" }).notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [
    index("testimonials_member_idx").on(table.memberId),
    check("testimonials_rating_check", sql`${table.rating} between 1 and 5`),
  ],
);
