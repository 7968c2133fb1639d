import { prepared, type Db } from "~/services/database/db.server";
import { memberRows, shaped } from "~/services/export-rows.server";

/** Courses' rows in the member's export, and their erasure when the member leaves. */

/** The courses the member enrolled in, each with the lessons they finished. */
export async function exportedCourses(id: number) {
  return memberRows(
    `SELECT e.course_id, e.created_at AS enrolled_at,
         (SELECT json_group_array(lesson) FROM lesson_progress p WHERE p.user_id = e.user_id AND p.course_id = e.course_id) AS lessons_done
       FROM course_enrollments e WHERE e.user_id = @id ORDER BY e.course_id`,
    id,
  ).map((row) => shaped(row, { times: ["enrolled_at"], json: ["lessons_done"] }));
}

export async function eraseEducationRows(_tx: Db, id: number) {
  prepared("DELETE FROM course_enrollments WHERE user_id = @id").run({ id });
  prepared("DELETE FROM lesson_progress WHERE user_id = @id").run({ id });
}
