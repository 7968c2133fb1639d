import type { FeatureManifest } from "~/services/features.server";
import { eraseEducationRows, exportedCourses } from "./store/member-data.server";

/** Courses: what the member enrolled in and the lessons they finished. */
export const educationManifest: FeatureManifest = {
  name: "education",
  exports: {
    handles: ["course_enrollments.user_id", "lesson_progress.user_id"],
    sections: async (id) => ({ courses: await exportedCourses(id) }),
  },
  erases: {
    handles: ["course_enrollments.user_id", "lesson_progress.user_id"],
    erase: async (tx, id) => eraseEducationRows(tx, id),
  },
};
