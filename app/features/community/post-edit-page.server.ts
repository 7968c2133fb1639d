import type { FormResult } from "~/lib/forms";
import { canChangePost, type Viewer } from "~/services/access.server";
import { messages } from "./messages";
import { deletePost, editPost } from "./post-edits.server";
import { getPost } from "./store/post-reads.server";
import { readPostEdit } from "./post-submission.server";
import type { FeedPost } from "./wire";

/**
 * The page that edits a post (/app/community/posts/:id/edit) and confirms its deletion (`?delete`),
 * both real forms, so they work without JavaScript. Only the author reaches it: a post the member
 * cannot see is not found, one they can see but did not write is refused.
 */

export type PostEditPage = { ok: true; post: FeedPost } | { ok: false; reason: "not-found" | "forbidden"; message: string };

export async function loadPostEditPage(viewer: Viewer, postId: number): Promise<PostEditPage> {
  const post = await getPost(postId, viewer);
  if (!post) return { ok: false, reason: "not-found", message: messages.postNotFound };
  if (!canChangePost(viewer, { authorId: post.author_id })) {
    return { ok: false, reason: "forbidden", message: messages.onlyAuthorEditsPost };
  }
  return { ok: true, post };
}

export type PostEditResult = FormResult<
  { intent: "edit" | "delete"; postId: number; deletedPostId?: number },
  { intent: "edit" | "delete"; values?: Record<string, unknown> }
>;

/**
 * The page's forms: `intent=edit` with the post's fields, files `media` and `remove_media`; or
 * `intent=delete`. The fields as sent come back with the result (the answer reads `_enhanced`
 * and `returnTo` from them).
 */
export async function postEditPageAction(
  request: Request,
  viewer: Viewer,
  postId: number,
): Promise<{ result: PostEditResult; fields: Record<string, unknown> }> {
  const edit = await readPostEdit(request, viewer.id, { wholeForm: true });
  if (!edit.ok) {
    const { reason, message, errors, fields = {} } = edit;
    return { result: { intent: "edit", ok: false, reason, message, errors, values: fields }, fields };
  }
  try {
    return await performEdit(edit, viewer, postId);
  } finally {
    await edit.discard();
  }
}

async function performEdit(
  edit: Extract<Awaited<ReturnType<typeof readPostEdit>>, { ok: true }>,
  viewer: Viewer,
  postId: number,
): Promise<{ result: PostEditResult; fields: Record<string, unknown> }> {
  const { fields } = edit;
  if (fields.intent === "delete") {
    const outcome = await deletePost(viewer, postId);
    if (!outcome.ok) return { result: { intent: "delete", ...outcome }, fields };
    return { result: { intent: "delete", ok: true, message: outcome.message, postId, deletedPostId: postId }, fields };
  }
  const outcome = await editPost(viewer, postId, edit.input, { added: edit.added, removed: edit.removed });
  if (!outcome.ok) return { result: { intent: "edit", ...outcome, values: fields }, fields };
  return { result: { intent: "edit", ok: true, message: messages.postUpdated, postId }, fields };
}
