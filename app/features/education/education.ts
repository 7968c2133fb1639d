import { z } from "~/lib/zod";
import { pathId } from "~/lib/path-id";

/** The forms of the education pages, shared by the pages and their actions. */

/** A course's or article's id in a URL: digits only and at most six of them (the hub's ids are small), or nothing. */
export function idParam(param: string | undefined) {
  const id = pathId(param);
  return id !== null && id < 1_000_000 ? id : null;
}

/** The course page's forms: enrol, or mark one lesson as done or not done. */
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
