import { createHash } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { emailChanges } from "../../../db/schema";
import { deleteAccount } from "~/features/account/delete.server";
import { LAST_ADMIN_DELETING } from "~/features/account/rules";
import { hashPassword } from "~/features/auth/password.server";
import { addMember } from "../../../tests/support/unit-factories";
import { confirmEmailChange } from "~/features/account/account.server";
import type { Viewer } from "~/services/access.server";
import { getDb, statement } from "~/services/database/db.server";
import { changeMember, isLastAdmin, LAST_ADMIN, NOT_SUSPENDED } from "./members.server";

/**
 * The rules of changing a member on real rows: who counts as an admin who can act (the seeded
 * sample author, whose password hash "!" matches nothing, a suspended or a deleted admin do not),
 * lifting a suspension that is not there, and what a suspension ends at once.
 */

const PASSWORD = "compost-heap-7";
let passwordHash: string;

/** A member who can sign in, made admin when asked. */
async function signingMember(name: string, role: "user" | "admin" = "user"): Promise<Viewer> {
  const member = await addMember(name);
  await statement("UPDATE users SET password_hash = ?, user_type = ? WHERE id = ?").run(passwordHash, role, member.id);
  return { id: member.id, userType: role };
}

beforeAll(async () => {
  passwordHash = await hashPassword(PASSWORD, "test");
});

describe("the last admin who can act", () => {
  it("counts only admins who can sign in, are not deleted and not suspended", async () => {
    // The seeded sample author: an admin who can never sign in.
    const team = await addMember("Sample Team");
    await statement("UPDATE users SET user_type = 'admin' WHERE id = ?").run(team.id);
    const ada = await signingMember("Ada Admin", "admin");
    const suspended = await signingMember("Sam Suspended", "admin");
    await statement("UPDATE users SET suspended_at = ? WHERE id = ?").run(Date.now() - 1000, suspended.id);
    const gone = await signingMember("Gus Gone", "admin");
    await statement("UPDATE users SET deleted_at = ? WHERE id = ?").run(Date.now(), gone.id);

    expect(await isLastAdmin(ada.id)).toBe(true);
    expect(await isLastAdmin(team.id)).toBe(false);
    const revoke = await changeMember(ada, ada.id, { role: "user" });
    expect(revoke).toMatchObject({ ok: false, reason: "conflict", message: LAST_ADMIN });
    const deletion = await deleteAccount(ada.id, PASSWORD, "203.0.113.9");
    expect(deletion).toMatchObject({ ok: false, reason: "conflict", message: LAST_ADMIN_DELETING });
    expect(await statement("SELECT deleted_at AS deletedAt, user_type AS role FROM users WHERE id = ?").get(ada.id)).toEqual({
      deletedAt: null,
      role: "admin",
    });
    // The seeded account's role can go: it never counted.
    expect((await changeMember(ada, team.id, { role: "user" })).ok).toBe(true);

    // With a second admin who can act, either may step down.
    const bea = await signingMember("Bea Admin", "admin");
    expect(await isLastAdmin(ada.id)).toBe(false);
    expect((await changeMember(ada, ada.id, { role: "user" })).ok).toBe(true);
    expect(await isLastAdmin(bea.id)).toBe(true);
    expect(await isLastAdmin(ada.id)).toBe(false);
  });
});

describe("a suspension", () => {
  it("cannot be lifted when there is none, and writes nothing then", async () => {
    const admin = await signingMember("Lia Lifter", "admin");
    const member = await signingMember("Max Member");
    const audit = async () => ((await statement("SELECT count(*) AS n FROM audit_log").get()) as { n: number }).n;
    const before = await audit();
    expect(await changeMember(admin, member.id, { suspended: false })).toMatchObject({
      ok: false,
      reason: "conflict",
      message: NOT_SUSPENDED,
    });
    expect(await audit()).toBe(before);
  });

  it("ends the member's waiting e-mail changes, so an earlier link cannot change the address", async () => {
    const admin = await signingMember("Sue Suspender", "admin");
    const member = await signingMember("Eve Email");
    const token = "a-link-mailed-before-the-suspension";
    await getDb()
      .insert(emailChanges)
      .values({
        userId: member.id,
        newEmail: "eve-new@example.org",
        tokenHash: createHash("sha256").update(token).digest("hex"),
        expiresAt: new Date(Date.now() + 3_600_000),
      })
      .run();
    expect((await changeMember(admin, member.id, { suspended: { until: null, reason: "Spam" } })).ok).toBe(true);
    expect(await statement("SELECT count(*) AS n FROM email_changes WHERE user_id = ?").get(member.id)).toEqual({ n: 0 });
    expect((await confirmEmailChange(token)).ok).toBe(false);
    expect(await statement("SELECT email FROM users WHERE id = ?").get(member.id)).not.toEqual({ email: "eve-new@example.org" });
  });
});
