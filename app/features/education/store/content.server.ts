import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import { educationArticles, educationCourses, educationImages, educationLessons } from "../../../../db/schema";
import { getDb, namesHeldIn, transaction, type Db, changedRows } from "~/services/database/db.server";

/** The hub's content as stored: articles, courses, their lessons in order, and the images they show. */

export type ArticleRow = typeof educationArticles.$inferSelect;
export type CourseRow = typeof educationCourses.$inferSelect & { lessonCount: number };
export type LessonRow = typeof educationLessons.$inferSelect;
type ArticleValues = Partial<Omit<typeof educationArticles.$inferInsert, "id" | "createdAt" | "updatedAt">>;
type CourseValues = Partial<Omit<typeof educationCourses.$inferInsert, "id" | "createdAt" | "updatedAt">>;
type LessonValues = Partial<Pick<typeof educationLessons.$inferInsert, "title" | "summary" | "bodyMarkdown">>;

const now = () => new Date();
/** With SEED=0 the samples are left out of everything members read. */
const samplesIf = (table: typeof educationArticles | typeof educationCourses, withSamples: boolean) =>
  withSamples ? undefined : eq(table.isSample, false);

export async function listArticles({ withSamples }: { withSamples: boolean }): Promise<ArticleRow[]> {
  return getDb()
    .select()
    .from(educationArticles)
    .where(samplesIf(educationArticles, withSamples))
    .orderBy(desc(educationArticles.createdAt), desc(educationArticles.id))
    .all();
}

export async function findArticleRow(id: number): Promise<ArticleRow | null> {
  return (await getDb().select().from(educationArticles).where(eq(educationArticles.id, id)).get()) ?? null;
}

export async function insertArticle(values: ArticleValues & { title: string }): Promise<ArticleRow> {
  return getDb().insert(educationArticles).values(values).returning().get();
}

export async function updateArticle(id: number, values: ArticleValues): Promise<ArticleRow | null> {
  return (
    (await getDb()
      .update(educationArticles)
      .set({ ...values, updatedAt: now() })
      .where(eq(educationArticles.id, id))
      .returning()
      .get()) ?? null
  );
}

export async function deleteArticle(id: number): Promise<boolean> {
  return changedRows(await getDb().delete(educationArticles).where(eq(educationArticles.id, id)).run()) > 0;
}

const lessonCount = sql<number>`(SELECT count(*) FROM education_lessons l WHERE l.course_id = ${educationCourses.id})`;

export async function listCourses({ withSamples }: { withSamples: boolean }): Promise<CourseRow[]> {
  return (
    await getDb()
      .select({ course: educationCourses, lessonCount })
      .from(educationCourses)
      .where(samplesIf(educationCourses, withSamples))
      .orderBy(desc(educationCourses.featured), asc(educationCourses.id))
      .all()
  ).map(({ course, lessonCount: lessons }) => ({ ...course, lessonCount: lessons }));
}

export async function findCourseRow(id: number): Promise<CourseRow | null> {
  const row = await getDb()
    .select({ course: educationCourses, lessonCount })
    .from(educationCourses)
    .where(eq(educationCourses.id, id))
    .get();
  return row ? { ...row.course, lessonCount: row.lessonCount } : null;
}

export async function insertCourse(values: CourseValues & { title: string }): Promise<CourseRow> {
  const row = await getDb().insert(educationCourses).values(values).returning().get();
  return { ...row, lessonCount: 0 };
}

export async function updateCourse(id: number, values: CourseValues): Promise<CourseRow | null> {
  const changed = changedRows(
    await getDb()
      .update(educationCourses)
      .set({ ...values, updatedAt: now() })
      .where(eq(educationCourses.id, id))
      .run(),
  );
  return changed ? findCourseRow(id) : null;
}

/** Deletes the course and its lessons; members' enrolments and progress in it go too, their certificates stay. */
export async function deleteCourse(id: number): Promise<boolean> {
  return changedRows(await getDb().delete(educationCourses).where(eq(educationCourses.id, id)).run()) > 0;
}

export async function listLessons(courseId: number, db: Db = getDb()): Promise<LessonRow[]> {
  return db
    .select()
    .from(educationLessons)
    .where(eq(educationLessons.courseId, courseId))
    .orderBy(asc(educationLessons.position), asc(educationLessons.id))
    .all();
}

export async function findLessonRow(courseId: number, lessonId: number): Promise<LessonRow | null> {
  return (
    (await getDb()
      .select()
      .from(educationLessons)
      .where(and(eq(educationLessons.courseId, courseId), eq(educationLessons.id, lessonId)))
      .get()) ?? null
  );
}

/** Numbers the course's lessons 1, 2, … in the order given. */
async function renumber(db: Db, ids: number[]) {
  for (const [index, id] of ids.entries()) {
    await db
      .update(educationLessons)
      .set({ position: index + 1 })
      .where(eq(educationLessons.id, id))
      .run();
  }
}

/** Moves `lessonId` to `position` (past the end: last) among the course's lessons, the others along. */
async function place(db: Db, courseId: number, lessonId: number, position: number | undefined) {
  const ids = (await listLessons(courseId, db)).map((lesson) => lesson.id).filter((id) => id !== lessonId);
  const at = position === undefined ? ids.length : Math.min(position - 1, ids.length);
  ids.splice(at, 0, lessonId);
  await renumber(db, ids);
}

export async function insertLesson(
  courseId: number,
  values: LessonValues & { title: string },
  position: number | undefined,
): Promise<LessonRow> {
  return transaction(async (db) => {
    const { id } = await db
      .insert(educationLessons)
      .values({ ...values, courseId, position: 0 })
      .returning({ id: educationLessons.id })
      .get();
    await place(db, courseId, id, position);
    return (await db.select().from(educationLessons).where(eq(educationLessons.id, id)).get())!;
  });
}

export async function updateLesson(
  courseId: number,
  lessonId: number,
  values: LessonValues,
  position: number | undefined,
): Promise<LessonRow | null> {
  return transaction(async (db) => {
    const changed = changedRows(
      await db
        .update(educationLessons)
        .set({ ...values, updatedAt: now() })
        .where(and(eq(educationLessons.courseId, courseId), eq(educationLessons.id, lessonId)))
        .run(),
    );
    if (!changed) return null;
    if (position !== undefined) await place(db, courseId, lessonId, position);
    return (await db.select().from(educationLessons).where(eq(educationLessons.id, lessonId)).get())!;
  });
}

/** Deletes the lesson (members' marks on it go with it); the ones after it move up. */
export async function deleteLesson(courseId: number, lessonId: number): Promise<boolean> {
  return transaction(async (db) => {
    const deleted = changedRows(
      await db
        .delete(educationLessons)
        .where(and(eq(educationLessons.courseId, courseId), eq(educationLessons.id, lessonId)))
        .run(),
    );
    if (deleted)
      await renumber(
        db,
        (await listLessons(courseId, db)).map((lesson) => lesson.id),
      );
    return deleted > 0;
  });
}

export async function countLessons(courseId: number): Promise<number> {
  return (await getDb().select({ n: count() }).from(educationLessons).where(eq(educationLessons.courseId, courseId)).get())!.n;
}

/** Whether the hub has any content at all, samples included (the samples are seeded only into an empty hub). */
export async function hasAnyContent(db: Db = getDb()): Promise<boolean> {
  const articles = (await db.select({ n: count() }).from(educationArticles).get())!.n;
  const courses = (await db.select({ n: count() }).from(educationCourses).get())!.n;
  return articles + courses > 0;
}

export type ImageRow = typeof educationImages.$inferSelect;

export async function insertImage(db: Db, image: { fileName: string; mimeType: string; size: number }) {
  await db.insert(educationImages).values(image).run();
}

export async function listImages(limit = 100): Promise<ImageRow[]> {
  return getDb().select().from(educationImages).orderBy(desc(educationImages.id)).limit(limit).all();
}

/** Which of some stored media names are images of articles and lessons. */
export const heldEducationImages = namesHeldIn(educationImages.fileName);
