import { ARTICLES, COURSES, FEATURED_COURSE, TOPICS, type Topic } from "~/content/education";
import type { FormFailure } from "~/lib/forms";
import { addEnrolment, courseProgress, markLesson } from "./store/progress.server";

/** The education hub: search and topic filters over the fixed catalogue, enrolments and lesson progress. */

type CourseView = {
  id: number;
  title: string;
  description: string;
  instructor: string;
  duration: string;
  level: string | null;
  topic: string | null;
  free: boolean;
  price: number;
  certificate: boolean;
  lessons: string[];
};

/** Every course, the featured challenge included, in one shape for the course page. */
const ALL_COURSES: CourseView[] = [
  {
    id: FEATURED_COURSE.id,
    title: FEATURED_COURSE.title,
    description: FEATURED_COURSE.description,
    instructor: FEATURED_COURSE.instructor,
    duration: FEATURED_COURSE.duration,
    level: null,
    topic: "Zero Waste",
    free: true,
    price: 0,
    certificate: false,
    lessons: [...FEATURED_COURSE.lessonTitles],
  },
  ...COURSES.map((course) => ({
    id: course.id,
    title: course.title,
    description: course.description,
    instructor: course.instructor,
    duration: course.duration,
    level: course.level,
    topic: TOPICS.find((item) => item.value === course.category)!.label,
    free: course.free,
    price: course.price,
    certificate: course.certificate,
    lessons: course.lessonTitles,
  })),
];

export const findCourse = (id: number) => ALL_COURSES.find((course) => course.id === id) ?? null;
export const findArticle = (id: number) => ARTICLES.find((article) => article.id === id) ?? null;

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
      (article) =>
        (!topic || article.category === topic) &&
        matches(article.title, article.excerpt, article.author, topicLabel(article.category)),
    ).map(({ body: _body, ...article }) => article),
  };
}

export { courseProgress, enrolledCourseIds } from "./store/progress.server";

/** Start Learning (free) and Enroll Now (priced) both record the enrolment; twice is once. */
export async function enroll(userId: number, courseId: number): Promise<boolean> {
  if (!findCourse(courseId)) return false;
  await addEnrolment(userId, courseId);
  return true;
}

type LessonOutcome =
  { ok: true; done: number[] } | FormFailure<{ message: string; reason: "invalid" | "not-found" | "conflict" }>;

/**
 * Marks a lesson as done (or not done again); doing it twice changes nothing. The course must
 * exist and have that lesson, and the member must be enrolled: progress belongs to an enrolment.
 */
export async function setLessonDone(userId: number, courseId: number, lesson: number, done: boolean): Promise<LessonOutcome> {
  const course = findCourse(courseId);
  if (!course) return { ok: false, reason: "not-found", message: "This course does not exist.", errors: {} };
  if (!Number.isInteger(lesson) || lesson < 1 || lesson > course.lessons.length) {
    return { ok: false, reason: "invalid", message: `This course has lessons 1 to ${course.lessons.length}.`, errors: {} };
  }
  if (!(await courseProgress(userId, courseId)).enrolled)
    return { ok: false, reason: "conflict", message: "Enroll in this course first.", errors: {} };
  await markLesson(userId, courseId, lesson, done);
  return { ok: true, done: (await courseProgress(userId, courseId)).done };
}
