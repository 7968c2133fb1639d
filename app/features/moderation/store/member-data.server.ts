import { statement, type Db } from "~/services/database/db.server";
import { memberRows, shaped } from "~/services/export-rows.server";
import type { ThingRow } from "~/services/features.server";
import { readThingRow } from "~/services/moderated-things.server";

/** Moderation's rows in the member's export, their erasure when the member leaves, and a member as a reported thing. */

/** Only the blocks the member made: who blocked them is not theirs to know. */
export async function exportedBlocks(id: number) {
  return (
    await memberRows(
      `SELECT u.id, u.username, b.created_at AS blocked_at FROM blocks b JOIN users u ON u.id = b.blocked_id
       WHERE b.blocker_id = @id ORDER BY b.created_at, b.blocked_id`,
      id,
    )
  ).map((row) => shaped(row, { times: ["blocked_at"] }));
}

/** What the member reported, and where each report stands; not the moderator's note. */
export async function exportedReports(id: number) {
  return (
    await memberRows(
      `SELECT id, target_type, target_id, reason, note, state, created_at, resolved_at
       FROM reports WHERE reporter_id = @id ORDER BY id`,
      id,
    )
  ).map((row) => shaped(row, { times: ["created_at", "resolved_at"] }));
}

export async function eraseModerationRows(_tx: Db, id: number) {
  await statement("DELETE FROM blocks WHERE blocker_id = @id OR blocked_id = @id").run({ id });
}

/** A member as moderation reads a reported thing. */
export async function memberThing(id: number): Promise<ThingRow | null> {
  return readThingRow(
    "SELECT id, id AS ownerId, NULL AS hiddenAt, username AS title, '' AS body, deleted_at AS deletedAt FROM users WHERE id = ?",
    id,
  );
}
