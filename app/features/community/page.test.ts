import { beforeAll, describe, expect, it } from "vitest";
import { users } from "../../../db/schema";
import { communityAction, landingPath, loadCommunity } from "~/features/community/page.server";
import type { CommunityActionResult } from "./wire";
import { createPostSchema } from "./schemas";
import { getDb } from "~/services/database/db.server";
import { createPost } from "~/features/community/store/posts.server";
import type { SessionUser } from "~/services/session.server";

let author: SessionUser;
let reader: SessionUser;

async function addMember(username: string): Promise<SessionUser> {
  const [{ id }] = await getDb()
    .insert(users)
    .values({ username, email: `${username.toLowerCase().replace(/\W/g, "")}@example.org`, passwordHash: "!" })
    .returning({ id: users.id })
    .all();
  return { id, username, email: `${username}@example.org`, userType: "user" };
}

const pageUrl = (query: string) => new URL(`http://circular.test/app/community?${query}`);

/** A form sent to the page's action without JavaScript, as the browser sends it. */
function form(fields: Record<string, string>) {
  return new Request("http://circular.test/app/community", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
}

beforeAll(async () => {
  author = await addMember("Ada Pager");
  reader = await addMember("Reader");
  // Two authors: one member may publish 10 posts in an hour.
  const second = await addMember("Bo Pager");
  for (let i = 1; i <= 12; i++) {
    const outcome = await createPost(
      i % 2 ? author : second,
      createPostSchema.parse({ title: `Zebrawood offcut ${i}`, content: "Small pieces.", category: "upcycling" }),
      [],
    );
    if (!outcome.ok) throw new Error(outcome.message);
  }
});

describe("the community page's search", () => {
  it("shows 10 results a page, with more on the next", async () => {
    const first = await loadCommunity(pageUrl("search=zebrawood"), reader);
    expect(first.feed.posts).toHaveLength(10);
    expect(first.feed.hasMore).toBe(true);
    const second = await loadCommunity(pageUrl("search=zebrawood&page=2"), reader);
    expect(second.feed.posts).toHaveLength(2);
    expect(second.feed.hasMore).toBe(false);
    const ids = [...first.feed.posts, ...second.feed.posts].map((post) => post.id);
    expect(new Set(ids).size).toBe(12);
  });
});

describe("following from the page", () => {
  it("says whom the member follows, and names the author when following or unfollowing", async () => {
    expect((await loadCommunity(pageUrl(""), reader)).following).toEqual([]);
    const followed = await communityAction(
      form({ intent: "follow", authorId: String(author.id), postId: "3", returnTo: "/app/community?search=zebrawood" }),
      reader,
    );
    expect(followed.result).toMatchObject({
      ok: true,
      following: true,
      anchorPostId: 3,
      toast: { title: "You now follow Ada Pager" },
    });
    expect((await loadCommunity(pageUrl(""), reader)).following).toEqual([author.id]);
    const unfollowed = await communityAction(
      form({ intent: "unfollow", authorId: String(author.id), returnTo: "/app/community" }),
      reader,
    );
    expect(unfollowed.result).toMatchObject({ ok: true, following: false, toast: { title: "You no longer follow Ada Pager" } });
    expect((await loadCommunity(pageUrl(""), reader)).following).toEqual([]);
  });
});

describe("where a form sent without JavaScript lands", () => {
  const result = (fields: Partial<CommunityActionResult>) => ({ intent: "like", ok: true, ...fields }) as CommunityActionResult;
  const post = { id: 7 } as CommunityActionResult["post"];

  it("back at the post acted on", () => {
    expect(landingPath(result({ intent: "like", post, anchorPostId: 7 }), "/app/community?tab=trending")).toBe(
      "/app/community?tab=trending#post-7",
    );
    expect(landingPath(result({ intent: "follow", anchorPostId: 7 }), "/app/community?search=bins")).toBe(
      "/app/community?search=bins#post-7",
    );
    // In the post dialog, the dialog is where the member is.
    expect(landingPath(result({ intent: "follow", anchorPostId: 7 }), "/app/community?post=7")).toBe("/app/community?post=7");
  });

  it("after a share, at the shared post's link to copy", () => {
    expect(landingPath(result({ intent: "share", post, anchorPostId: 7 }), "/app/community?page=2")).toBe(
      "/app/community?page=2&shared=7#share-7",
    );
    // A refused share shows no link.
    expect(landingPath(result({ intent: "share", ok: false, anchorPostId: undefined }), "/app/community")).toBe("/app/community");
  });

  it("after a new post, with the post on top and the dialog closed", () => {
    expect(landingPath(result({ intent: "create", post }), "/app/community?compose=1&shared=3")).toBe("/app/community?created=7");
  });
});
