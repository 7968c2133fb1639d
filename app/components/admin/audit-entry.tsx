import { Link } from "~/lib/link";
import type { AuditEntryView } from "~/features/moderation/member-wire";
import { ACTION_LABELS, AUDIT_TARGET_LABELS, AUTHOR_TYPE_LABELS, type AuthorType } from "~/features/moderation/vocabulary";
import { dateTime } from "~/lib/dates";
import { suspensionEndPhrase } from "~/lib/suspension";
import { MemberLink } from "~/components/member-link";

/** Where an audit row's thing is seen: a member's admin page, a post, a listing. */
function targetPath(target: AuditEntryView["target"]) {
  switch (target.type) {
    case "user":
      return `/app/admin/members/${target.id}`;
    case "post":
      return `/app/community?post=${target.id}`;
    case "listing":
      return `/app/marketplace/${target.id}`;
    case "site":
      return "/app/admin/site";
    case "page":
      return null;
    case "testimonial":
      return "/app/admin/site#testimonials";
    case "comment":
      return null;
  }
}

/** What the row's details add, in words: an author type's change, a suspension's end. */
function detailsText(entry: AuditEntryView) {
  const { details } = entry;
  if (entry.action === "set_author_type" && typeof details.from === "string" && typeof details.to === "string") {
    const label = (type: string) => AUTHOR_TYPE_LABELS[type as AuthorType] ?? type;
    return `from ${label(details.from)} to ${label(details.to)}`;
  }
  if (entry.action === "suspend" && "until" in details) {
    return suspensionEndPhrase(typeof details.until === "string" ? Date.parse(details.until) : null);
  }
  return "";
}

/** One row of the audit log: who did what to what, when, and the note. */
export function AuditEntry({ entry, timeZone }: { entry: AuditEntryView; timeZone: string }) {
  const path = targetPath(entry.target);
  const extra = detailsText(entry);
  return (
    <li className="min-w-0 p-4">
      <p className="break-words text-slate-900">
        <span className="font-semibold">{entry.admin ? <MemberLink member={entry.admin} admin /> : "Command line"}</span>{" "}
        {ACTION_LABELS[entry.action]} {AUDIT_TARGET_LABELS[entry.target.type]}{" "}
        {path ? (
          <Link to={path} className="font-medium text-brand-700 underline">
            {entry.target.label}
          </Link>
        ) : (
          <span className="font-medium">“{entry.target.label}”</span>
        )}
        {extra ? ` ${extra}` : ""}
      </p>
      <p className="text-xs text-slate-500">
        <time dateTime={entry.created_at}>{dateTime(entry.created_at, timeZone)}</time>
      </p>
      {entry.note ? <p className="mt-1 text-sm break-words whitespace-pre-line text-slate-700">{entry.note}</p> : null}
    </li>
  );
}
