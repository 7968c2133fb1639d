import type { AppDatabase } from "~/services/database/db.server";
import { DELETED_MEMBER_NAME } from "~/vocabulary/members";
import { MAX_NAME_LENGTH, memberNameField } from "./schemas";
import { memberIdsWithNames } from "./store/members.server";

/** The most member ids the start-up line lists; the rest are counted. */
const MAX_IDS_LISTED = 50;

/**
 * The members whose stored name breaks the name rule (memberNameField): names written before the
 * rule, or into the database by hand. A name the rule would store differently (spaces at either
 * end, not in NFC) breaks it too. Deleted accounts are left out: their name is the reserved one
 * on purpose. Names are kept as they are: renaming a member behind their back would change what
 * others know them by; the member's next profile save applies the rule (trims the name, or shows
 * why it is refused beside the name field).
 */
export function membersWithNamesOutsideTheRule(db: AppDatabase): Promise<number[]> {
  return memberIdsWithNames(db, (username) => {
    const checked = memberNameField.safeParse(username);
    return !checked.success || checked.data !== username;
  });
}

/** The start-up line about them, or null when every name fits. */
export async function memberNamesLine(db: AppDatabase): Promise<string | null> {
  const ids = await membersWithNamesOutsideTheRule(db);
  if (!ids.length) return null;
  const listed = ids.slice(0, MAX_IDS_LISTED).join(", ");
  const more = ids.length > MAX_IDS_LISTED ? ` and ${ids.length - MAX_IDS_LISTED} more` : "";
  return (
    `Member names: ${ids.length} ${ids.length === 1 ? "breaks" : "break"} the name rule (a line break, a control or ` +
    `invisible character, spaces at either end, not in NFC, over ${MAX_NAME_LENGTH} characters, or reading as ` +
    `"${DELETED_MEMBER_NAME}"), kept as they are; member ids ${listed}${more}. A member's next profile save ` +
    `trims theirs or asks for another.`
  );
}
