import { z } from "~/lib/zod";
import { pathId } from "~/lib/path-id";
import type { EducationTopic } from "./schemas";

/** The forms of the education pages, shared by the pages and their actions. */

/** A course's, lesson's or article's id in a URL, or nothing. */
export function idParam(param: string | undefined) {
  return pathId(param);
}

/** The course and lesson pages' forms: enrol, or mark one lesson (by its id) as done or not done. */
export const courseActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("enroll") }),
    z.object({
      intent: z.literal("lesson"),
      lesson: z.coerce.number({ error: "Choose a lesson" }).int("Choose a lesson").min(1, "Choose a lesson"),
      done: z.enum(["1", "0"], { error: "Say whether the lesson is done" }).transform((value) => value === "1"),
    }),
  ],
  { error: "Choose Enroll or a lesson" },
);

/** Where admins write the hub's content. */
export const ADMIN_EDUCATION = "/app/admin/education";

/** A course as the hub lists it. */
export type HubCourse = {
  id: number;
  title: string;
  summary: string;
  topic: EducationTopic | null;
  level: string | null;
  byline: string;
  duration: string;
  featured: boolean;
  isSample: boolean;
  lessonCount: number;
};

/** An article as the hub lists it. */
export type HubArticle = {
  id: number;
  title: string;
  summary: string;
  topic: EducationTopic | null;
  byline: string;
  date: string;
  isSample: boolean;
};
