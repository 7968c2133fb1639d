import { REASON_LABELS, REPORT_REASONS, type ReportReason, type ReportState, type ReportTarget } from "./vocabulary";

/** Moderation's plain rules: grouping a thing's reports, what a resolution may do, the queue's words. Browser-safe. */

/** How many reports give each reason, in the vocabulary's order, leaving out reasons nobody gave. */
export function countReasons(reasons: readonly ReportReason[]): Partial<Record<ReportReason, number>> {
  const counts: Partial<Record<ReportReason, number>> = {};
  for (const reason of REPORT_REASONS) {
    const n = reasons.filter((given) => given === reason).length;
    if (n) counts[reason] = n;
  }
  return counts;
}

/** "3 reports: Spam 2, Abuse or harassment 1". */
export function reportsSummary(count: number, reasons: Partial<Record<ReportReason, number>>) {
  const parts = REPORT_REASONS.filter((reason) => reasons[reason]).map((reason) => `${REASON_LABELS[reason]} ${reasons[reason]}`);
  return `${count} ${count === 1 ? "report" : "reports"}${parts.length ? `: ${parts.join(", ")}` : ""}`;
}

/** The first `max` characters of a text on one line, with an ellipsis when cut. */
export function excerptOf(text: string, max = 200) {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length <= max ? line : `${line.slice(0, max - 1).trimEnd()}…`;
}

export type ResolveRefusal = { reason: "conflict"; message: string };

/**
 * Whether a thing's reports may be resolved this way: only open ones; a member is suspended from
 * their admin page rather than hidden; a thing its author deleted since can only be dismissed.
 */
export function resolveRefusal(group: {
  state: ReportState;
  targetType: ReportTarget;
  deleted: boolean;
  action: "hide" | "dismiss";
}): ResolveRefusal | null {
  if (group.state !== "open") return { reason: "conflict", message: "These reports are already resolved." };
  if (group.action === "dismiss") return null;
  if (group.targetType === "user") {
    return { reason: "conflict", message: "A member is not hidden: suspend them from their admin page." };
  }
  // A private message is between two members: moderators dismiss its reports or suspend its author.
  if (group.targetType === "enquiry_message") {
    return { reason: "conflict", message: "A private message is not hidden: dismiss the reports or suspend its author." };
  }
  if (group.deleted) return { reason: "conflict", message: "Its author deleted it since: dismiss the reports instead." };
  return null;
}

/** "Showing 1–20 of 45". */
export function showingRange(page: number, limit: number, shown: number, total: number) {
  if (!shown) return `Showing 0 of ${total}`;
  const first = (page - 1) * limit + 1;
  return `Showing ${first}–${first + shown - 1} of ${total}`;
}

/** "You cannot report your own post." */
export const ownThingMessage = (type: ReportTarget) =>
  type === "user" ? "You cannot report yourself." : `You cannot report your own ${type}.`;

/** What stops the last admin who can act from deleting their account: the instance would have none. */
export const LAST_ADMIN_DELETING = "You are the only admin: make another member admin before deleting your account.";
