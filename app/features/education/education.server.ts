import { refuse, type FormFailure } from "~/lib/forms";
import { markdownText, renderMarkdown } from "~/lib/markdown";
import { getEnv } from "~/services/env.server";
import { siteIdentity } from "~/services/site-identity.server";
import { courseCompleted } from "./completion";
import type { EducationTopic } from "./schemas";
import type { HubArticle, HubCourse } from "./education";
import { findArticleRow, findCourseRow, findLessonRow, listArticles, listCourses, listLessons } from "./store/content.server";
import {
  addEnrolment,
  courseProgress,
  findCertificate,
  issueCertificateIfCompleted,
  learningFigures,
  certificatesOf,
  findCertificateByNumber,
  markLesson,
} from "./store/progress.server";
import { EDUCATION_STATS } from "~/content/education";
import { certificatePdf } from "./certificate-pdf.server";

/**
 * The education hub as members read it: the operator's articles and courses (samples only while
 * SEED=1), enrolments, lessons marked done, and the certificate a completed course issues.
 */

export const NO_COURSE_MESSAGE = "This course does not exist.";

/** Samples are shown while the instance runs with sample content; with SEED=0 they are as if deleted. */
const withSamples = () => getEnv().seed;

/** The hub's courses and articles matching every word of `q` and the topic, samples per SEED. */
export async function findLearning({ q, topic }: { q?: string; topic?: EducationTopic }) {
  const words = q?.toLowerCase().split(/\s+/).filter(Boolean) ?? [];
  const matches = (item: { topic: string | null }, ...texts: string[]) => {
    const haystack = texts.join(" ").toLowerCase();
    return (!topic || item.topic === topic) && words.every((word) => haystack.includes(word));
  };
  const courses: HubCourse[] = (await listCourses({ withSamples: withSamples() })).map((row) => ({
    id: row.id,
    title: row.title,
    summary: row.summary,
    topic: row.topic,
    level: row.level,
    byline: row.byline,
    duration: row.duration,
    featured: row.featured,
    isSample: row.isSample,
    lessonCount: row.lessonCount,
  }));
  const articles: HubArticle[] = (await listArticles({ withSamples: withSamples() })).map((row) => ({
    id: row.id,
    title: row.title,
    summary: row.summary || markdownText(row.bodyMarkdown, 200),
    topic: row.topic,
    byline: row.byline,
    date: row.createdAt.toISOString(),
    isSample: row.isSample,
  }));
  // The newest featured course stands above the list, unless a search is on: then it is a result like the others.
  const filtered = words.length > 0 || topic !== undefined;
  const featured = filtered ? null : (courses.filter((course) => course.featured).at(-1) ?? null);
  return {
    /** Whether the hub has anything at all (an empty hub tells admins where to write). */
    empty: courses.length === 0 && articles.length === 0,
    stats: await hubStats(courses, articles),
    featured,
    courses: courses.filter((course) => course !== featured && matches(course, course.title, course.summary, course.byline)),
    articles: articles.filter((article) => matches(article, article.title, article.summary, article.byline)),
  };
}

/**
 * The hub's four figures: while it holds only the seeded samples (SEED=1), the demo's stated
 * figures, marked as samples; once it holds the operator's own content (or with SEED=0), live
 * ones: their courses and articles, the members who took up a course, the certificates issued.
 */
async function hubStats(courses: { isSample: boolean }[], articles: { isSample: boolean }[]) {
  const own = [...courses, ...articles].filter((item) => !item.isSample);
  const onlySamples = withSamples() && own.length === 0 && courses.length + articles.length > 0;
  if (onlySamples) return { sample: true, figures: EDUCATION_STATS.map(({ value, label }) => ({ value, label })) };
  const { learners, certificates } = await learningFigures();
  const count = (n: number) => n.toLocaleString("en-GB");
  return {
    sample: false,
    figures: [
      { value: count(courses.filter((course) => !course.isSample).length), label: "Courses" },
      { value: count(articles.filter((article) => !article.isSample).length), label: "Articles" },
      { value: count(learners), label: "Learners" },
      { value: count(certificates), label: "Certificates" },
    ],
  };
}

const visible = <T extends { isSample: boolean }>(row: T | null) => (row && (!row.isSample || withSamples()) ? row : null);

/** An article to read, its Markdown rendered. */
export async function readArticle(id: number) {
  const row = visible(await findArticleRow(id));
  if (!row) return null;
  const others = (await listArticles({ withSamples: withSamples() }))
    .filter((other) => other.id !== id)
    .slice(0, 10)
    .map((other) => ({ id: other.id, title: other.title }));
  return {
    article: {
      id: row.id,
      title: row.title,
      summary: row.summary,
      topic: row.topic,
      byline: row.byline,
      date: row.createdAt.toISOString(),
      isSample: row.isSample,
      html: renderMarkdown(row.bodyMarkdown),
    },
    others,
  };
}

/** A course to take: its description rendered, its lessons in order, the member's progress. */
export async function readCourse(userId: number, id: number) {
  const row = visible(await findCourseRow(id));
  if (!row) return null;
  const lessons = (await listLessons(id)).map((lesson) => ({ id: lesson.id, position: lesson.position, title: lesson.title }));
  const progress = await courseProgress(userId, id);
  const lessonIds = lessons.map((lesson) => lesson.id);
  return {
    course: {
      id: row.id,
      title: row.title,
      summary: row.summary,
      topic: row.topic,
      level: row.level,
      byline: row.byline,
      duration: row.duration,
      isSample: row.isSample,
      html: renderMarkdown(row.bodyMarkdown),
    },
    lessons,
    enrolled: progress.enrolled,
    done: progress.done.filter((lessonId) => lessonIds.includes(lessonId)),
    /** Whether the member holds the course's certificate (issued when they completed it; it stays). */
    certified: Boolean(await findCertificate(userId, id)),
  };
}

/** A lesson to read, with its neighbours and whether the member marked it done. */
export async function readLesson(userId: number, courseId: number, lessonId: number) {
  const course = visible(await findCourseRow(courseId));
  const lesson = course ? await findLessonRow(courseId, lessonId) : null;
  if (!course || !lesson) return null;
  const lessons = await listLessons(courseId);
  const at = lessons.findIndex((other) => other.id === lessonId);
  const link = (other: (typeof lessons)[number] | undefined) =>
    other ? { id: other.id, position: other.position, title: other.title } : null;
  const progress = await courseProgress(userId, courseId);
  return {
    course: { id: course.id, title: course.title, isSample: course.isSample, lessonCount: lessons.length },
    lesson: {
      id: lesson.id,
      position: lesson.position,
      title: lesson.title,
      summary: lesson.summary,
      html: renderMarkdown(lesson.bodyMarkdown),
    },
    previous: link(lessons[at - 1]),
    next: link(lessons[at + 1]),
    enrolled: progress.enrolled,
    done: progress.done.includes(lessonId),
  };
}

export { certifiedCourseIds, courseProgress, enrolledCourseIds } from "./store/progress.server";

/** Start Learning records the enrolment; twice is once. Answers the course's title, or null when there is none. */
export async function enroll(userId: number, courseId: number): Promise<string | null> {
  const course = visible(await findCourseRow(courseId));
  if (!course) return null;
  await addEnrolment(userId, courseId);
  return course.title;
}

type LessonOutcome =
  | { ok: true; done: number[]; certified: boolean; lessonTitle: string; position: number }
  | FormFailure<{ message: string; reason: "not-found" | "conflict" }>;

/**
 * Marks a lesson as done (or not done again); doing it twice changes nothing. The lesson must be
 * the course's, and the member enrolled: progress belongs to an enrolment. The mark that completes
 * the course issues its certificate (`certified`: issued by this mark).
 */
export async function setLessonDone(userId: number, courseId: number, lessonId: number, done: boolean): Promise<LessonOutcome> {
  const course = visible(await findCourseRow(courseId));
  if (!course) return refuse("not-found", NO_COURSE_MESSAGE);
  const lesson = await findLessonRow(courseId, lessonId);
  if (!lesson) return refuse("not-found", "This lesson is not part of this course.");
  if (!(await courseProgress(userId, courseId)).enrolled) return refuse("conflict", "Enroll in this course first.");
  await markLesson(userId, courseId, lessonId, done);
  const certified = done && (await issueCertificateIfCompleted(userId, courseId, course.title, courseCompleted));
  return {
    ok: true,
    done: (await courseProgress(userId, courseId)).done,
    certified,
    lessonTitle: lesson.title,
    position: lesson.position,
  };
}

/**
 * The member's certificate for the course as a PDF, made out to their display name, or null
 * until they have completed it. The site's name heads it.
 */
export async function certificateDocument(userId: number, course: number | { number: string }) {
  // By its number, a certificate stays the member's to download once its course is deleted.
  const certificate =
    typeof course === "number" ? await findCertificate(userId, course) : await findCertificateByNumber(userId, course.number);
  if (!certificate) return null;
  const pdf = await certificatePdf({ ...certificate, siteName: (await siteIdentity()).name });
  return { pdf, number: certificate.number };
}

/** A certificate's number as issued (CH- and ten hex digits); anything else names none. */
export const CERTIFICATE_NUMBER = /^CH-[0-9A-F]{10}$/;

/** The member's certificates for the hub's list, each with its download address. */
export async function memberCertificates(userId: number) {
  return (await certificatesOf(userId)).map((row) => ({
    number: row.number,
    courseTitle: row.courseTitle,
    issuedAt: row.issuedAt.toISOString(),
    href: `/api/education/certificates/${row.number}`,
  }));
}
