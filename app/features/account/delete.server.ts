import { randomBytes } from "node:crypto";
import type { AuthOutcome } from "~/features/auth/auth.server";
import { isLiveMember, writeTombstone } from "~/features/auth/store/members.server";
import { transaction } from "~/services/database/db.server";
import { registeredFeatures } from "~/services/features.server";
import type { Db } from "~/services/database/db.server";
import { removeMedia } from "~/services/media.server";
import { countAccountAttempt, isMembersPassword } from "./account.server";
import { DELETED_MEMBER_NAME, deletedEmailOf } from "./rules";
import { WRONG_PASSWORD } from "./schemas";

/**
 * Deleting an account (docs/decisions/020-deleting-an-account.md): the users row stays as a
 * tombstone named "a deleted member", so the other party keeps their orders, messages and
 * reviews; everything else of the member goes in one transaction, and the files of their posts
 * and unordered listings leave the disk once it has committed. What each feature erases, and what
 * stops a deletion, its manifest says (docs/decisions/035-feature-manifests.md).
 */

/**
 * Why the member cannot delete their account now, in their words, or null: an accepted order the
 * other party relies on, or being the only admin who can act. The features that build on others
 * are asked first (the registry lists the lower ones first), so the order is said before the admin.
 */
export async function deletionBlocker(userId: number): Promise<string | null> {
  for (const { erases } of [...registeredFeatures()].reverse()) {
    const blocker = await erases?.blocker?.(userId);
    if (blocker) return blocker;
  }
  return null;
}

/**
 * Every feature settles what the member is a party to (a waiting request ends as their own move
 * would), then erases what is theirs; the files to remove once the deletion is stored come back.
 */
async function eraseMember(tx: Db, userId: number, now: number) {
  const features = registeredFeatures();
  for (const { erases } of features) await erases?.settle?.(tx, userId, now);
  const files: string[] = [];
  for (const { erases } of features) {
    const erased = await erases?.erase(tx, userId, now);
    if (erased?.files) files.push(...erased.files);
  }
  return files;
}

/**
 * Deletes the caller's account once the password is proven. Refused while an accepted order is
 * neither completed nor cancelled (the other party relies on it, and the sentence names it), and
 * while the caller is the only admin who can act.
 */
export async function deleteAccount(
  userId: number,
  password: string,
  address: string,
): Promise<AuthOutcome<{ message: string }>> {
  const attempt = await countAccountAttempt("deleteAccount", address, userId);
  if (!attempt.ok) return attempt;
  const proven = await isMembersPassword(userId, password, address);
  if (typeof proven === "object") return proven;
  if (!proven) return { ok: false, reason: "invalid", message: WRONG_PASSWORD, errors: { password: WRONG_PASSWORD } };
  const outcome = await transaction(async (tx) => {
    if (!(await isLiveMember(userId)))
      return { ok: false as const, reason: "not-found" as const, message: "This account no longer exists." };
    const blocker = await deletionBlocker(userId);
    if (blocker) return { ok: false as const, reason: "conflict" as const, message: blocker };
    const now = Date.now();
    // The tombstone first: the mails that tell the other parties of their closed requests name
    // "a deleted member", as the app does from now on.
    await writeTombstone(tx, userId, {
      name: DELETED_MEMBER_NAME,
      email: deletedEmailOf(userId, randomBytes(6).toString("hex")),
      now,
    });
    const files = await eraseMember(tx, userId, now);
    return { ok: true as const, files };
  });
  if (!outcome.ok) return { ...outcome, errors: {} };
  await removeMedia(outcome.files.map((fileName) => ({ fileName })));
  for (const { erases } of registeredFeatures()) erases?.afterErase?.();
  return { ok: true, message: "Your account was deleted. Thank you for the time you spent with us." };
}
