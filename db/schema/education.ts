/** Learning: course enrolments and lesson progress (the catalogue itself is fixed content). */
import { sql } from "drizzle-orm";
import { foreignKey, integer, primaryKey, sqliteTable } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";
import { users } from "./members";

/** Courses a member started or enrolled in (the course catalogue itself is fixed content). */
export const courseEnrollments = sqliteTable(
  "course_enrollments",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    courseId: integer("course_id").notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.courseId] })],
);

/**
 * The lessons a member has marked as done, one row each (a lesson marked as not done again loses
 * its row). Only an enrolled member has progress: the row belongs to the enrolment.
 */
export const lessonProgress = sqliteTable(
  "lesson_progress",
  {
    userId: integer("user_id").notNull(),
    courseId: integer("course_id").notNull(),
    /** The lesson's place in its course, from 1 (the lessons themselves are fixed content). */
    lesson: integer("lesson").notNull(),
    completedAt: integer("completed_at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.courseId, table.lesson] }),
    foreignKey({
      columns: [table.userId, table.courseId],
      foreignColumns: [courseEnrollments.userId, courseEnrollments.courseId],
    }).onDelete("cascade"),
  ],
);
