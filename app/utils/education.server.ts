import { eq } from "drizzle-orm";
import { courseEnrollments } from "../../db/schema";
import { ARTICLES, COURSES, FEATURED_COURSE, TOPICS, type Topic } from "~/content/education";
import { getDb } from "./db.server";

/** The education hub: search and topic filters over the fixed catalogue, and enrolments. */

const COURSE_IDS = new Set<number>([FEATURED_COURSE.id, ...COURSES.map((course) => course.id)]);

export function findLearning({ q, topic }: { q?: string; topic?: Topic }) {
  const words = q?.toLowerCase().split(/\s+/).filter(Boolean) ?? [];
  const matches = (...texts: string[]) => {
    const haystack = texts.join(" ").toLowerCase();
    return words.every((word) => haystack.includes(word));
  };
  const topicLabel = (value: Topic) => TOPICS.find((item) => item.value === value)!.label;
  return {
    courses: COURSES.filter(
      (course) =>
        (!topic || course.category === topic) &&
        matches(course.title, course.description, course.instructor, topicLabel(course.category)),
    ),
    articles: ARTICLES.filter(
      (article) => (!topic || article.category === topic) && matches(article.title, article.excerpt, article.author, topicLabel(article.category)),
    ),
  };
}

export function enrolledCourseIds(userId: number): number[] {
  return getDb()
    .select({ courseId: courseEnrollments.courseId })
    .from(courseEnrollments)
    .where(eq(courseEnrollments.userId, userId))
    .all()
    .map((row) => row.courseId);
}

/** Start Learning (free) and Enroll Now (priced) both record the enrolment; twice is once. */
export function enroll(userId: number, courseId: number): boolean {
  if (!COURSE_IDS.has(courseId)) return false;
  getDb().insert(courseEnrollments).values({ userId, courseId }).onConflictDoNothing().run();
  return true;
}
