import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { multipart, type Part } from "../support/multipart";
import { withDatabase } from "../support/database";
import { api, registerMember, startServer, type TestServer } from "../support/server";

/**
 * Members own what they write: the author edits and deletes their posts and comments through the
 * API, nobody else can (404 when they cannot see the thing, 403 when they can), and what goes with
 * a post (files on disk, comments, likes) goes with it. Saved posts and who liked a post are lists
 * of their own.
 */

let server: TestServer;
let author: Awaited<ReturnType<typeof registerMember>>;
let stranger: Awaited<ReturnType<typeof registerMember>>;

beforeAll(async () => {
  server = await startServer({ SEED: "0" });
  author = await registerMember(server);
  stranger = await registerMember(server);
});

afterAll(async () => {
  await server?.stop();
});

const PNG = fs.readFileSync(path.resolve("db/seed-media/cargo-bike.png"));
const JPEG = fs.readFileSync(path.resolve("db/seed-media/sorting-line.jpg"));

const uploads = () => fs.readdirSync(path.join(server.dataDir, "uploads")).sort();
const fileNameOf = (url: string) => url.split("/").pop()!;
const query = <T>(sql: string, ...params: unknown[]): T[] => withDatabase(server, (db) => db.prepare(sql).all(...params) as T[]);

async function send(method: string, pathname: string, body: FormData | object, token: string) {
  const response = await fetch(server.url + pathname, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body instanceof FormData ? {} : { "content-type": "application/json" }),
    },
    body: body instanceof FormData ? body : JSON.stringify(body),
  });
  return { status: response.status, json: await response.json() };
}

async function publish(parts: Part[] = [], token = author.token) {
  const response = await send(
    "POST",
    "/api/posts",
    multipart([
      ["title", "Crate library for the market"],
      ["content", "We lend reusable crates to traders."],
      ["category", "food_waste"],
      ...parts,
    ]),
    token,
  );
  expect(response.status).toBe(201);
  return response.json.data.post as { id: number; media_urls: string[]; title: string };
}

/** A post's row and what hangs on it, to prove a refused call changed nothing. */
const snapshot = (postId: number) => ({
  post: query("SELECT * FROM posts WHERE id = ?", postId),
  media: query("SELECT * FROM post_media WHERE post_id = ? ORDER BY id", postId),
  comments: query("SELECT * FROM post_comments WHERE post_id = ? ORDER BY id", postId),
  files: uploads(),
});

describe("editing a post", () => {
  it("changes text, tags and the event date, says when it was edited, and the feed shows the new text", async () => {
    const post = await publish();
    expect((await api(server, `/api/posts/${post.id}`, { token: author.token })).json.data.post.edited_at).toBeNull();
    const response = await send(
      "PATCH",
      `/api/posts/${post.id}`,
      {
        content: "We lend reusable crates to traders, now on Saturdays too.",
        tags: ["crates", "reuse", "crates"],
        is_local_event: true,
        event_date: "2031-05-04T09:30:00Z",
        location_name: "Leith",
      },
      author.token,
    );
    expect(response.status).toBe(200);
    const edited = response.json.data.post;
    expect(edited).toMatchObject({
      id: post.id,
      title: "Crate library for the market",
      content: "We lend reusable crates to traders, now on Saturdays too.",
      tags: ["crates", "reuse"],
      is_local_event: true,
      event_date: "2031-05-04T09:30:00.000Z",
      location_name: "Leith",
    });
    expect(Date.parse(edited.edited_at)).toBeGreaterThan(Date.parse(edited.created_at) - 1);
    // Read again (not from the answer): the kept copy of the post was forgotten.
    const read = await api(server, `/api/posts/${post.id}`, { token: stranger.token });
    expect(read.json.data.post).toMatchObject({ content: edited.content, edited_at: edited.edited_at });
    const search = await api(server, "/api/feed/search?query=Saturdays", { token: stranger.token });
    expect(search.json.data.posts.map((item: { id: number }) => item.id)).toContain(post.id);
  });

  it("clears an optional field sent empty and keeps a local event's date required", async () => {
    const post = await publish([["location_name", "Porto"]]);
    const cleared = await send("PATCH", `/api/posts/${post.id}`, { location_name: "" }, author.token);
    expect(cleared.status).toBe(200);
    expect(cleared.json.data.post.location_name).toBeNull();
    const before = snapshot(post.id);
    const refused = await send("PATCH", `/api/posts/${post.id}`, { is_local_event: true }, author.token);
    expect(refused.status).toBe(400);
    expect(refused.json.errors).toEqual({ event_date: "Event date is required for events" });
    expect(snapshot(post.id)).toEqual(before);
  });

  it("adds media by multipart and removes media by URL, the removed file gone from disk", async () => {
    const post = await publish([["media_0", PNG, "bike.png", "image/png"]]);
    const [first] = post.media_urls;
    expect(uploads()).toContain(fileNameOf(first));
    const response = await send(
      "PATCH",
      `/api/posts/${post.id}`,
      multipart([
        ["remove_media", JSON.stringify([first])],
        ["media_0", JPEG, "line.jpg", "image/jpeg"],
        ["media_1", PNG, "again.png", "image/png"],
      ]),
      author.token,
    );
    expect(response.status).toBe(200);
    const media = response.json.data.post.media as { url: string; type: string }[];
    expect(media.map((item) => item.type)).toEqual(["image/jpeg", "image/png"]);
    expect(uploads()).not.toContain(fileNameOf(first));
    for (const item of media) expect(uploads()).toContain(fileNameOf(item.url));
    expect((await fetch(server.url + first)).status).toBe(404);
    expect((await fetch(server.url + media[0].url)).status).toBe(200);
  });

  it("refuses more than five media in all, an unknown media to remove, and a file that is not an image or video", async () => {
    const post = await publish([
      ["media_0", PNG, "1.png", "image/png"],
      ["media_1", PNG, "2.png", "image/png"],
      ["media_2", PNG, "3.png", "image/png"],
      ["media_3", PNG, "4.png", "image/png"],
    ]);
    const before = snapshot(post.id);
    const tooMany = await send(
      "PATCH",
      `/api/posts/${post.id}`,
      multipart([
        ["media_0", JPEG, "5.jpg", "image/jpeg"],
        ["media_1", JPEG, "6.jpg", "image/jpeg"],
      ]),
      author.token,
    );
    expect(tooMany.status).toBe(400);
    expect(tooMany.json.message).toBe("You can attach at most 5 files.");
    const unknown = await send("PATCH", `/api/posts/${post.id}`, { remove_media: ["/media/nothing.png"] }, author.token);
    expect(unknown.status).toBe(400);
    expect(unknown.json.errors).toHaveProperty("remove_media");
    const text = await send(
      "PATCH",
      `/api/posts/${post.id}`,
      multipart([["media_0", Buffer.from("just some text, not a picture"), "note.png", "image/png"]]),
      author.token,
    );
    expect(text.status).toBe(415);
    expect(snapshot(post.id)).toEqual(before);
  });

  it("answers 413 for a file over 10 MB and keeps nothing of it", async () => {
    const post = await publish();
    const before = snapshot(post.id);
    const response = await send(
      "PATCH",
      `/api/posts/${post.id}`,
      multipart([["media_0", Buffer.concat([JPEG, Buffer.alloc(11 * 1024 * 1024)]), "big.jpg", "image/jpeg"]]),
      author.token,
    );
    expect(response.status).toBe(413);
    expect(snapshot(post.id)).toEqual(before);
  });

  it("answers 400 for bad input and for nothing to change", async () => {
    const post = await publish();
    const before = snapshot(post.id);
    for (const body of [{ title: "" }, { category: "gossip" }, { event_date: "next Tuesday" }, { tags: "[1,2" }, {}]) {
      const response = await send("PATCH", `/api/posts/${post.id}`, body, author.token);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.json).toMatchObject({ success: false, message: expect.any(String) });
    }
    expect(snapshot(post.id)).toEqual(before);
  });

  it("is refused to anyone else: 403 for a post they can see, 404 for none, 401 without a token", async () => {
    const post = await publish();
    const before = snapshot(post.id);
    const other = await send("PATCH", `/api/posts/${post.id}`, { content: "Mine now" }, stranger.token);
    expect(other.status).toBe(403);
    expect(other.json.message).toBe("Only its author can edit this post.");
    const otherDelete = await send("DELETE", `/api/posts/${post.id}`, {}, stranger.token);
    expect(otherDelete.status).toBe(403);
    expect((await send("PATCH", "/api/posts/999999", { content: "x" }, author.token)).status).toBe(404);
    expect((await send("DELETE", "/api/posts/abc", {}, author.token)).status).toBe(404);
    expect((await api(server, `/api/posts/${post.id}`, { method: "DELETE" })).status).toBe(401);
    expect(snapshot(post.id)).toEqual(before);
  });
});

describe("deleting a post", () => {
  it("takes its media files, comments, likes and saves with it", async () => {
    const post = await publish([["media_0", PNG, "bike.png", "image/png"]]);
    const file = fileNameOf(post.media_urls[0]);
    await api(server, `/api/posts/${post.id}/comments`, { method: "POST", token: stranger.token, body: { content: "Lovely" } });
    await api(server, `/api/posts/${post.id}/interactions`, { method: "POST", token: stranger.token, body: { type: "like" } });
    await api(server, `/api/posts/${post.id}/interactions`, { method: "POST", token: stranger.token, body: { type: "save" } });
    const response = await api(server, `/api/posts/${post.id}`, { method: "DELETE", token: author.token });
    expect(response.status).toBe(200);
    expect(response.json).toEqual({ success: true, message: "Post deleted" });
    expect(query("SELECT id FROM posts WHERE id = ?", post.id)).toEqual([]);
    expect(query("SELECT id FROM post_comments WHERE post_id = ?", post.id)).toEqual([]);
    expect(query("SELECT type FROM post_interactions WHERE post_id = ?", post.id)).toEqual([]);
    expect(query("SELECT id FROM post_media WHERE post_id = ?", post.id)).toEqual([]);
    expect(uploads()).not.toContain(file);
    expect((await api(server, `/api/posts/${post.id}`, { token: author.token })).status).toBe(404);
    const saved = await api(server, "/api/users/saved", { token: stranger.token });
    expect(saved.json.data.posts.map((item: { id: number }) => item.id)).not.toContain(post.id);
    // Gone: a second delete finds nothing.
    expect((await api(server, `/api/posts/${post.id}`, { method: "DELETE", token: author.token })).status).toBe(404);
  });
});

describe("comments", () => {
  it("are edited and deleted by their author only, comments_count staying equal to the rows", async () => {
    const post = await publish();
    const written = await api(server, `/api/posts/${post.id}/comments`, {
      method: "POST",
      token: stranger.token,
      body: { content: "First thought" },
    });
    const commentId = written.json.data.comment.id;
    const path = `/api/posts/${post.id}/comments/${commentId}`;

    const byAuthorOfPost = await api(server, path, { method: "PATCH", token: author.token, body: { content: "Not yours" } });
    expect(byAuthorOfPost.status).toBe(403);
    expect(byAuthorOfPost.json.message).toBe("Only its author can edit this comment.");
    expect((await api(server, path, { method: "DELETE", token: author.token })).status).toBe(403);
    // The comment under another post's id does not exist there.
    const elsewhere = await publish();
    expect(
      (await api(server, `/api/posts/${elsewhere.id}/comments/${commentId}`, { method: "DELETE", token: stranger.token })).status,
    ).toBe(404);
    expect((await api(server, path, { method: "PATCH", token: stranger.token, body: { content: "  " } })).status).toBe(400);
    expect(query<{ content: string }>("SELECT content FROM post_comments WHERE id = ?", commentId)[0].content).toBe(
      "First thought",
    );

    const edited = await api(server, path, { method: "PATCH", token: stranger.token, body: { content: "Second thought" } });
    expect(edited.status).toBe(200);
    expect(edited.json.data.comment).toMatchObject({ id: commentId, content: "Second thought", edited_at: expect.any(String) });
    const listed = await api(server, `/api/posts/${post.id}/comments`, { token: author.token });
    expect(listed.json.data.comments[0]).toMatchObject({
      content: "Second thought",
      edited_at: edited.json.data.comment.edited_at,
    });

    const deleted = await api(server, path, { method: "DELETE", token: stranger.token });
    expect(deleted.status).toBe(200);
    expect(deleted.json.message).toBe("Comment deleted");
    expect(deleted.json.data.post.comments_count).toBe(0);
    expect(deleted.json.data.post.user_interacted.comment).toBe(false);
    expect(query<{ n: number }>("SELECT comments_count AS n FROM posts WHERE id = ?", post.id)[0].n).toBe(0);
    expect((await api(server, path, { method: "DELETE", token: stranger.token })).status).toBe(404);
  });
});

describe("saved posts", () => {
  it("lists the caller's saves newest saved first, paged, without anyone else's", async () => {
    const reader = await registerMember(server);
    const posts = [await publish(), await publish(), await publish()];
    for (const post of posts) {
      await api(server, `/api/posts/${post.id}/interactions`, { method: "POST", token: reader.token, body: { type: "save" } });
    }
    // The stranger's save is theirs alone.
    await api(server, `/api/posts/${posts[0].id}/interactions`, {
      method: "POST",
      token: stranger.token,
      body: { type: "save" },
    });
    const first = await api(server, "/api/users/saved?limit=2", { token: reader.token });
    expect(first.status).toBe(200);
    expect(first.json.data.pagination).toEqual({ page: 1, limit: 2, hasMore: true });
    expect(first.json.data.posts.map((post: { id: number }) => post.id)).toEqual([posts[2].id, posts[1].id]);
    expect(first.json.data.posts[0].user_interacted.save).toBe(true);
    const second = await api(server, "/api/users/saved?limit=2&page=2", { token: reader.token });
    expect(second.json.data.posts.map((post: { id: number }) => post.id)).toEqual([posts[0].id]);
    expect(second.json.data.pagination.hasMore).toBe(false);
    // Unsaving takes it off the list.
    await api(server, `/api/posts/${posts[2].id}/interactions`, { method: "POST", token: reader.token, body: { type: "save" } });
    const after = await api(server, "/api/users/saved", { token: reader.token });
    expect(after.json.data.posts.map((post: { id: number }) => post.id)).toEqual([posts[1].id, posts[0].id]);
    expect((await api(server, "/api/users/saved?page=0", { token: reader.token })).status).toBe(400);
    expect((await api(server, "/api/users/saved?limit=lots", { token: reader.token })).status).toBe(400);
    expect((await api(server, "/api/users/saved")).status).toBe(401);
  });
});

describe("who liked a post", () => {
  it("lists the members newest like first, paged, and 404 for a post that does not exist", async () => {
    const post = await publish();
    const likers = [await registerMember(server), await registerMember(server), await registerMember(server)];
    for (const liker of likers) {
      await api(server, `/api/posts/${post.id}/interactions`, { method: "POST", token: liker.token, body: { type: "like" } });
    }
    const first = await api(server, `/api/posts/${post.id}/likes?limit=2`, { token: stranger.token });
    expect(first.status).toBe(200);
    expect(first.json.data.users.map((user: { id: number }) => user.id)).toEqual([likers[2].id, likers[1].id]);
    expect(Object.keys(first.json.data.users[0]).sort()).toEqual(["id", "liked_at", "username"]);
    expect(first.json.data.pagination).toEqual({ page: 1, limit: 2, hasMore: true });
    const second = await api(server, `/api/posts/${post.id}/likes?limit=2&page=2`, { token: stranger.token });
    expect(second.json.data.users.map((user: { id: number }) => user.id)).toEqual([likers[0].id]);
    // A like taken back leaves the list.
    await api(server, `/api/posts/${post.id}/interactions`, { method: "POST", token: likers[2].token, body: { type: "like" } });
    const after = await api(server, `/api/posts/${post.id}/likes`, { token: stranger.token });
    expect(after.json.data.users.map((user: { id: number }) => user.id)).toEqual([likers[1].id, likers[0].id]);
    // Without a limit, a page holds as many as the likes dialog shows (20, as docs/api.md says).
    expect(after.json.data.pagination).toEqual({ page: 1, limit: 20, hasMore: false });
    expect((await api(server, "/api/posts/999999/likes", { token: stranger.token })).status).toBe(404);
    expect((await api(server, `/api/posts/${post.id}/likes?page=-1`, { token: stranger.token })).status).toBe(400);
  });
});
