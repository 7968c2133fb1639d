import { Link } from "~/lib/link";
import { DELETED_MEMBER_NAME } from "~/vocabulary/members";

type MemberRef = { id: number; username: string };

/**
 * A member's name as a link to their page (or, with `admin`, their admin page). A deleted account
 * has no page to go to: its reserved name shows as plain text. The name is reserved (nobody may
 * take it or anything that reads as it), so it alone tells a deleted account.
 */
export function MemberLink({
  member,
  admin = false,
  hash = "",
  className = "text-brand-700 hover:underline",
}: {
  member: MemberRef;
  admin?: boolean;
  hash?: string;
  className?: string;
}) {
  if (isDeletedMember(member)) return <span>{member.username}</span>;
  return (
    <Link to={`${admin ? "/app/admin/members" : "/app/members"}/${member.id}${hash}`} className={className}>
      {member.username}
    </Link>
  );
}

export const isDeletedMember = (member: { username: string }) => member.username === DELETED_MEMBER_NAME;
