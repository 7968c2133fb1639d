import { statement, type Db } from "~/services/database/db.server";

/** The impact ledger's erasure when the member leaves (the export reads it a page at a time: ledger-pages). */
export async function eraseImpactRows(_tx: Db, id: number) {
  // Their own ledger (the sums by day follow by trigger); the other party's entries of shared orders stay.
  await statement("DELETE FROM impact_entries WHERE member_id = @id").run({ id });
  // After every feature settled: closing a waiting order writes an activity day by trigger.
  await statement("DELETE FROM activity_days WHERE user_id = @id").run({ id });
}
