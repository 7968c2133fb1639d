import { beforeAll, describe, expect, it } from "vitest";
import { users } from "../../../db/schema";
import { seedEducation } from "~/services/seed/seed-education";
import { getDb, statement } from "~/services/database/db.server";
import { courseCompleted } from "~/features/education/completion";
import { courseActionSchema, idParam } from "~/features/education/education";
import { addLesson, changeLesson, createCourse, removeCourse, removeLesson } from "~/features/education/content.server";
import {
  certificateDocument,
  courseProgress,
  enroll,
  findLearning,
  readCourse,
  setLessonDone,
} from "~/features/education/education.server";
import { pdfText } from "../../../tests/support/pdf-text";
import { educationManifest } from "~/features/education/manifest.server";

describe("courseCompleted", () => {
  it("holds when every lesson of the course, and there is one, is marked done", () => {
    expect(courseCompleted([1, 2, 3], [1, 2, 3])).toBe(true);
    expect(courseCompleted([3, 1, 2, 9], [1, 2, 3])).toBe(true);
    expect(courseCompleted([1, 2], [1, 2, 3])).toBe(false);
    // A course without lessons cannot be completed.
    expect(courseCompleted([], [])).toBe(false);
    expect(courseCompleted([5], [])).toBe(false);
  });
});

describe("reading ids and forms", () => {
  it("reads ids from the URL strictly", () => {
    expect(idParam("12")).toBe(12);
    for (const bad of ["0", "012", "1.5", "1e3", "-1", "abc", "", undefined]) expect(idParam(bad), String(bad)).toBeNull();
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

describe("lesson progress and the certificate", () => {
  let memberId: number;
  let courseId: number;
  let lessons: number[];
  beforeAll(async () => {
    [{ id: memberId }] = await getDb()
      .insert(users)
      .values({ username: "Łucja Nowak", email: "learner@example.org", passwordHash: "!" })
      .returning({ id: users.id })
      .all();
    courseId = (await createCourse({ title: "Sorting at source" })).course.id;
    lessons = [];
    for (const title of ["Paper", "Glass", "Metals"]) {
      const added = await addLesson(courseId, { title, body_markdown: `All about ${title}.` });
      if (added.ok) lessons.push(added.lesson.id);
    }
  });

  it("is recorded only for an enrolled member, a lesson of the course at a time", async () => {
    expect(await setLessonDone(memberId, courseId, lessons[0]!, true)).toMatchObject({ ok: false, reason: "conflict" });
    expect(await setLessonDone(memberId, 999_999, lessons[0]!, true)).toMatchObject({ ok: false, reason: "not-found" });
    expect(await enroll(memberId, courseId)).toBe("Sorting at source");
    expect(await setLessonDone(memberId, courseId, 999_999, true)).toMatchObject({
      ok: false,
      reason: "not-found",
      message: "This lesson is not part of this course.",
    });
    expect(await setLessonDone(memberId, courseId, lessons[2]!, true)).toMatchObject({ ok: true, certified: false });
    // Twice is once, and a lesson can be marked as not done again.
    await setLessonDone(memberId, courseId, lessons[2]!, true);
    expect((await courseProgress(memberId, courseId)).done).toEqual([lessons[2]]);
    await setLessonDone(memberId, courseId, lessons[2]!, false);
    expect((await courseProgress(memberId, courseId)).done).toEqual([]);
    expect(await certificateDocument(memberId, courseId)).toBeNull();
  });

  it("issues the certificate with the mark that completes the course, once, and keeps it", async () => {
    await setLessonDone(memberId, courseId, lessons[0]!, true);
    await setLessonDone(memberId, courseId, lessons[1]!, true);
    expect(await certificateDocument(memberId, courseId)).toBeNull();
    expect(await setLessonDone(memberId, courseId, lessons[2]!, true)).toMatchObject({ ok: true, certified: true });
    const first = await certificateDocument(memberId, courseId);
    expect(first?.number).toMatch(/^CH-[0-9A-F]{10}$/);
    const { text } = await pdfText(first!.pdf);
    // The name prints without the mark the standard fonts lack.
    expect(text).toContain("Lucja Nowak");
    expect(text).toContain("Sorting at source");
    expect(text).toContain(first!.number);
    expect(text).toMatch(new RegExp(`on \\d{1,2} \\w+ ${new Date().getUTCFullYear()}`));
    // Marking again issues nothing more; a lesson added later does not take the certificate back.
    await setLessonDone(memberId, courseId, lessons[2]!, false);
    expect(await setLessonDone(memberId, courseId, lessons[2]!, true)).toMatchObject({ certified: false });
    await addLesson(courseId, { title: "Plastics" });
    expect((await readCourse(memberId, courseId))?.certified).toBe(true);
    expect((await certificateDocument(memberId, courseId))?.number).toBe(first!.number);
  });

  it("moves lessons and renumbers them when one goes", async () => {
    const order = async () => (await readCourse(memberId, courseId))!.lessons.map((lesson) => [lesson.position, lesson.title]);
    expect(await order()).toEqual([
      [1, "Paper"],
      [2, "Glass"],
      [3, "Metals"],
      [4, "Plastics"],
    ]);
    await changeLesson(courseId, lessons[2]!, { position: 1 });
    expect(await order()).toEqual([
      [1, "Metals"],
      [2, "Paper"],
      [3, "Glass"],
      [4, "Plastics"],
    ]);
    await removeLesson(courseId, lessons[0]!);
    expect(await order()).toEqual([
      [1, "Metals"],
      [2, "Glass"],
      [3, "Plastics"],
    ]);
    expect((await courseProgress(memberId, courseId)).done.sort()).toEqual([lessons[1], lessons[2]].sort());
  });

  it("puts the member's progress and certificates in their export, and erases them with them", async () => {
    const sections = await educationManifest.exports!.sections!(memberId);
    expect(sections.courses).toEqual([
      expect.objectContaining({
        course_id: courseId,
        course_title: "Sorting at source",
        lessons_done: expect.arrayContaining([expect.objectContaining({ lesson: "Glass", done_at: expect.any(String) })]),
      }),
    ]);
    expect(sections.certificates).toEqual([
      expect.objectContaining({ course_id: courseId, course_title: "Sorting at source", number: expect.stringMatching(/^CH-/) }),
    ]);
    const otherId = (
      await getDb().insert(users).values({ username: "Other", email: "other@example.org", passwordHash: "!" }).returning().get()
    ).id;
    await enroll(otherId, courseId);
    await educationManifest.erases!.erase(getDb(), otherId, Date.now());
    expect(await courseProgress(otherId, courseId)).toEqual({ enrolled: false, done: [] });
    expect(await courseProgress(memberId, courseId)).toMatchObject({ enrolled: true });
  });

  it("keeps a deleted course's certificate with its title, and its progress goes", async () => {
    await removeCourse(courseId);
    expect(await courseProgress(memberId, courseId)).toEqual({ enrolled: false, done: [] });
    expect(await statement("SELECT course_id, course_title FROM education_certificates WHERE user_id = ?").all(memberId)).toEqual(
      [{ course_id: null, course_title: "Sorting at source" }],
    );
  });
});

describe("the samples", () => {
  it("are seeded into an empty hub only, marked, and hidden while SEED=0", async () => {
    expect(await seedEducation(getDb())).toBe(true);
    expect(await seedEducation(getDb())).toBe(false);
    expect(await statement("SELECT count(*) AS n FROM education_courses WHERE is_sample = 1").get()).toEqual({ n: 7 });
    expect(await statement("SELECT count(*) AS n FROM education_articles WHERE is_sample = 1").get()).toEqual({ n: 4 });
    // The unit tests run with SEED=0: members see none of them.
    expect((await findLearning({})).courses.filter((course) => course.isSample)).toEqual([]);
    expect((await findLearning({})).articles.filter((article) => article.isSample)).toEqual([]);
  });
});
