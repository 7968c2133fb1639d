import { randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { courseEnrollments, educationCertificates, educationLessons, lessonProgress, users } from "../../../../db/schema";
import { getDb, transaction, changedRows } from "~/services/database/db.server";

/** Enrolments, lesson progress and certificates as stored: which courses a member took up, which lessons they marked done, what they completed. */

export async function enrolledCourseIds(userId: number): Promise<number[]> {
  return (
    await getDb()
      .select({ courseId: courseEnrollments.courseId })
      .from(courseEnrollments)
      .where(eq(courseEnrollments.userId, userId))
      .all()
  ).map((row) => row.courseId);
}

/** Records the enrolment; twice is once. */
export async function addEnrolment(userId: number, courseId: number) {
  await getDb().insert(courseEnrollments).values({ userId, courseId }).onConflictDoNothing().run();
}

/** Whether the member is enrolled, and the ids of the course's lessons they marked as done. */
export async function courseProgress(userId: number, courseId: number) {
  const db = getDb();
  const enrolled = Boolean(
    await db
      .select({ courseId: courseEnrollments.courseId })
      .from(courseEnrollments)
      .where(and(eq(courseEnrollments.userId, userId), eq(courseEnrollments.courseId, courseId)))
      .get(),
  );
  const done = (
    await db
      .select({ lessonId: lessonProgress.lessonId })
      .from(lessonProgress)
      .where(and(eq(lessonProgress.userId, userId), eq(lessonProgress.courseId, courseId)))
      .all()
  ).map((row) => row.lessonId);
  return { enrolled, done };
}

/** Marks a lesson as done (or not done again); doing it twice changes nothing. */
export async function markLesson(userId: number, courseId: number, lessonId: number, done: boolean) {
  const db = getDb();
  if (done) await db.insert(lessonProgress).values({ userId, courseId, lessonId }).onConflictDoNothing().run();
  else
    await db
      .delete(lessonProgress)
      .where(and(eq(lessonProgress.userId, userId), eq(lessonProgress.lessonId, lessonId)))
      .run();
}

export type CertificateRow = { number: string; courseTitle: string; issuedAt: Date; memberName: string };

/** The member's certificate for the course, with the name it is made out to (their display name now). */
export async function findCertificate(userId: number, courseId: number): Promise<CertificateRow | null> {
  return (
    (await getDb()
      .select({
        number: educationCertificates.number,
        courseTitle: educationCertificates.courseTitle,
        issuedAt: educationCertificates.issuedAt,
        memberName: users.username,
      })
      .from(educationCertificates)
      .innerJoin(users, eq(users.id, educationCertificates.userId))
      .where(and(eq(educationCertificates.userId, userId), eq(educationCertificates.courseId, courseId)))
      .get()) ?? null
  );
}

/** The member's certificate with this number (a deleted course's too), or null when it is not theirs. */
export async function findCertificateByNumber(userId: number, number: string): Promise<CertificateRow | null> {
  return (
    (await getDb()
      .select({
        number: educationCertificates.number,
        courseTitle: educationCertificates.courseTitle,
        issuedAt: educationCertificates.issuedAt,
        memberName: users.username,
      })
      .from(educationCertificates)
      .innerJoin(users, eq(users.id, educationCertificates.userId))
      .where(and(eq(educationCertificates.userId, userId), eq(educationCertificates.number, number)))
      .get()) ?? null
  );
}

/** The member's certificates, newest first: what they completed, the course's title as it was. */
export async function certificatesOf(userId: number): Promise<{ number: string; courseTitle: string; issuedAt: Date }[]> {
  return getDb()
    .select({
      number: educationCertificates.number,
      courseTitle: educationCertificates.courseTitle,
      issuedAt: educationCertificates.issuedAt,
    })
    .from(educationCertificates)
    .where(eq(educationCertificates.userId, userId))
    .orderBy(sql`${educationCertificates.issuedAt} DESC`)
    .all();
}

/**
 * Issues the course's certificate to the member when `completed` says (read inside the same
 * transaction) that every lesson is done; once issued it stays, whatever changes later. Answers
 * whether one was issued now.
 */
export async function issueCertificateIfCompleted(
  userId: number,
  courseId: number,
  courseTitle: string,
  completed: (done: number[], lessons: number[]) => boolean,
): Promise<boolean> {
  return transaction(async (db) => {
    const lessons = (
      await db.select({ id: educationLessons.id }).from(educationLessons).where(eq(educationLessons.courseId, courseId)).all()
    ).map((row) => row.id);
    const done = (
      await db
        .select({ lessonId: lessonProgress.lessonId })
        .from(lessonProgress)
        .where(and(eq(lessonProgress.userId, userId), eq(lessonProgress.courseId, courseId)))
        .all()
    ).map((row) => row.lessonId);
    if (!completed(done, lessons)) return false;
    const number = `CH-${randomBytes(5).toString("hex").toUpperCase()}`;
    return (
      changedRows(
        await db
          .insert(educationCertificates)
          .values({ number, userId, courseId, courseTitle })
          .onConflictDoNothing({ target: [educationCertificates.userId, educationCertificates.courseId] })
          .run(),
      ) > 0
    );
  });
}

/** The courses the member holds a certificate for. */
export async function certifiedCourseIds(userId: number): Promise<number[]> {
  return (
    await getDb()
      .select({ courseId: educationCertificates.courseId })
      .from(educationCertificates)
      .where(and(eq(educationCertificates.userId, userId), sql`${educationCertificates.courseId} IS NOT NULL`))
      .all()
  ).map((row) => row.courseId!);
}

/** How many members took up a course, and how many certificates were issued: the hub's live figures. */
export async function learningFigures(): Promise<{ learners: number; certificates: number }> {
  const db = getDb();
  const learners = (
    await db
      .select({ n: sql<number>`count(distinct ${courseEnrollments.userId})` })
      .from(courseEnrollments)
      .get()
  )?.n;
  const certificates = (
    await db
      .select({ n: sql<number>`count(*)` })
      .from(educationCertificates)
      .get()
  )?.n;
  return { learners: learners ?? 0, certificates: certificates ?? 0 };
}
