import { invalidInput, type FormResult } from "~/lib/forms";
import { courseActionSchema } from "./education";
import { enroll, findCourse, setLessonDone } from "./education.server";

/**
 * Every form of a course's page posts here, told apart by `intent` (enrol, or mark a lesson done
 * or not done): the answer, and the page to go back to without JavaScript, at the lesson just
 * marked. `courseId` is null when the path names no course.
 */
export async function coursePageAction(
  userId: number,
  courseId: number | null,
  fields: Record<string, unknown>,
): Promise<{ answer: FormResult; returnTo: string }> {
  const course = courseId ? findCourse(courseId) : null;
  const parsed = courseActionSchema.safeParse(fields);
  let answer: FormResult;
  let anchor = "";
  if (!course) answer = { ok: false, reason: "not-found", message: "This course does not exist.", errors: {} };
  else if (!parsed.success) answer = { ...invalidInput(parsed.error), message: parsed.error.issues[0]!.message };
  else if (parsed.data.intent === "enroll") {
    await enroll(userId, course.id);
    answer = { ok: true, message: `You are enrolled in ${course.title}` };
  } else {
    const { lesson, done } = parsed.data;
    const outcome = await setLessonDone(userId, course.id, lesson, done);
    answer = outcome.ok ? { ok: true, message: `Lesson ${lesson} marked as ${done ? "done" : "not done"}` } : outcome;
    if (outcome.ok) anchor = `#lesson-${lesson}`;
  }
  return { answer, returnTo: `/app/education/courses/${course?.id}${anchor}` };
}
