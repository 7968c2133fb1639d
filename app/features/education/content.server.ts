import { refuse } from "~/lib/forms";
import type { ArticleInput, ArticleView, CourseInput, CourseView, LessonInput, LessonView } from "./schemas";
import {
  countLessons,
  deleteArticle,
  deleteCourse,
  deleteLesson,
  findArticleRow,
  findCourseRow,
  findLessonRow,
  insertArticle,
  insertCourse,
  insertLesson,
  listArticles,
  listCourses,
  listLessons,
  updateArticle,
  updateCourse,
  updateLesson,
  type ArticleRow,
  type CourseRow,
  type LessonRow,
} from "./store/content.server";
import { MAX_LESSONS } from "./schemas";

/** What admins write: articles, courses and their lessons, each as the API answers it (samples included). */

export const NO_ARTICLE = "No such article.";
export const NO_COURSE = "No such course.";
export const NO_LESSON = "No such lesson in this course.";

export function articleView(row: ArticleRow): ArticleView {
  return {
    id: row.id,
    title: row.title,
    summary: row.summary,
    body_markdown: row.bodyMarkdown,
    topic: row.topic,
    byline: row.byline,
    is_sample: row.isSample,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function courseView(row: CourseRow): CourseView {
  return {
    ...articleView(row),
    level: row.level,
    duration: row.duration,
    featured: row.featured,
    lesson_count: row.lessonCount,
  };
}

export function lessonView(row: LessonRow): LessonView {
  return {
    id: row.id,
    course_id: row.courseId,
    position: row.position,
    title: row.title,
    summary: row.summary,
    body_markdown: row.bodyMarkdown,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const textValues = (input: ArticleInput) => ({
  ...(input.title !== undefined && { title: input.title }),
  ...(input.summary !== undefined && { summary: input.summary }),
  ...(input.body_markdown !== undefined && { bodyMarkdown: input.body_markdown }),
  ...(input.topic !== undefined && { topic: input.topic }),
  ...(input.byline !== undefined && { byline: input.byline }),
});

const courseValues = (input: CourseInput) => ({
  ...textValues(input),
  ...(input.level !== undefined && { level: input.level }),
  ...(input.duration !== undefined && { duration: input.duration }),
  ...(input.featured !== undefined && { featured: input.featured }),
});

export const adminArticles = async () => (await listArticles({ withSamples: true })).map(articleView);

export async function adminArticle(id: number) {
  const row = await findArticleRow(id);
  return row ? articleView(row) : null;
}

export async function createArticle(input: ArticleInput & { title: string }) {
  return { ok: true as const, article: articleView(await insertArticle(textValues(input) as { title: string })) };
}

export async function changeArticle(id: number, input: ArticleInput) {
  const row = await updateArticle(id, textValues(input));
  return row ? { ok: true as const, article: articleView(row) } : refuse("not-found", NO_ARTICLE);
}

export async function removeArticle(id: number) {
  return (await deleteArticle(id)) ? { ok: true as const } : refuse("not-found", NO_ARTICLE);
}

export const adminCourses = async () => (await listCourses({ withSamples: true })).map(courseView);

/** A course with its lessons in order, as admins edit it. */
export async function adminCourse(id: number) {
  const row = await findCourseRow(id);
  return row ? { course: courseView(row), lessons: (await listLessons(id)).map(lessonView) } : null;
}

export async function createCourse(input: CourseInput & { title: string }) {
  return { ok: true as const, course: courseView(await insertCourse(courseValues(input) as { title: string })) };
}

export async function changeCourse(id: number, input: CourseInput) {
  const row = await updateCourse(id, courseValues(input));
  return row ? { ok: true as const, course: courseView(row) } : refuse("not-found", NO_COURSE);
}

export async function removeCourse(id: number) {
  return (await deleteCourse(id)) ? { ok: true as const } : refuse("not-found", NO_COURSE);
}

export async function adminLesson(courseId: number, lessonId: number) {
  const row = await findLessonRow(courseId, lessonId);
  return row ? lessonView(row) : null;
}

export async function courseLessons(courseId: number) {
  if (!(await findCourseRow(courseId))) return refuse("not-found", NO_COURSE);
  return { ok: true as const, lessons: (await listLessons(courseId)).map(lessonView) };
}

const lessonValues = (input: LessonInput) => ({
  ...(input.title !== undefined && { title: input.title }),
  ...(input.summary !== undefined && { summary: input.summary }),
  ...(input.body_markdown !== undefined && { bodyMarkdown: input.body_markdown }),
});

export async function addLesson(courseId: number, input: LessonInput & { title: string }) {
  if (!(await findCourseRow(courseId))) return refuse("not-found", NO_COURSE);
  if ((await countLessons(courseId)) >= MAX_LESSONS) return refuse("conflict", `A course has at most ${MAX_LESSONS} lessons.`);
  const row = await insertLesson(courseId, lessonValues(input) as { title: string }, input.position);
  return { ok: true as const, lesson: lessonView(row) };
}

export async function changeLesson(courseId: number, lessonId: number, input: LessonInput) {
  const row = await updateLesson(courseId, lessonId, lessonValues(input), input.position);
  return row ? { ok: true as const, lesson: lessonView(row) } : refuse("not-found", NO_LESSON);
}

export async function removeLesson(courseId: number, lessonId: number) {
  return (await deleteLesson(courseId, lessonId)) ? { ok: true as const } : refuse("not-found", NO_LESSON);
}
