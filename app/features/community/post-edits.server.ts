import { refuse, type FormFailure } from "~/lib/forms";
import { canChangeComment, canChangePost, type Viewer } from "~/services/access.server";
import { moveMediaIntoPlace, nameMedia, removeMedia, type AcceptedMedia } from "~/services/media.server";
import { communityChanged } from "./cache.server";
import { messages } from "./messages";
import type { EditPostInput } from "./schemas";
import { getComment } from "./store/comments.server";
import {
  mediaOfPost,
  mediaFilesOfPost,
  postForChange,
  removeComment,
  removePost,
  savePostEdit,
  setCommentText,
  type MediaRow,
} from "./store/post-edits.server";
import { getPost, isPostVisible } from "./store/post-reads.server";
import { MAX_MEDIA_FILES } from "./vocabulary";
import type { CommentView, FeedPost } from "./wire";

/**
 * A member changing what they wrote: editing or deleting their post (its text, details and media)
 * or their comment. Only the author may (access.server's canChangePost and canChangeComment); a
 * member who cannot see the thing is answered as if it did not exist, one who can but is not its
 * author is refused. Rows change in one transaction; files are written before it (and removed if
 * it fails) and deleted from disk only once it is stored, so a failed edit never loses a file a
 * stored row still names.
 */

type Refusal = FormFailure & { reason: "not-found" | "forbidden" | "invalid"; message: string };

/** Which of the post's media `removals` (URLs, /media/ paths, file names or ids) names; null if one names none. */
export function pickRemovedMedia(media: MediaRow[], removals: string[]): MediaRow[] | null {
  const picked = new Map<number, MediaRow>();
  for (const removal of removals) {
    const name = removal.split(/[?#]/)[0].split("/").pop() ?? "";
    const match = media.find((item) => item.fileName === name || (/^\d+$/.test(removal) && item.id === Number(removal)));
    if (!match) return null;
    picked.set(match.id, match);
  }
  return [...picked.values()];
}

/**
 * Edits a post: the fields sent (each left out keeps its value), media added (`added`, already
 * checked as on publishing) and removed (`removeMedia`, by URL or id), at most MAX_MEDIA_FILES in
 * all. Sets edited_at. Nothing changes unless every part is acceptable.
 */
export async function editPost(
  viewer: Viewer,
  postId: number,
  input: EditPostInput,
  { added = [], removed = [] }: { added?: AcceptedMedia[]; removed?: string[] } = {},
  now = new Date(),
): Promise<{ ok: true; post: FeedPost } | Refusal> {
  const post = await postForChange(viewer, postId);
  if (!post) return refuse("not-found", messages.postNotFound);
  if (!canChangePost(viewer, post)) return refuse("forbidden", messages.onlyAuthorEditsPost);

  const fields = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)) as EditPostInput;
  if (!Object.keys(fields).length && !added.length && !removed.length) return refuse("invalid", messages.nothingToChange);

  // A local event keeps needing its date, as the post reads once edited.
  const localEvent = fields.is_local_event ?? post.isLocalEvent === 1;
  const eventDate = fields.event_date !== undefined ? fields.event_date : post.eventDate;
  if (localEvent && eventDate === null) {
    return refuse("invalid", messages.eventDateRequired, { event_date: messages.eventDateRequired });
  }

  const media = await mediaOfPost(postId);
  const gone = pickRemovedMedia(media, removed);
  if (!gone) return refuse("invalid", messages.unknownMedia, { remove_media: messages.unknownMedia });
  if (media.length - gone.length + added.length > MAX_MEDIA_FILES) {
    return refuse("invalid", messages.tooManyFiles, { media: messages.tooManyFiles });
  }

  const stored = nameMedia(added);
  try {
    await savePostEdit(postId, fields, now, { gone, stored, kept: media, placeFiles: () => moveMediaIntoPlace(added, stored) });
  } catch (error) {
    await removeMedia(stored);
    throw error;
  }
  communityChanged({ edited: postId });
  await removeMedia(gone);
  return { ok: true, post: (await getPost(postId, viewer))! };
}

/**
 * Deletes a post with everything that hangs on it: its media rows, comments and interactions go
 * by the database's cascades in the same statement, notifications about it and its comments in
 * the same transaction, then its files from disk.
 */
export async function deletePost(viewer: Viewer, postId: number): Promise<{ ok: true; message: string } | Refusal> {
  const post = await postForChange(viewer, postId);
  if (!post) return refuse("not-found", messages.postNotFound);
  if (!canChangePost(viewer, post)) return refuse("forbidden", messages.onlyAuthorDeletesPost);
  const files = await mediaFilesOfPost(postId);
  await removePost(postId);
  communityChanged({ deleted: postId });
  await removeMedia(files);
  return { ok: true, message: messages.postDeleted };
}

/** The comment as the rule needs it, when the viewer may see it and its post; null otherwise. */
async function commentForChange(viewer: Viewer, postId: number, commentId: number) {
  const comment = await getComment(commentId, viewer);
  if (!comment || comment.post_id !== postId || !(await isPostVisible(viewer, postId))) return null;
  return { id: comment.id, authorId: comment.author_id };
}

/** Edits a comment's text (already checked by commentSchema); sets edited_at. */
export async function editComment(
  viewer: Viewer,
  postId: number,
  commentId: number,
  content: string,
  now = new Date(),
): Promise<{ ok: true; comment: CommentView } | Refusal> {
  const comment = await commentForChange(viewer, postId, commentId);
  if (!comment) return refuse("not-found", messages.commentNotFound);
  if (!canChangeComment(viewer, comment)) return refuse("forbidden", messages.onlyAuthorEditsComment);
  await setCommentText(commentId, content, now);
  communityChanged("interaction");
  return { ok: true, comment: (await getComment(commentId, viewer))! };
}

/**
 * Deletes a comment: the post's comments_count drops by one with it (unless it was hidden, and so
 * already out of the count), and the member's record of
 * having commented on the post goes when it was their last comment there.
 */
export async function deleteComment(
  viewer: Viewer,
  postId: number,
  commentId: number,
): Promise<{ ok: true; message: string; post: FeedPost } | Refusal> {
  const comment = await commentForChange(viewer, postId, commentId);
  if (!comment) return refuse("not-found", messages.commentNotFound);
  if (!canChangeComment(viewer, comment)) return refuse("forbidden", messages.onlyAuthorDeletesComment);
  await removeComment(postId, commentId, comment.authorId);
  communityChanged("interaction");
  return { ok: true, message: messages.commentDeleted, post: (await getPost(postId, viewer))! };
}
