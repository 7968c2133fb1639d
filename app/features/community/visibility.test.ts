import { beforeAll, describe, expect, it, vi } from "vitest";
import { users } from "../../../db/schema";
import type { Viewer } from "~/services/access.server";
import { getDb, statement } from "~/services/database/db.server";
import { getFeedAnalytics } from "./store/analytics.server";
import { listComments } from "./store/comments.server";
import { getFeed, searchPosts } from "./store/feed.server";
import { recordInteraction } from "./store/interactions.server";
import { setFollowing } from "./store/members.server";
import { messages } from "./messages";
import { getPost } from "./store/post-reads.server";
import { createPost } from "./store/posts.server";
import { feedQuerySchema, createPostSchema } from "./schemas";
import { getProfile } from "~/features/profile/profile.server";

/**
 * Every community read takes what may be seen from app/services/access.server.ts: the lists every
 * member shares from listedPostConditions, one post or one member's list from
 * visiblePostConditions. Here both are given a stand-in condition (hide these posts, these
 * comments), and every list, search, single read, interaction and comment list must obey it
 * without any change of their own.
 */

const hidden = vi.hoisted(() => ({ posts: [] as number[], comments: [] as number[] }));

vi.mock("~/services/access.server", async (importOriginal) => {
  const actual = await importOriginal<typeof import("~/services/access.server")>();
  const { sql } = await import("drizzle-orm");
  const schema = await import("../../../db/schema");
  type Table = { id: import("drizzle-orm/sqlite-core").AnySQLiteColumn };
  const notIn = (column: Table["id"], ids: number[]) =>
    ids.length ? [sql`${column} NOT IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`] : [];
  return {
    ...actual,
    visiblePostConditions: async (_viewer: Viewer, table: Table = schema.posts) => notIn(table.id, hidden.posts),
    listedPostConditions: async (_viewer: Viewer, table: Table = schema.posts) => notIn(table.id, hidden.posts),
    visibleCommentConditions: async (_viewer: Viewer, table: Table = schema.postComments) => notIn(table.id, hidden.comments),
  };
});

async function addMember(username: string): Promise<Viewer> {
  const [{ id }] = await getDb()
    .insert(users)
    .values({ username, email: `${username.toLowerCase().replace(/\W/g, "")}@example.org`, passwordHash: "!" })
    .returning({ id: users.id })
    .all();
  return { id, userType: "user" };
}

let author: Viewer;
let reader: Viewer;
let shown: number;
let concealed: number;

const feedQuery = (query: Record<string, string> = {}) => feedQuerySchema.parse({ limit: "50", ...query });
const idsOf = (page: { posts: { id: number }[] }) => page.posts.map((post) => post.id);

beforeAll(async () => {
  author = await addMember("Vera Visible");
  reader = await addMember("Rita Reader");
  const publish = async (title: string) => {
    const input = createPostSchema.parse({
      title,
      content: "Quillwort seed bank.",
      category: "gardening",
      location_name: "Quillton",
    });
    const outcome = await createPost(author, input, []);
    if (!outcome.ok) throw new Error(outcome.message);
    return outcome.post.id;
  };
  shown = await publish("Quillwort shown");
  concealed = await publish("Quillwort concealed");
  await setFollowing(reader.id, author.id, true);
});

describe("what the access rule hides", () => {
  it("is missing from every feed, search, single read and the figures, like a post that does not exist", async () => {
    const postsBefore = (await getFeedAnalytics(reader)).totals.posts;
    hidden.posts = [concealed];
    try {
      for (const kind of ["personalized", "trending", "local", "following"] as const) {
        for (const sortBy of ["score", "recent", "popular"]) {
          const ids = idsOf(await getFeed(kind, feedQuery({ sortBy, location: kind === "local" ? "Quillton" : "" }), reader));
          expect(ids, `${kind} ${sortBy}`).toContain(shown);
          expect(ids, `${kind} ${sortBy}`).not.toContain(concealed);
        }
      }
      expect(idsOf(await searchPosts({ query: "quillwort", page: 1, limit: 50 }, reader))).toEqual([shown]);
      expect(idsOf(await searchPosts({ query: "quillwort", category: "gardening", page: 1, limit: 50 }, reader))).toEqual([
        shown,
      ]);
      expect(await getPost(concealed, reader)).toBeNull();
      expect(await getPost(shown, reader)).not.toBeNull();
      expect((await getFeedAnalytics(reader)).totals.posts).toBe(postsBefore - 1);
    } finally {
      hidden.posts = [];
    }
    expect(await getPost(concealed, reader)).not.toBeNull();
  });

  it("cannot be liked, commented on or have its comments listed, and changes nothing when tried", async () => {
    hidden.posts = [concealed];
    try {
      expect(await recordInteraction(reader, concealed, "like")).toEqual({
        ok: false,
        reason: "not-found",
        message: messages.postNotFound,
      });
      expect(await recordInteraction(reader, concealed, "comment", "Hello?")).toEqual({
        ok: false,
        reason: "not-found",
        message: messages.postNotFound,
      });
      expect(await listComments(concealed, reader, { limit: 20 })).toBeNull();
      const rows = (await statement("SELECT count(*) AS n FROM post_interactions WHERE post_id = ?").get(concealed)) as {
        n: number;
      };
      expect(rows.n).toBe(0);
    } finally {
      hidden.posts = [];
    }
  });

  it("is missing from a member's recent activity, which names posts by their titles", async () => {
    const liker = await addMember("Lena Liker");
    expect((await recordInteraction(liker, concealed, "like")).ok).toBe(true);
    expect((await recordInteraction(liker, shown, "like")).ok).toBe(true);
    const titles = async () => (await getProfile(liker))!.activity.map((item) => item.title).sort();
    expect(await titles()).toEqual(["Quillwort concealed", "Quillwort shown"]);
    hidden.posts = [concealed];
    try {
      expect(await titles()).toEqual(["Quillwort shown"]);
    } finally {
      hidden.posts = [];
    }
  });

  it("leaves a hidden comment out of the post's comments", async () => {
    const first = await recordInteraction(reader, shown, "comment", "Kept in view.");
    const second = await recordInteraction(reader, shown, "comment", "Hidden by a moderator.");
    if (!first.ok || !second.ok) throw new Error("the comments were refused");
    hidden.comments = [second.comment!.id];
    try {
      expect((await listComments(shown, reader, { limit: 20 }))!.comments.map((comment) => comment.content)).toEqual([
        "Kept in view.",
      ]);
    } finally {
      hidden.comments = [];
    }
  });
});
