import { prepared } from "~/services/db.server";
import { memberRows, shaped } from "~/services/export-rows.server";
import type { FeatureManifest } from "~/services/features.server";

/** Courses: what the member enrolled in and the lessons they finished. */
export const educationManifest: FeatureManifest = {
  name: "education",
  exports: {
    handles: ["course_enrollments.user_id", "lesson_progress.user_id"],
    sections: async (id) => ({
      courses: memberRows(
        `SELECT e.course_id, e.created_at AS enrolled_at,
         (SELECT json_group_array(lesson) FROM lesson_progress p WHERE p.user_id = e.user_id AND p.course_id = e.course_id) AS lessons_done
       FROM course_enrollments e WHERE e.user_id = @id ORDER BY e.course_id`,
        id,
      ).map((row) => shaped(row, { times: ["enrolled_at"], json: ["lessons_done"] })),
    }),
  },
  erases: {
    handles: ["course_enrollments.user_id", "lesson_progress.user_id"],
    erase: async (_tx, id) => {
      prepared("DELETE FROM course_enrollments WHERE user_id = @id").run({ id });
      prepared("DELETE FROM lesson_progress WHERE user_id = @id").run({ id });
    },
  },
};
