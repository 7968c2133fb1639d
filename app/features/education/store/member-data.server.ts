import { isPostgres, statement, type Db } from "~/services/database/db.server";
import { memberRows, shaped } from "~/services/export-rows.server";

/** Courses' rows in the member's export, and their erasure when the member leaves. */

/** The courses the member enrolled in, each with the lessons they finished (by title, in order). */
export async function exportedCourses(id: number) {
  // A JSON array of the lessons, in each engine's words (PostgreSQL's json_agg is NULL for none).
  const lessonsDoneJson = isPostgres()
    ? "coalesce(json_agg(json_build_object('lesson', l.title, 'done_at', p.completed_at))::text, '[]')"
    : "json_group_array(json_object('lesson', l.title, 'done_at', p.completed_at))";
  return (
    await memberRows(
      `SELECT e.course_id, c.title AS course_title, e.created_at AS enrolled_at,
         (SELECT ${lessonsDoneJson}
            FROM lesson_progress p JOIN education_lessons l ON l.id = p.lesson_id
           WHERE p.user_id = e.user_id AND p.course_id = e.course_id) AS lessons_done
       FROM course_enrollments e JOIN education_courses c ON c.id = e.course_id
      WHERE e.user_id = @id ORDER BY e.course_id`,
      id,
    )
  ).map((row) => {
    const out = shaped(row, { times: ["enrolled_at"], json: ["lessons_done"] });
    out.lessons_done = (out.lessons_done as { lesson: string; done_at: number }[]).map((lesson) => ({
      lesson: lesson.lesson,
      done_at: new Date(lesson.done_at).toISOString(),
    }));
    return out;
  });
}

/** The certificates the member was issued. */
export async function exportedCertificates(id: number) {
  return (
    await memberRows(
      `SELECT number, course_id, course_title, issued_at FROM education_certificates WHERE user_id = @id ORDER BY issued_at`,
      id,
    )
  ).map((row) => shaped(row, { times: ["issued_at"] }));
}

export async function eraseEducationRows(_tx: Db, id: number) {
  await statement("DELETE FROM lesson_progress WHERE user_id = @id").run({ id });
  await statement("DELETE FROM course_enrollments WHERE user_id = @id").run({ id });
  await statement("DELETE FROM education_certificates WHERE user_id = @id").run({ id });
}
