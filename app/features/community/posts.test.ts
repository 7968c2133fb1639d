import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { users } from "../../../db/schema";
import { createPostSchema, editPostSchema, feedQuerySchema } from "./schemas";
import { getDb, statement, sqliteClient } from "~/services/database/db.server";
import { getEnv } from "~/services/env.server";
import type { Viewer } from "~/services/access.server";
import { feedPageJson, getPost } from "./store/post-reads.server";
import { getFeed } from "./store/feed.server";
import { editPost } from "./post-edits.server";
import { createPost } from "./store/posts.server";
import { recordInteraction } from "./store/interactions.server";
import { profileSchema } from "~/features/profile/profile";
import { updateProfile } from "~/features/profile/store/profile.server";

let author: Viewer;
let reader: Viewer;

async function addMember(username: string): Promise<Viewer> {
  const [{ id }] = await getDb()
    .insert(users)
    .values({ username, email: `${username.toLowerCase()}@example.org`, passwordHash: "!" })
    .returning({ id: users.id })
    .all();
  return { id, userType: "user" };
}

const validPost = () =>
  createPostSchema.parse({
    title: "Sorting glass by colour",
    content: "Clear, green and brown glass melt at different rates.",
    category: "recycling",
    tags: ["glass", "sorting"],
    environmental_impact: { co2_saved: "3 kg" },
  });

async function writePost() {
  const outcome = await createPost(author, validPost(), []);
  if (!outcome.ok) throw new Error(outcome.message);
  return outcome.post;
}

beforeAll(async () => {
  author = await addMember("Ada");
  reader = await addMember("Reader");
});

describe("posts as shown (a post's body is kept between answers)", () => {
  it("shows new counters and the author's new name at once", async () => {
    const { id } = await writePost();
    expect(await getPost(id, reader)).toMatchObject({ author_name: "Ada", likes_count: 0, views_count: 0 });

    await recordInteraction(reader, id, "like");
    await recordInteraction(reader, id, "view");
    await updateProfile(author.id, profileSchema.parse({ name: "Ada Lovelace" }));

    expect(await getPost(id, reader)).toMatchObject({
      title: "Sorting glass by colour",
      tags: ["glass", "sorting"],
      environmental_impact: { co2_saved: "3 kg" },
      author_name: "Ada Lovelace",
      likes_count: 1,
      views_count: 1,
      user_interacted: { like: true, view: true, save: false },
    });
    // Each viewer still sees their own interactions.
    expect((await getPost(id, author))!.user_interacted.like).toBe(false);
  });

  it("does not let one caller change what the next one is shown", async () => {
    const { id } = await writePost();
    const shown = (await getPost(id, reader))!;
    expect(() => shown.tags.push("changed")).toThrow(TypeError);
    expect(() => Object.assign(shown.environmental_impact, { water_saved: "1 l" })).toThrow(TypeError);
    expect(await getPost(id, reader)).toMatchObject({
      tags: ["glass", "sorting"],
      environmental_impact: { co2_saved: "3 kg" },
    });
  });

  it("shows nothing for a post removed from the database, though its body was kept", async () => {
    const { id } = await writePost();
    expect(await getPost(id, reader)).not.toBeNull();
    await statement("DELETE FROM posts WHERE id = ?").run(id);
    expect(await getPost(id, reader)).toBeNull();
  });
});

describe("publishing allowance (POSTS_PER_HOUR 10, COMMENTS_PER_HOUR 60 by default)", () => {
  const countOf = async (sql: string, id: number) => ((await statement(sql).get(id)) as { n: number }).n;
  const uploads = () => (fs.existsSync(getEnv().uploadDir) ? fs.readdirSync(getEnv().uploadDir) : []);

  it("refuses the eleventh post within the hour, says when to try again, and writes no row and no file", async () => {
    const eager = await addMember("Eager");
    for (let i = 0; i < 10; i++) expect((await createPost(eager, validPost(), [])).ok).toBe(true);
    const waiting = path.join(getEnv().uploadDir, `.upload-${"0".repeat(32)}.part`);
    fs.mkdirSync(getEnv().uploadDir, { recursive: true });
    fs.writeFileSync(waiting, new Uint8Array([1, 2, 3]));
    const filesBefore = uploads();
    const refused = await createPost(eager, validPost(), [{ tempPath: waiting, mimeType: "image/png", size: 3 }]);
    expect(refused).toEqual({
      ok: false,
      reason: "rate-limited",
      message: "You are posting too often. Please try again in 60 minutes.",
      retryAfterSeconds: 3600,
    });
    expect(await countOf("SELECT count(*) AS n FROM posts WHERE author_id = ?", eager.id)).toBe(10);
    expect(uploads()).toEqual(filesBefore);
    // The allowance is each member's own.
    expect((await createPost(author, validPost(), [])).ok).toBe(true);
  });

  it("refuses the sixty-first comment within the hour and changes nothing; likes are not counted", async () => {
    const chatty = await addMember("Chatty");
    const { id } = await writePost();
    for (let i = 0; i < 60; i++) expect((await recordInteraction(chatty, id, "comment", `Reply ${i}`)).ok).toBe(true);
    const refused = await recordInteraction(chatty, id, "comment", "One more");
    expect(refused).toMatchObject({
      ok: false,
      reason: "rate-limited",
      message: "You are commenting too often. Please try again in 60 minutes.",
    });
    expect(await countOf("SELECT count(*) AS n FROM post_comments WHERE author_id = ?", chatty.id)).toBe(60);
    expect((await getPost(id, chatty))!.comments_count).toBe(60);
    expect(await recordInteraction(chatty, id, "like")).toMatchObject({ ok: true, post: { likes_count: 1 } });
  });

  it("does not count a post or a comment the database failed to store", async () => {
    const unlucky = await addMember("Unlucky");
    const { id } = await writePost();
    // A real SQLite failure for this member's writes only (as a full disk would raise).
    sqliteClient(getDb()).exec(`
      CREATE TEMP TRIGGER fail_posts BEFORE INSERT ON posts WHEN NEW.author_id = ${unlucky.id}
        BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END;
      CREATE TEMP TRIGGER fail_comments BEFORE INSERT ON post_comments WHEN NEW.author_id = ${unlucky.id}
        BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END;
    `);
    try {
      for (let i = 0; i < 12; i++) await expect(createPost(unlucky, validPost(), [])).rejects.toThrow("disk is full");
      for (let i = 0; i < 62; i++)
        await expect(recordInteraction(unlucky, id, "comment", "Lost")).rejects.toThrow("disk is full");
    } finally {
      sqliteClient(getDb()).exec("DROP TRIGGER fail_posts; DROP TRIGGER fail_comments;");
    }
    expect(await countOf("SELECT count(*) AS n FROM posts WHERE author_id = ?", unlucky.id)).toBe(0);
    for (let i = 0; i < 10; i++) expect((await createPost(unlucky, validPost(), [])).ok, `post ${i + 1}`).toBe(true);
    expect(await createPost(unlucky, validPost(), [])).toMatchObject({ ok: false, reason: "rate-limited" });
    for (let i = 0; i < 60; i++)
      expect((await recordInteraction(unlucky, id, "comment", `Kept ${i}`)).ok, `comment ${i + 1}`).toBe(true);
    expect(await recordInteraction(unlucky, id, "comment", "One more")).toMatchObject({ ok: false, reason: "rate-limited" });
  });

  it("does not count a comment on a post that does not exist", async () => {
    const careful = await addMember("Careful");
    for (let i = 0; i < 61; i++)
      expect(await recordInteraction(careful, 999_999, "comment", "Hello")).toMatchObject({ reason: "not-found" });
  });
});

describe("a page of posts as JSON text (feedPageJson)", () => {
  it("is JSON.stringify's text of the page, whatever the posts hold, before and after an edit", async () => {
    const odd = createPostSchema.parse({
      title: 'Quotes " and \\ backslashes, </script> and émojis ♻️',
      content: "Line one\nline two\ttabbed, a separator \u2028 and a lone surrogate \ud800 here",
      category: "composting",
      post_type: "event",
      location_name: "Leeds",
      is_local_event: true,
      event_date: new Date(Date.now() + 86_400_000).toISOString(),
      difficulty_level: "hard",
      estimated_time: "2 hours",
    });
    const made = await createPost(author, odd, []);
    if (!made.ok) throw new Error(made.message);
    const plain = await writePost();
    await recordInteraction(reader, plain.id, "like");
    await recordInteraction(reader, made.post.id, "save");
    const query = feedQuerySchema.parse({ sortBy: "recent", limit: "50" });
    for (const viewer of [reader, author]) {
      const page = await getFeed("personalized", query, viewer);
      expect(page.posts.map((post) => post.id)).toEqual(expect.arrayContaining([made.post.id, plain.id]));
      // The second time, from the text kept for each body.
      expect(feedPageJson(page)).toBe(JSON.stringify(page));
      expect(feedPageJson(await getFeed("personalized", query, viewer))).toBe(JSON.stringify(page));
    }
    const edited = await editPost(author, plain.id, editPostSchema.parse({ title: "Sorting glass, edited" }));
    if (!edited.ok) throw new Error(edited.message);
    const page = await getFeed("personalized", query, reader);
    expect(page.posts.find((post) => post.id === plain.id)?.title).toBe("Sorting glass, edited");
    expect(feedPageJson(page)).toBe(JSON.stringify(page));
    const ranked = await getFeed("personalized", feedQuerySchema.parse({}), reader);
    expect(ranked.posts.some((post) => post.score !== null)).toBe(true);
    expect(feedPageJson(ranked)).toBe(JSON.stringify(ranked));
  });
});
