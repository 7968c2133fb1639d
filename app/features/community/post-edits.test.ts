import { beforeAll, describe, expect, it } from "vitest";
import { users } from "../../../db/schema";
import type { Viewer } from "~/services/access.server";
import { getDb, statement } from "~/services/database/db.server";
import { deleteComment, deletePost, editComment, editPost, pickRemovedMedia } from "./post-edits.server";
import { getPost } from "./store/post-reads.server";
import { createPost } from "./store/posts.server";
import { recordInteraction } from "./store/interactions.server";
import { createPostSchema, editPostSchema, readRemovedMedia } from "./schemas";

let author: Viewer;
let other: Viewer;
let admin: Viewer;

async function addMember(username: string, userType: Viewer["userType"] = "user"): Promise<Viewer> {
  const [{ id }] = await getDb()
    .insert(users)
    .values({ username, email: `${username.toLowerCase()}@example.org`, passwordHash: "!", userType })
    .returning({ id: users.id })
    .all();
  return { id, userType };
}

async function writePost() {
  const input = createPostSchema.parse({ title: "Glass by colour", content: "Clear, green, brown.", category: "recycling" });
  const outcome = await createPost(author, input, []);
  if (!outcome.ok) throw new Error(outcome.message);
  return outcome.post;
}

/** Every post whose kept counts differ from their rows. */
const countMismatches = () =>
  statement(`SELECT p.id FROM posts p WHERE p.likes_count <> (SELECT count(*) FROM post_interactions i WHERE i.post_id = p.id AND i.type = 'like')
    OR p.comments_count <> (SELECT count(*) FROM post_comments c WHERE c.post_id = p.id)`).all();

beforeAll(async () => {
  author = await addMember("Author");
  other = await addMember("Other");
  admin = await addMember("Admin", "admin");
});

describe("who may change a post or a comment", () => {
  it("is its author alone: another member, even an admin, is refused and nothing changes", async () => {
    const post = await writePost();
    for (const viewer of [other, admin]) {
      expect(await editPost(viewer, post.id, editPostSchema.parse({ title: "Taken over" }))).toMatchObject({
        ok: false,
        reason: "forbidden",
      });
      expect(await deletePost(viewer, post.id)).toMatchObject({ ok: false, reason: "forbidden" });
    }
    expect(await getPost(post.id, author)).toMatchObject({ title: "Glass by colour", edited_at: null });
    expect(await editPost(author, 9_999_999, editPostSchema.parse({ title: "x" }))).toMatchObject({ reason: "not-found" });

    const commented = await recordInteraction(other, post.id, "comment", "Nice sorting");
    if (!commented.ok || !commented.comment) throw new Error("comment failed");
    const commentId = commented.comment.id;
    expect(await editComment(author, post.id, commentId, "Rewritten")).toMatchObject({ ok: false, reason: "forbidden" });
    expect(await deleteComment(admin, post.id, commentId)).toMatchObject({ ok: false, reason: "forbidden" });
    expect(await editComment(other, post.id + 1, commentId, "Wrong post")).toMatchObject({ ok: false, reason: "not-found" });
    const edited = await editComment(other, post.id, commentId, "Nicer sorting", new Date("2030-01-02T03:04:05Z"));
    expect(edited).toMatchObject({ ok: true, comment: { content: "Nicer sorting", edited_at: "2030-01-02T03:04:05.000Z" } });
  });

  it("an edit changes only the fields sent and marks the post edited", async () => {
    const post = await writePost();
    const outcome = await editPost(author, post.id, editPostSchema.parse({ content: "Sorted." }), {}, new Date("2030-05-06Z"));
    expect(outcome).toMatchObject({
      ok: true,
      post: { title: "Glass by colour", content: "Sorted.", category: "recycling", edited_at: "2030-05-06T00:00:00.000Z" },
    });
    expect(await editPost(author, post.id, editPostSchema.parse({}))).toMatchObject({ ok: false, reason: "invalid" });
  });
});

describe("counters after a delete", () => {
  it("stay equal to their rows when comments and posts with likes and comments go", async () => {
    const post = await writePost();
    await recordInteraction(other, post.id, "like");
    await recordInteraction(admin, post.id, "like");
    const first = await recordInteraction(other, post.id, "comment", "One");
    const second = await recordInteraction(other, post.id, "comment", "Two");
    if (!first.ok || !second.ok) throw new Error("comment failed");
    const afterOne = await deleteComment(other, post.id, first.comment!.id);
    // The member still has a comment there, so they still "commented".
    expect(afterOne).toMatchObject({ ok: true, post: { comments_count: 1, likes_count: 2 } });
    expect((await getPost(post.id, other))!.user_interacted.comment).toBe(true);
    expect(await deleteComment(other, post.id, second.comment!.id)).toMatchObject({ ok: true, post: { comments_count: 0 } });
    expect((await getPost(post.id, other))!.user_interacted.comment).toBe(false);
    expect(await countMismatches()).toEqual([]);

    const doomed = await writePost();
    await recordInteraction(other, doomed.id, "like");
    await recordInteraction(other, doomed.id, "comment", "Bye");
    expect(await deletePost(author, doomed.id)).toEqual({ ok: true, message: "Post deleted" });
    expect(await getPost(doomed.id, author)).toBeNull();
    expect(await statement("SELECT count(*) AS n FROM post_comments WHERE post_id = ?").get(doomed.id)).toEqual({ n: 0 });
    expect(await statement("SELECT count(*) AS n FROM post_interactions WHERE post_id = ?").get(doomed.id)).toEqual({ n: 0 });
    expect(await countMismatches()).toEqual([]);
  });
});

describe("reading what an edit removes", () => {
  const media = [
    { id: 4, fileName: "a".repeat(32) + ".png", position: 0 },
    { id: 5, fileName: "b".repeat(32) + ".jpg", position: 1 },
  ];

  it("takes URLs, /media/ paths, file names and ids, each once, and refuses anything else", () => {
    expect(readRemovedMedia(undefined)).toEqual([]);
    expect(readRemovedMedia(`["http://h.example/media/${media[0].fileName}", 5]`)).toEqual([
      `http://h.example/media/${media[0].fileName}`,
      "5",
    ]);
    expect(readRemovedMedia("4, 5")).toEqual(["4", "5"]);
    expect(readRemovedMedia({ url: "x" })).toBeNull();
    expect(readRemovedMedia("[1,")).toBeNull();
    expect(pickRemovedMedia(media, [`/media/${media[1].fileName}`, "5"])).toEqual([media[1]]);
    expect(pickRemovedMedia(media, [media[0].fileName, "5"])).toEqual(media);
    expect(pickRemovedMedia(media, ["/media/unknown.png"])).toBeNull();
    expect(pickRemovedMedia(media, ["6"])).toBeNull();
  });
});
