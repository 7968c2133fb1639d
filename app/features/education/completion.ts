/**
 * When a course is completed: every one of its lessons (it has at least one) is marked done.
 * Marks on lessons since deleted do not count, and a lesson added later does not take back a
 * certificate already issued (issuing happens once, when this first holds).
 */
export function courseCompleted(doneLessonIds: readonly number[], courseLessonIds: readonly number[]): boolean {
  if (courseLessonIds.length === 0) return false;
  const done = new Set(doneLessonIds);
  return courseLessonIds.every((id) => done.has(id));
}
