import type { FeatureManifest } from "~/services/features.server";
import { heldEducationImages } from "./store/content.server";
import { eraseEducationRows, exportedCertificates, exportedCourses } from "./store/member-data.server";

/**
 * Courses: what the member enrolled in, the lessons they finished and the certificates they were
 * issued. The articles and courses themselves are the instance's, and name no member.
 */
export const educationManifest: FeatureManifest = {
  name: "education",
  storedFiles: { handles: ["education_images.file_name"], held: heldEducationImages },
  exports: {
    handles: ["course_enrollments.user_id", "lesson_progress.user_id", "education_certificates.user_id"],
    sections: async (id) => ({ courses: await exportedCourses(id), certificates: await exportedCertificates(id) }),
  },
  erases: {
    handles: ["course_enrollments.user_id", "lesson_progress.user_id", "education_certificates.user_id"],
    erase: async (tx, id) => eraseEducationRows(tx, id),
  },
};
