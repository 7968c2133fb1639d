import type { Viewer } from "~/services/access.server";
import { memberChangeFromForm, type MemberIntent } from "./member-schemas";
import type { MemberActionResult } from "./member-wire";
import { changeMember } from "./members.server";

/** What the admin's member page says after each of its forms worked. */
const DONE: Record<MemberIntent, string> = {
  verify: "Verified mark given.",
  unverify: "Verified mark removed.",
  "author-type": "Author type saved.",
  grant: "They are an admin now.",
  revoke: "Admin role revoked.",
  suspend: "Member suspended.",
  lift: "Suspension lifted.",
};

/**
 * Every form of the admin's member page posts here, told apart by `intent`: the change's result,
 * and the page to go back to without JavaScript.
 */
export async function memberPageAction(
  admin: Viewer,
  memberId: number,
  fields: Record<string, unknown>,
): Promise<{ outcome: MemberActionResult; returnTo: string }> {
  const { intent, result } = memberChangeFromForm(fields);
  let outcome: MemberActionResult;
  if (!result.success) {
    outcome = { ok: false, reason: "invalid", message: Object.values(result.errors)[0], errors: result.errors, intent };
  } else {
    const changed = await changeMember(admin, memberId, result.data);
    outcome = changed.ok
      ? { ok: true, message: DONE[intent!], intent }
      : { ok: false, reason: changed.reason, message: changed.message, errors: changed.errors, intent };
  }
  // An admin who gave up their own role no longer sees this page.
  const returnTo =
    outcome.ok && intent === "revoke" && memberId === admin.id ? "/app/dashboard" : `/app/admin/members/${memberId}`;
  return { outcome, returnTo };
}
