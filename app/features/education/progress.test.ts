import { beforeAll, describe, expect, it } from "vitest";
import { courseEnrollments, users } from "../../../db/schema";
import { ARTICLES, COURSES, FEATURED_COURSE } from "~/content/education";
import { getDb } from "~/services/database/db.server";
import { courseActionSchema, idParam } from "~/features/education/education";
import { courseProgress, enroll, findArticle, findCourse, setLessonDone } from "~/features/education/education.server";

describe("education content", () => {
  it("has as many lesson titles as each course says, and a text for every article", () => {
    for (const course of COURSES) expect(course.lessonTitles, course.title).toHaveLength(course.lessons);
    expect(FEATURED_COURSE.lessonTitles).toHaveLength(FEATURED_COURSE.lessons);
    expect(findCourse(FEATURED_COURSE.id)?.lessons).toHaveLength(30);
    expect(new Set(ARTICLES.map((article) => article.id)).size).toBe(ARTICLES.length);
    for (const article of ARTICLES) expect(article.body.join(" ").length, article.title).toBeGreaterThan(1000);
    expect(findArticle(2)?.title).toBe("The carbon-to-nitrogen ratio, explained");
    expect(findArticle(99)).toBeNull();
  });

  it("reads ids from the URL strictly", () => {
    expect(idParam("12")).toBe(12);
    for (const bad of ["0", "012", "1.5", "1e3", "-1", "abc", "9999999", "", undefined])
      expect(idParam(bad), String(bad)).toBeNull();
  });
});

describe("lesson progress", () => {
  let memberId: number;
  beforeAll(() => {
    [{ id: memberId }] = getDb()
      .insert(users)
      .values({ username: "Learner", email: "learner@example.org", passwordHash: "!" })
      .returning({ id: users.id })
      .all();
  });

  it("is recorded only for an enrolled member, a lesson of the course at a time", async () => {
    expect(await setLessonDone(memberId, 1, 1, true)).toEqual({
      ok: false,
      reason: "conflict",
      message: "Enroll in this course first.",
      errors: {},
    });
    expect(await setLessonDone(memberId, 999, 1, true)).toEqual({
      ok: false,
      reason: "not-found",
      message: "This course does not exist.",
      errors: {},
    });
    expect(await enroll(memberId, 1)).toBe(true);
    expect(await courseProgress(memberId, 1)).toEqual({ enrolled: true, done: [] });
    for (const lesson of [0, 13, 1.5]) {
      expect(await setLessonDone(memberId, 1, lesson, true)).toEqual({
        ok: false,
        reason: "invalid",
        message: "This course has lessons 1 to 12.",
        errors: {},
      });
    }
    expect(await setLessonDone(memberId, 1, 3, true)).toEqual({ ok: true, done: [3] });
    expect(await setLessonDone(memberId, 1, 1, true)).toEqual({ ok: true, done: [1, 3] });
    // Twice is once, and a lesson can be marked as not done again.
    expect(await setLessonDone(memberId, 1, 1, true)).toEqual({ ok: true, done: [1, 3] });
    expect(await setLessonDone(memberId, 1, 3, false)).toEqual({ ok: true, done: [1] });
    expect(await setLessonDone(memberId, 1, 3, false)).toEqual({ ok: true, done: [1] });
    // Progress belongs to its course.
    expect(await enroll(memberId, FEATURED_COURSE.id)).toBe(true);
    expect(await courseProgress(memberId, FEATURED_COURSE.id)).toEqual({ enrolled: true, done: [] });
    expect(await setLessonDone(memberId, FEATURED_COURSE.id, 30, true)).toEqual({ ok: true, done: [30] });
    expect((await courseProgress(memberId, 1)).done).toEqual([1]);
  });

  it("goes with the enrolment", async () => {
    getDb().delete(courseEnrollments).run();
    expect(await courseProgress(memberId, 1)).toEqual({ enrolled: false, done: [] });
  });

  it("reads the course page's forms", () => {
    expect(courseActionSchema.parse({ intent: "lesson", lesson: "4", done: "1" })).toEqual({
      intent: "lesson",
      lesson: 4,
      done: true,
    });
    expect(courseActionSchema.parse({ intent: "enroll" })).toEqual({ intent: "enroll" });
    for (const bad of [
      { intent: "lesson", lesson: "four", done: "1" },
      { intent: "lesson", lesson: "2", done: "yes" },
      { intent: "buy" },
      {},
    ]) {
      expect(courseActionSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});
