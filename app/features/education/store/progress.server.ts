import { and, eq } from "drizzle-orm";
import { courseEnrollments, lessonProgress } from "../../../../db/schema";
import { getDb } from "~/services/database/db.server";

/** Enrolments and lesson progress as stored: which courses a member took up and which lessons they marked done. */

export async function enrolledCourseIds(userId: number): Promise<number[]> {
  return getDb()
    .select({ courseId: courseEnrollments.courseId })
    .from(courseEnrollments)
    .where(eq(courseEnrollments.userId, userId))
    .all()
    .map((row) => row.courseId);
}

/** Records the enrolment; twice is once. */
export async function addEnrolment(userId: number, courseId: number) {
  getDb().insert(courseEnrollments).values({ userId, courseId }).onConflictDoNothing().run();
}

/** Whether the member is enrolled, and the lessons (from 1) they marked as done. */
export async function courseProgress(userId: number, courseId: number) {
  const db = getDb();
  const enrolled = Boolean(
    db
      .select({ courseId: courseEnrollments.courseId })
      .from(courseEnrollments)
      .where(and(eq(courseEnrollments.userId, userId), eq(courseEnrollments.courseId, courseId)))
      .get(),
  );
  const done = db
    .select({ lesson: lessonProgress.lesson })
    .from(lessonProgress)
    .where(and(eq(lessonProgress.userId, userId), eq(lessonProgress.courseId, courseId)))
    .orderBy(lessonProgress.lesson)
    .all()
    .map((row) => row.lesson);
  return { enrolled, done };
}

/** Marks a lesson as done (or not done again); doing it twice changes nothing. */
export async function markLesson(userId: number, courseId: number, lesson: number, done: boolean) {
  const db = getDb();
  if (done) db.insert(lessonProgress).values({ userId, courseId, lesson }).onConflictDoNothing().run();
  else
    db.delete(lessonProgress)
      .where(and(eq(lessonProgress.userId, userId), eq(lessonProgress.courseId, courseId), eq(lessonProgress.lesson, lesson)))
      .run();
}
