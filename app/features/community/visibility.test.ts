import { beforeAll, describe, expect, it, vi } from "vitest";
import { users } from "../../../db/schema";
import type { Viewer } from "~/services/access.server";
import { getDb, prepared } from "~/services/db.server";
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
  const notIn = (column: string, ids: number[]) =>
    ids.length ? [{ sql: `${column} NOT IN (SELECT value FROM json_each(?))`, params: [JSON.stringify(ids)] }] : [];
  return {
    ...actual,
    visiblePostConditions: (_viewer: Viewer, alias = "p") => notIn(`${alias}.id`, hidden.posts),
    listedPostConditions: (_viewer: Viewer, alias = "p") => notIn(`${alias}.id`, hidden.posts),
    visibleCommentConditions: (_viewer: Viewer, alias = "c") => notIn(`${alias}.id`, hidden.comments),
  };
});

function addMember(username: string): Viewer {
  const [{ id }] = getDb()
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
  author = addMember("Vera Visible");
  reader = addMember("Rita Reader");
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
  setFollowing(reader.id, author.id, true);
});

describe("what the access rule hides", () => {
  it("is missing from every feed, search, single read and the figures, like a post that does not exist", () => {
    const postsBefore = getFeedAnalytics(reader).totals.posts;
    hidden.posts = [concealed];
    try {
      for (const kind of ["personalized", "trending", "local", "following"] as const) {
        for (const sortBy of ["score", "recent", "popular"]) {
          const ids = idsOf(getFeed(kind, feedQuery({ sortBy, location: kind === "local" ? "Quillton" : "" }), reader));
          expect(ids, `${kind} ${sortBy}`).toContain(shown);
          expect(ids, `${kind} ${sortBy}`).not.toContain(concealed);
        }
      }
      expect(idsOf(searchPosts({ query: "quillwort", page: 1, limit: 50 }, reader))).toEqual([shown]);
      expect(idsOf(searchPosts({ query: "quillwort", category: "gardening", page: 1, limit: 50 }, reader))).toEqual([shown]);
      expect(getPost(concealed, reader)).toBeNull();
      expect(getPost(shown, reader)).not.toBeNull();
      expect(getFeedAnalytics(reader).totals.posts).toBe(postsBefore - 1);
    } finally {
      hidden.posts = [];
    }
    expect(getPost(concealed, reader)).not.toBeNull();
  });

  it("cannot be liked, commented on or have its comments listed, and changes nothing when tried", () => {
    hidden.posts = [concealed];
    try {
      expect(recordInteraction(reader, concealed, "like")).toEqual({
        ok: false,
        reason: "not-found",
        message: messages.postNotFound,
      });
      expect(recordInteraction(reader, concealed, "comment", "Hello?")).toEqual({
        ok: false,
        reason: "not-found",
        message: messages.postNotFound,
      });
      expect(listComments(concealed, reader, { limit: 20 })).toBeNull();
      const rows = prepared("SELECT count(*) AS n FROM post_interactions WHERE post_id = ?").get(concealed) as { n: number };
      expect(rows.n).toBe(0);
    } finally {
      hidden.posts = [];
    }
  });

  it("is missing from a member's recent activity, which names posts by their titles", () => {
    const liker = addMember("Lena Liker");
    expect(recordInteraction(liker, concealed, "like").ok).toBe(true);
    expect(recordInteraction(liker, shown, "like").ok).toBe(true);
    const titles = () =>
      getProfile(liker)!
        .activity.map((item) => item.title)
        .sort();
    expect(titles()).toEqual(["Quillwort concealed", "Quillwort shown"]);
    hidden.posts = [concealed];
    try {
      expect(titles()).toEqual(["Quillwort shown"]);
    } finally {
      hidden.posts = [];
    }
  });

  it("leaves a hidden comment out of the post's comments", () => {
    const first = recordInteraction(reader, shown, "comment", "Kept in view.");
    const second = recordInteraction(reader, shown, "comment", "Hidden by a moderator.");
    if (!first.ok || !second.ok) throw new Error("the comments were refused");
    hidden.comments = [second.comment!.id];
    try {
      expect(listComments(shown, reader, { limit: 20 })!.comments.map((comment) => comment.content)).toEqual(["Kept in view."]);
    } finally {
      hidden.comments = [];
    }
  });
});
