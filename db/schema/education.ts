/**
 * Learning: the operator's articles and courses (lessons in order, Markdown bodies), the images
 * they show, members' enrolments and lesson progress, and the certificates completed courses issue.
 */
import { sql } from "drizzle-orm";
import { foreignKey, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, oneOf, storedFile } from "./columns";
import { users } from "./members";
import { COURSE_LEVELS, EDUCATION_TOPICS } from "../education-values";

const updatedAt = () =>
  integer("updated_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`);

/**
 * An article of the hub. The content is the instance's, not a member's: no author column, only
 * the byline the admin writes. `is_sample`: seeded with SEED=1, shown marked, hidden with SEED=0.
 */
export const educationArticles = sqliteTable(
  "education_articles",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    title: text("title").notNull(),
    summary: text("summary").notNull().default(""),
    bodyMarkdown: text("body_markdown").notNull().default(""),
    topic: text("topic", { enum: EDUCATION_TOPICS }),
    byline: text("byline").notNull().default(""),
    isSample: integer("is_sample", { mode: "boolean" }).notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [oneOf("education_articles_topic_check", table.topic, EDUCATION_TOPICS)],
);

/** A course: free, its lessons in order; `featured` puts it above the hub's list. */
export const educationCourses = sqliteTable(
  "education_courses",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    title: text("title").notNull(),
    summary: text("summary").notNull().default(""),
    bodyMarkdown: text("body_markdown").notNull().default(""),
    topic: text("topic", { enum: EDUCATION_TOPICS }),
    level: text("level", { enum: COURSE_LEVELS }),
    byline: text("byline").notNull().default(""),
    duration: text("duration").notNull().default(""),
    featured: integer("featured", { mode: "boolean" }).notNull().default(false),
    isSample: integer("is_sample", { mode: "boolean" }).notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    oneOf("education_courses_topic_check", table.topic, EDUCATION_TOPICS),
    oneOf("education_courses_level_check", table.level, COURSE_LEVELS),
  ],
);

/** A lesson of a course, at `position` (1, 2, …; the course's lessons are renumbered on every move). */
export const educationLessons = sqliteTable(
  "education_lessons",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    courseId: integer("course_id")
      .notNull()
      .references(() => educationCourses.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    title: text("title").notNull(),
    summary: text("summary").notNull().default(""),
    bodyMarkdown: text("body_markdown").notNull().default(""),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("education_lessons_course_position_idx").on(table.courseId, table.position)],
);

/** Images uploaded for articles and lessons, served at /media/<file_name> to put in Markdown. */
export const educationImages = sqliteTable("education_images", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  ...storedFile(),
  createdAt: createdAt(),
});

/** Courses a member started. */
export const courseEnrollments = sqliteTable(
  "course_enrollments",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    courseId: integer("course_id")
      .notNull()
      .references(() => educationCourses.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.courseId] })],
);

/**
 * The lessons a member has marked as done, one row each (a lesson marked as not done again loses
 * its row). Only an enrolled member has progress: the row belongs to the enrolment, and goes with
 * its lesson.
 */
export const lessonProgress = sqliteTable(
  "lesson_progress",
  {
    userId: integer("user_id").notNull(),
    courseId: integer("course_id").notNull(),
    lessonId: integer("lesson_id")
      .notNull()
      .references(() => educationLessons.id, { onDelete: "cascade" }),
    completedAt: integer("completed_at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.lessonId] }),
    foreignKey({
      columns: [table.userId, table.courseId],
      foreignColumns: [courseEnrollments.userId, courseEnrollments.courseId],
    }).onDelete("cascade"),
  ],
);

/**
 * A certificate, issued once when a member has marked every lesson of a course done. It keeps the
 * course's title as issued, so it still prints if the course is changed or deleted.
 */
export const educationCertificates = sqliteTable(
  "education_certificates",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** Printed on the certificate: random, so one cannot be guessed from another. */
    number: text("number").notNull().unique(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    courseId: integer("course_id").references(() => educationCourses.id, { onDelete: "set null" }),
    courseTitle: text("course_title").notNull(),
    issuedAt: integer("issued_at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`),
  },
  // One a member and course (a deleted course's certificates keep their title, their course null).
  (table) => [uniqueIndex("education_certificates_user_course_idx").on(table.userId, table.courseId)],
);
