import { z } from "~/lib/zod";

/** The forms of the education pages, shared by the pages and their actions. */

/** A course's or article's id in a URL: digits only, or nothing. */
export function idParam(param: string | undefined) {
  const id = /^[1-9]\d{0,5}$/.test(param ?? "") ? Number(param) : NaN;
  return Number.isSafeInteger(id) ? id : null;
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
