import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publishPost } from "../support/factories";
import { api, registerMember, startServer, type TestServer } from "../support/server";

/**
 * The community page as a browser without JavaScript meets it: pages of HTML, and forms posted
 * to the page's action that answer with a redirect and a flash toast.
 */

let server: TestServer;
let reader: Awaited<ReturnType<typeof registerMember>>;
let author: Awaited<ReturnType<typeof registerMember>>;
let authorName: string;

beforeAll(async () => {
  server = await startServer();
  [reader, author] = [await registerMember(server), await registerMember(server)];
  authorName = (await api(server, "/api/users/profile", { token: author.token })).json.user.username;
});

afterAll(async () => {
  await server?.stop();
});

async function page(pathname: string, cookies: string[] = []) {
  const response = await fetch(server.url + pathname, {
    redirect: "manual",
    headers: { cookie: [`session=${reader.token}`, ...cookies].join("; "), "x-forwarded-for": reader.address },
  });
  // React marks where one text ends and the next begins; a reader sees neither.
  return { status: response.status, html: (await response.text()).replaceAll("<!-- -->", "") };
}

/** A form posted to the page's action, as a browser without JavaScript sends it. */
async function post(fields: Record<string, string>) {
  const response = await fetch(`${server.url}/app/community`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      cookie: `session=${reader.token}`,
      origin: server.url,
      "x-forwarded-for": reader.address,
    },
    body: new URLSearchParams(fields),
  });
  const toast = /(?:^|,\s*)(toast=[^;]+)/.exec(response.headers.get("set-cookie") ?? "")?.[1];
  return { status: response.status, location: response.headers.get("location"), toast };
}

const publish = (title: string) =>
  publishPost(server, author, { title, content: "Small pieces for small boxes.", category: "upcycling" });

const articles = (html: string) => html.match(/<article\b/g)?.length ?? 0;

describe("a search on the community page", () => {
  it("shows 10 results, and the rest on the page Load more links to", async () => {
    for (let i = 1; i <= 12; i++) await publish(`Zebrawood offcut ${i}`);
    const first = await page("/app/community?search=zebrawood");
    expect(articles(first.html)).toBe(10);
    expect(first.html).toMatch(/href="\/app\/community\?search=zebrawood&amp;page=2"[^>]*>Load more</);
    const second = await page("/app/community?search=zebrawood&page=2");
    expect(articles(second.html)).toBe(2);
    expect(second.html).toContain("You’ve reached the end of the feed.");
    // The API pages as documented.
    const api2 = await api(server, "/api/feed/search?query=zebrawood&page=2&limit=10", { token: reader.token });
    expect(api2.json.data.posts).toHaveLength(2);
    expect(api2.json.data.pagination).toEqual({ page: 2, limit: 10, hasMore: false });
  });
});

describe("following without JavaScript", () => {
  it("comes back to the post with a toast naming the author, whose posts then offer Unfollow", async () => {
    const { id } = await publish("Wallabywood planters");
    const returnTo = "/app/community?search=wallabywood";
    const followed = await post({ intent: "follow", authorId: String(author.id), postId: String(id), returnTo });
    expect(followed.status).toBe(302);
    expect(followed.location).toBe(`${returnTo}#post-${id}`);
    const shown = await page(returnTo, [followed.toast!]);
    expect(shown.html).toContain(`You now follow ${authorName}`);
    expect(shown.html).toMatch(new RegExp(`Unfollow<span class="sr-only"> ${authorName}</span>`));

    const unfollowed = await post({ intent: "unfollow", authorId: String(author.id), postId: String(id), returnTo });
    const after = await page(returnTo, [unfollowed.toast!]);
    expect(after.html).toContain(`You no longer follow ${authorName}`);
    expect(after.html).toMatch(new RegExp(`Follow<span class="sr-only"> ${authorName}</span>`));
  });
});

describe("sharing without JavaScript", () => {
  it("records the share once and shows the post's link to copy", async () => {
    const { id } = await publish("Nojsville tool library");
    const shared = await post({ intent: "share", postId: String(id), returnTo: "/app/community?search=nojsville" });
    expect(shared.location).toBe(`/app/community?search=nojsville&shared=${id}#share-${id}`);
    const shown = await page(shared.location!);
    expect(shown.html).toContain("Copy this link to share the post");
    expect(shown.html).toContain(`value="${server.url}/app/community?post=${id}"`);
    await post({ intent: "share", postId: String(id), returnTo: "/app/community" });
    const stored = await api(server, `/api/posts/${id}`, { token: reader.token });
    expect(stored.json.data.post.shares_count).toBe(1);
  });
});

describe("a post opened without JavaScript", () => {
  const comment = async (member: typeof reader, postId: number, content: string) =>
    expect(
      (await api(server, `/api/posts/${postId}/comments`, { method: "POST", token: member.token, body: { content } })).status,
    ).toBe(201);
  /** The post view: the dialog the page opens for `?post=<id>`. */
  const postView = async (postId: number) => {
    const { html } = await page(`/app/community?post=${postId}`);
    return html.slice(html.indexOf('role="dialog"'));
  };

  it("lists the comments oldest first, an answer below its question, the newest by the reply box", async () => {
    const { id } = await publish("Quokkaville reuse shop");
    await comment(reader, id, "Question: are you open on Sundays?");
    await comment(author, id, "Answer: yes, from ten.");
    await comment(reader, id, "Thanks, see you then.");
    const view = await postView(id);
    const at = (text: string) => {
      expect(view).toContain(text);
      return view.indexOf(text);
    };
    expect(at("Question: are you open on Sundays?")).toBeLessThan(at("Answer: yes, from ten."));
    expect(at("Answer: yes, from ten.")).toBeLessThan(at("Thanks, see you then."));
    expect(at("Thanks, see you then.")).toBeLessThan(at('id="comment-content"'));
    // The API keeps its documented order, newest first.
    const listed = await api(server, `/api/posts/${id}/comments`, { token: reader.token });
    expect(listed.json.data.comments.map((c: { content: string }) => c.content)).toEqual([
      "Thanks, see you then.",
      "Answer: yes, from ten.",
      "Question: are you open on Sundays?",
    ]);
  });

  it("has the card's like button, a form that likes and comes back to the open post", async () => {
    const { id } = await publish("Wombatford seed swap");
    const returnTo = `/app/community?post=${id}`;
    const before = await postView(id);
    expect(before).toMatch(
      new RegExp(`<input type="hidden" name="intent" value="like"/><input type="hidden" name="postId" value="${id}"/>`),
    );
    expect(before).toContain('aria-label="Like, 0 likes" aria-pressed="false"');

    const liked = await post({ intent: "like", postId: String(id), returnTo });
    expect(liked.status).toBe(302);
    expect(liked.location).toMatch(new RegExp(`^/app/community\\?post=${id}`));
    const after = await postView(id);
    expect(after).toContain('aria-label="Like, 1 like" aria-pressed="true"');
    const stored = await api(server, `/api/posts/${id}`, { token: reader.token });
    expect(stored.json.data.post).toMatchObject({ likes_count: 1, user_interacted: { like: true } });
  });
});
