import { Link } from "~/lib/link";
import { Modal } from "~/components/modal";
import type { LikesPage } from "~/features/community/wire";

/**
 * Who liked a post (the URL has `?likes=<id>`), newest like first, a page at a time. The server
 * renders it, so it opens, pages and closes by links without JavaScript too.
 */
export function LikesDialog({
  post,
  likes,
  closeHref,
  onClose,
  pageHref,
}: {
  post: { id: number; title: string };
  likes: LikesPage;
  closeHref: string;
  onClose: () => void;
  pageHref: (page: number) => string;
}) {
  const { page, hasMore } = likes.pagination;
  return (
    <Modal open onClose={onClose} closeHref={closeHref} title="Liked by">
      <p className="text-sm text-slate-600 wrap-anywhere">{post.title}</p>
      {likes.users.length ? (
        <ul aria-label="Members who liked this post" className="mt-3 divide-y divide-slate-100">
          {likes.users.map((member) => (
            <li key={member.id} className="flex items-center gap-3 py-2">
              <span
                aria-hidden
                className="flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-100 text-sm font-semibold text-brand-800"
              >
                {member.username.charAt(0).toUpperCase()}
              </span>
              <Link
                to={`/app/members/${member.id}`}
                className="min-w-0 font-medium text-slate-900 wrap-anywhere hover:text-brand-700 hover:underline"
              >
                {member.username}
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-3 text-sm text-slate-600">{page > 1 ? "No more likes." : "Nobody has liked this post yet."}</p>
      )}
      {page > 1 || hasMore ? (
        <nav aria-label="Pages of likes" className="mt-3 flex justify-between text-sm font-medium">
          {page > 1 ? (
            <Link to={pageHref(page - 1)} preventScrollReset className="text-brand-700 hover:underline">
              ← Newer likes
            </Link>
          ) : (
            <span />
          )}
          {hasMore ? (
            <Link to={pageHref(page + 1)} preventScrollReset className="text-brand-700 hover:underline">
              Older likes →
            </Link>
          ) : null}
        </nav>
      ) : null}
    </Modal>
  );
}
