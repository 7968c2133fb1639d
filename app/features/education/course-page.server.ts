import { invalidInput, type FormResult } from "~/lib/forms";
import { courseActionSchema } from "./education";
import { enroll, NO_COURSE_MESSAGE, setLessonDone } from "./education.server";

/**
 * Every form of a course's and a lesson's page posts here, told apart by `intent` (enrol, or mark
 * a lesson done or not done): the answer, and the page to go back to without JavaScript (the
 * course, at the lesson just marked, or the lesson's own page when `from` says so). `courseId` is
 * null when the path names no course.
 */
export async function coursePageAction(
  userId: number,
  courseId: number | null,
  fields: Record<string, unknown>,
  { fromLesson = false }: { fromLesson?: boolean } = {},
): Promise<{ answer: FormResult<{ certified?: boolean }>; returnTo: string }> {
  const parsed = courseActionSchema.safeParse(fields);
  let answer: FormResult<{ certified?: boolean }>;
  let returnTo = `/app/education/courses/${courseId ?? ""}`;
  if (!courseId) answer = { ok: false, reason: "not-found", message: NO_COURSE_MESSAGE, errors: {} };
  else if (!parsed.success) answer = { ...invalidInput(parsed.error), message: parsed.error.issues[0]!.message };
  else if (parsed.data.intent === "enroll") {
    const title = await enroll(userId, courseId);
    answer = title
      ? { ok: true, message: `You are enrolled in ${title}` }
      : { ok: false, reason: "not-found", message: NO_COURSE_MESSAGE, errors: {} };
  } else {
    const { lesson, done } = parsed.data;
    const outcome = await setLessonDone(userId, courseId, lesson, done);
    if (outcome.ok) {
      answer = {
        ok: true,
        certified: outcome.certified,
        message: outcome.certified
          ? "Course completed: your certificate is ready"
          : `Lesson ${outcome.position} marked as ${done ? "done" : "not done"}`,
      };
      returnTo = fromLesson ? `${returnTo}/lessons/${lesson}` : `${returnTo}#lesson-${lesson}`;
    } else answer = outcome;
  }
  return { answer, returnTo };
}
