import { statement, type Db } from "~/services/database/db.server";
import { bool, memberRows, shaped, type Row } from "~/services/export-rows.server";

/** The account's rows in the member's export, and their erasure when the member leaves. */

/** The member's profile as their export gives it. */
export async function exportedProfile(id: number) {
  const profile = (await statement(
    `SELECT id, username, email, user_type, author_type, is_verified, bio, phone, location, company, website, created_at
     FROM users WHERE id = ?`,
  ).get(id)) as Row;
  return { ...shaped(profile, { times: ["created_at"] }), is_verified: bool(profile.is_verified as number) };
}

/** A change of e-mail address the member asked for and has not confirmed. */
export async function exportedEmailChanges(id: number) {
  return (await memberRows("SELECT new_email, expires_at, created_at FROM email_changes WHERE user_id = @id", id)).map((row) =>
    shaped(row, { times: ["expires_at", "created_at"] }),
  );
}

export async function eraseAccountRows(_tx: Db, id: number) {
  await statement("DELETE FROM email_changes WHERE user_id = @id").run({ id });
  // A download of theirs still under way holds a lease naming them (no foreign key: it expires).
  await statement("DELETE FROM export_leases WHERE member_id = @id").run({ id });
}
