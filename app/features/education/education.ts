import { z } from "~/lib/zod";
import { pathId } from "~/lib/path-id";

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
