import { invalidInput, refuse, type FormFailure, type FormResult } from "~/lib/forms";
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
  const typed = Object.fromEntries(Object.entries(fields).filter(([, value]) => typeof value === "string"));
  const outcome = await save(target, values);
  if (!outcome.ok) {
    const message = outcome.reason === "invalid" ? "Check the fields marked below." : outcome.message;
    return { answer: { ...outcome, message, values: typed }, returnTo: editPath(target) };
  }
  return { answer: { ok: true, message: `${LABEL[target.kind]} saved` }, returnTo: editPath(target, outcome.id) };
}

type Saved = { ok: true; id: number } | FormFailure;

/** Checks the form's values with the API's schema for the kind, then creates or changes the thing. */
async function save(target: ContentTarget, values: Record<string, unknown>): Promise<Saved> {
  if (target.kind === "article") {
    const parsed = articleInputSchema.safeParse(values);
    if (!parsed.success) return invalidInput(parsed.error);
    const outcome = target.id === null ? await createArticle(parsed.data) : await changeArticle(target.id, parsed.data);
    return outcome.ok ? { ok: true, id: outcome.article.id } : outcome;
  }
  if (target.kind === "course") {
    const parsed = courseInputSchema.safeParse(values);
    if (!parsed.success) return invalidInput(parsed.error);
    const outcome = target.id === null ? await createCourse(parsed.data) : await changeCourse(target.id, parsed.data);
    return outcome.ok ? { ok: true, id: outcome.course.id } : outcome;
  }
  const parsed = lessonInputSchema.safeParse(values);
  if (!parsed.success) return invalidInput(parsed.error);
  const outcome =
    target.id === null
      ? await addLesson(target.courseId, parsed.data)
      : await changeLesson(target.courseId, target.id, parsed.data);
  return outcome.ok ? { ok: true, id: outcome.lesson.id } : outcome;
}
