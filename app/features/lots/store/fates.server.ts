import { and, eq, gte, lt, sql } from "drizzle-orm";
import { lotOperations, lots, transferNotes } from "../../../../db/schema";
import { getDb } from "~/services/database/db.server";
import type { OperationCode } from "../../../../db/waste-values";
import { descendantRange } from "../path";

/**
 * Where a member's waste went: the lots their notes gave others (their hand-overs), and the final
 * operations recorded on those lots and everything listed on from them. A hand-over that sits
 * below another of theirs (the load came back to them and went out again) is counted in the
 * upper one only, so no kilogram counts twice.
 */
export async function fatesOfTransferor(memberId: number) {
  const db = getDb();
  const handedOver = await db
    .select({ path: lots.path, weightKg: lots.weightKg })
    .from(transferNotes)
    .innerJoin(lots, eq(lots.noteId, transferNotes.id))
    .where(eq(transferNotes.transferorId, memberId))
    .orderBy(lots.path)
    .all();
  const tops: typeof handedOver = [];
  for (const lot of handedOver) if (!tops.some((top) => lot.path.startsWith(top.path))) tops.push(lot);
  const byCode = new Map<OperationCode, number>();
  for (const top of tops) {
    const range = descendantRange(top.path);
    const rows = await db
      .select({ code: lotOperations.code, weightKg: sql<number>`sum(${lotOperations.weightKg})` })
      .from(lots)
      .innerJoin(lotOperations, and(eq(lotOperations.lotId, lots.id), eq(lotOperations.final, true)))
      .where(and(gte(lots.path, range.from), lt(lots.path, range.to)))
      .groupBy(lotOperations.code)
      .all();
    for (const row of rows) byCode.set(row.code, (byCode.get(row.code) ?? 0) + row.weightKg);
  }
  return {
    handedOverKg: tops.reduce((sum, top) => sum + top.weightKg, 0),
    transfers: tops.length,
    byCode: [...byCode].map(([code, weightKg]) => ({ code, weightKg })),
  };
}
