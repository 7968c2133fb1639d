import { invalidInput, refuse, type FormResult } from "~/lib/forms";
import {
  addLesson,
  changeArticle,
  changeCourse,
  changeLesson,
  createArticle,
  createCourse,
  removeArticle,
  removeCourse,
  removeLesson,
} from "./content.server";
import { ADMIN_EDUCATION } from "./education";
import { articleInputSchema, contentFromForm, courseInputSchema, lessonInputSchema } from "./schemas";

/**
 * The admin pages' forms (they work without JavaScript): save an article, course or lesson, new or
 * changed, or delete it once confirmed. The answer, with what was typed when it is refused, and the
 * page to go to: the thing's own edit page after a save, its list after a delete.
 */

export type ContentTarget =
  | { kind: "article"; id: number | null }
  | { kind: "course"; id: number | null }
  | { kind: "lesson"; courseId: number; id: number | null };

export const editPath = (target: ContentTarget, id: number | null = target.id) => {
  const tail = id === null ? "new" : String(id);
  if (target.kind === "lesson") return `${ADMIN_EDUCATION}/courses/${target.courseId}/lessons/${tail}`;
  return `${ADMIN_EDUCATION}/${target.kind}s/${tail}`;
};

const listPath = (target: ContentTarget) =>
  target.kind === "lesson" ? `${ADMIN_EDUCATION}/courses/${target.courseId}` : ADMIN_EDUCATION;

const LABEL = { article: "Article", course: "Course", lesson: "Lesson" } as const;

type PageAnswer = { answer: FormResult<object, { values?: Record<string, unknown> }>; returnTo: string };

export async function contentPageAction(target: ContentTarget, fields: Record<string, unknown>): Promise<PageAnswer> {
  if (fields.intent === "delete") {
    if (target.id === null) return { answer: refuse("not-found", "There is nothing to delete yet."), returnTo: listPath(target) };
    const outcome =
      target.kind === "article"
        ? await removeArticle(target.id)
        : target.kind === "course"
          ? await removeCourse(target.id)
          : await removeLesson(target.courseId, target.id);
    return {
      answer: outcome.ok ? { ok: true, message: `${LABEL[target.kind]} deleted` } : outcome,
      returnTo: listPath(target),
    };
  }
  const values = contentFromForm(fields, { checkboxes: target.kind === "course" ? ["featured"] : [] });
  const schema =
    target.kind === "article" ? articleInputSchema : target.kind === "course" ? courseInputSchema : lessonInputSchema;
  const parsed = schema.safeParse(values);
  const typed = Object.fromEntries(Object.entries(fields).filter(([, value]) => typeof value === "string"));
  if (!parsed.success) {
    return {
      answer: { ...invalidInput(parsed.error), message: "Check the fields marked below.", values: typed },
      returnTo: editPath(target),
    };
  }
  const outcome = await save(target, parsed.data as never);
  if (!outcome.ok) return { answer: { ...outcome, values: typed }, returnTo: editPath(target) };
  return { answer: { ok: true, message: `${LABEL[target.kind]} saved` }, returnTo: editPath(target, outcome.id) };
}

async function save(target: ContentTarget, input: never) {
  const saved = async <T extends { ok: boolean }>(outcome: Promise<T>, id: (done: T) => number) => {
    const done = await outcome;
    return done.ok ? { ok: true as const, id: id(done) } : (done as unknown as ReturnType<typeof refuse>);
  };
  if (target.kind === "article") {
    return target.id === null
      ? saved(createArticle(input), (done) => done.article.id)
      : saved(changeArticle(target.id, input), (done) => ("article" in done ? done.article.id : 0));
  }
  if (target.kind === "course") {
    return target.id === null
      ? saved(createCourse(input), (done) => done.course.id)
      : saved(changeCourse(target.id, input), (done) => ("course" in done ? done.course.id : 0));
  }
  return target.id === null
    ? saved(addLesson(target.courseId, input), (done) => ("lesson" in done ? done.lesson.id : 0))
    : saved(changeLesson(target.courseId, target.id, input), (done) => ("lesson" in done ? done.lesson.id : 0));
}
