import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { multipart } from "../support/multipart";
import { withDatabase } from "../support/database";
import { registerAdmin } from "../support/moderation";
import { api, registerMember, startServer, type TestServer } from "../support/server";

/**
 * Members report posts, comments, listings and members; admins work the queue: hide or dismiss a
 * thing's reports at once, restore what was hidden. Every refusal changes nothing; every action
 * leaves its audit row and tells the author and the reporters.
 */

let server: TestServer;
type Member = Awaited<ReturnType<typeof registerMember>>;
let author: Member;
let reporter: Member;
let second: Member;
let third: Member;
let admin: Member;

beforeAll(async () => {
  server = await startServer();
  [author, reporter, second, third] = [
    await registerMember(server),
    await registerMember(server),
    await registerMember(server),
    await registerMember(server),
  ];
  admin = await registerAdmin(server);
});

afterAll(async () => {
  await server?.stop();
});

const post = (pathname: string, body: unknown, token: string) => api(server, pathname, { method: "POST", body, token });
const get = (pathname: string, token: string) => api(server, pathname, { token });
const report = (body: Record<string, unknown>, token = reporter.token) => post("/api/reports", body, token);
const resolve = (id: number, body: unknown, token = admin.token) => post(`/api/admin/reports/${id}/resolve`, body, token);

async function createPost(title: string, content: string, token = author.token) {
  const response = await fetch(`${server.url}/api/posts`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: multipart([
      ["title", title],
      ["content", content],
      ["category", "food_waste"],
    ]),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { data: { post: { id: number } } }).data.post.id;
}

const count = (sql: string, ...params: unknown[]) =>
  withDatabase(server, (db) => (db.prepare(sql).get(...params) as { n: number }).n);
/** The mails the server wrote to its outbox (no SMTP_URL in tests). */
const outboxMails = () => {
  const dir = path.join(server.dataDir, "outbox");
  return fs.existsSync(dir) ? fs.readdirSync(dir).map((file) => fs.readFileSync(path.join(dir, file), "utf8")) : [];
};
const reportRows = () => count("SELECT COUNT(*) AS n FROM reports");
const auditRows = () => count("SELECT COUNT(*) AS n FROM audit_log");

async function notificationsOf(member: Member) {
  const response = await get("/api/notifications", member.token);
  expect(response.status).toBe(200);
  return response.json.data.notifications as { type: string; text: string }[];
}

describe("POST /api/reports", () => {
  let postId: number;
  beforeAll(async () => {
    postId = await createPost("Free pallets behind the depot", "Come and take them, cheap watches too.");
  });

  it("stores a report once per member and thing", async () => {
    const response = await report({ target_type: "post", target_id: postId, reason: "spam", note: "Selling watches" });
    expect(response.status).toBe(201);
    expect(response.json.data.report).toMatchObject({
      id: expect.any(Number),
      target_type: "post",
      target_id: postId,
      reason: "spam",
      note: "Selling watches",
      state: "open",
    });
    const again = await report({ target_type: "post", target_id: postId, reason: "abuse" });
    expect(again.status).toBe(409);
    expect(again.json.message).toBe("You have already reported this.");
  });

  it("marks the post reported for its reporter alone, in the post and in the feed", async () => {
    const reportedBy = async (member: Member) => {
      const shown = await get(`/api/posts/${postId}`, member.token);
      const feed = await get("/api/feed/personalized?sortBy=recent&limit=50", member.token);
      const listed = (feed.json.data.posts as { id: number; is_reported: boolean }[]).find((item) => item.id === postId);
      return [shown.json.data.post.is_reported, listed?.is_reported];
    };
    expect(await reportedBy(reporter)).toEqual([true, true]);
    expect(await reportedBy(third)).toEqual([false, false]);
  });

  it("refuses bad input with a clear 400 and writes nothing", async () => {
    const before = reportRows();
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ target_type: "post", target_id: postId, reason: "boring" }, /reason/i],
      [{ target_type: "planet", target_id: postId, reason: "spam" }, /post, a comment/i],
      [{ target_type: "post", target_id: 1.5, reason: "spam" }, /whole number/i],
      [{ target_type: "post", target_id: "abc", reason: "spam" }, /whole number/i],
      [{ target_type: "post", target_id: postId, reason: "spam", note: "x".repeat(1001) }, /1,000 characters/],
    ];
    for (const [body, message] of cases) {
      const response = await report(body, second.token);
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(response.json.message).toMatch(message);
    }
    const own = await report({ target_type: "post", target_id: postId, reason: "spam" }, author.token);
    expect(own.status).toBe(400);
    expect(own.json.message).toBe("You cannot report your own post.");
    const self = await report({ target_type: "user", target_id: second.id, reason: "spam" }, second.token);
    expect(self.json.message).toBe("You cannot report yourself.");
    expect(reportRows()).toBe(before);
  });

  it("answers 404 for what does not exist or the reporter cannot see", async () => {
    const before = reportRows();
    for (const [type, id] of [
      ["post", 999_999],
      ["comment", 999_999],
      ["listing", 999_999],
      ["user", 999_999],
    ] as const) {
      const response = await report({ target_type: type, target_id: id, reason: "spam" }, second.token);
      expect(response.status).toBe(404);
    }
    // A member the reporter blocked, and their post.
    const blocked = await registerMember(server);
    const blockedPost = await createPost("From someone blocked", "Words", blocked.token);
    withDatabase(server, (db) =>
      db.prepare("INSERT INTO blocks (blocker_id, blocked_id) VALUES (?, ?)").run(second.id, blocked.id),
    );
    expect((await report({ target_type: "post", target_id: blockedPost, reason: "spam" }, second.token)).status).toBe(404);
    expect((await report({ target_type: "user", target_id: blocked.id, reason: "spam" }, second.token)).status).toBe(404);
    expect(reportRows()).toBe(before);
  });

  it("takes comments, listings (samples too) and members", async () => {
    const comment = await post(`/api/posts/${postId}/comments`, { content: "Buy my watches now" }, third.token);
    expect(comment.status).toBe(201);
    const commentId = comment.json.data.comment.id as number;
    expect((await report({ target_type: "comment", target_id: commentId, reason: "spam" })).status).toBe(201);
    const listings = await get("/api/listings?limit=1", second.token);
    const sample = listings.json.data.listings[0] as { id: number; is_sample: boolean };
    expect(sample.is_sample).toBe(true);
    expect((await report({ target_type: "listing", target_id: sample.id, reason: "misleading" }, second.token)).status).toBe(201);
    expect((await report({ target_type: "user", target_id: third.id, reason: "abuse" }, second.token)).status).toBe(201);
  });

  it("needs a session", async () => {
    expect((await api(server, "/api/reports", { method: "POST", body: {} })).status).toBe(401);
  });
});

describe("the queue", () => {
  it("is for admins only", async () => {
    expect((await get("/api/admin/reports", reporter.token)).status).toBe(403);
    expect((await get("/api/admin/reports", reporter.token)).json.message).toBe("Only admins can do this.");
    expect((await resolve(1, { action: "dismiss", note: "No" }, reporter.token)).status).toBe(403);
    expect((await post("/api/admin/content/post/1/restore", { note: "No" }, reporter.token)).status).toBe(403);
    expect((await get("/api/admin/reports?state=closed", admin.token)).status).toBe(400);
  });

  it("is a plain not-found page for members, its entry address included", async () => {
    for (const pathname of ["/app/admin", "/app/admin/reports"]) {
      const response = await fetch(server.url + pathname, {
        headers: { cookie: `session=${reporter.token}` },
        redirect: "manual",
      });
      expect(response.status).toBe(404);
      expect(response.headers.get("content-type")).toMatch(/^text\/html/);
      const html = await response.text();
      expect(html).toContain("Page not found");
      expect(html).not.toMatch(/<h1[^>]*>Admin</);
    }
    const own = await fetch(server.url + "/app/admin", { headers: { cookie: `session=${admin.token}` }, redirect: "manual" });
    expect(own.headers.get("location")).toBe("/app/admin/reports");
  });

  it("groups one thing's reports, hides it for everyone else, tells everyone, and restores it", async () => {
    const postId = await createPost("Miracle compost accelerator pills", "Order now, compost in one hour.");
    const first = await report({ target_type: "post", target_id: postId, reason: "spam", note: "An advert" });
    await report({ target_type: "post", target_id: postId, reason: "misleading" }, second.token);
    await report({ target_type: "post", target_id: postId, reason: "spam" }, third.token);

    const queue = await get("/api/admin/reports", admin.token);
    expect(queue.status).toBe(200);
    const group = queue.json.data.reports.find(
      (g: { target: { id: number; type: string } }) => g.target.type === "post" && g.target.id === postId,
    );
    expect(group).toMatchObject({
      count: 3,
      reasons: { spam: 2, misleading: 1 },
      state: "open",
      resolution: null,
      target: {
        title: "Miracle compost accelerator pills",
        author: { id: author.id },
        hidden: false,
        deleted: false,
        url: `/app/community?post=${postId}`,
      },
    });
    expect(group.id).toBeGreaterThan(first.json.data.report.id);
    expect(group.notes.map((n: { note: string }) => n.note)).toEqual(["An advert", "", ""]);
    expect(queue.json.data.pagination).toMatchObject({ page: 1, limit: 20, total: expect.any(Number), hasMore: false });

    // Seen in the feeds and search before.
    const search = () => get("/api/feed/search?query=accelerator", third.token);
    expect((await search()).json.data.posts.map((p: { id: number }) => p.id)).toContain(postId);

    // Bad resolutions change nothing.
    const audits = auditRows();
    expect((await resolve(group.id, { action: "hide" })).status).toBe(400);
    expect((await resolve(group.id, { action: "hide", note: "x".repeat(1001) })).status).toBe(400);
    expect((await resolve(group.id, { action: "delete", note: "Gone" })).status).toBe(400);
    expect((await resolve(999_999, { action: "hide", note: "Gone" })).status).toBe(404);
    expect(auditRows()).toBe(audits);

    const hidden = await resolve(first.json.data.report.id, { action: "hide", note: "Adverts are not allowed" });
    expect(hidden.status).toBe(200);
    expect(hidden.json.data.report).toMatchObject({
      count: 3,
      state: "hidden",
      target: { hidden: true },
      resolution: { by: { id: admin.id }, note: "Adverts are not allowed" },
    });
    expect((await resolve(group.id, { action: "dismiss", note: "Again" })).status).toBe(409);

    // Gone for a third member everywhere; the author and admins still open it.
    expect((await get(`/api/posts/${postId}`, third.token)).status).toBe(404);
    expect((await search()).json.data.posts.map((p: { id: number }) => p.id)).not.toContain(postId);
    for (const feed of ["personalized", "trending", "local"]) {
      const ids = (await get(`/api/feed/${feed}?limit=50`, third.token)).json.data.posts.map((p: { id: number }) => p.id);
      expect(ids, feed).not.toContain(postId);
    }
    expect((await get(`/api/posts/${postId}`, author.token)).status).toBe(200);
    expect((await get(`/api/posts/${postId}`, admin.token)).status).toBe(200);
    // Reporting a hidden thing: the admin who sees it is told it is hidden; a member cannot see it.
    expect((await report({ target_type: "post", target_id: postId, reason: "spam" }, admin.token)).status).toBe(409);
    const late = await registerMember(server);
    expect((await report({ target_type: "post", target_id: postId, reason: "spam" }, late.token)).status).toBe(404);

    // Told: the author with the reason (and a mail), each reporter the outcome.
    const authorNotes = await notificationsOf(author);
    expect(authorNotes.find((n) => n.type === "content_hidden")?.text).toBe(
      "Moderators hid your post “Miracle compost accelerator pills”: Adverts are not allowed",
    );
    for (const member of [reporter, second, third]) {
      expect((await notificationsOf(member)).some((n) => n.type === "report_resolved")).toBe(true);
    }
    await expect.poll(() => outboxMails().some((mail) => mail.includes("Their reason: Adverts are not allowed"))).toBe(true);
    // Audited.
    const audit = withDatabase(server, (db) =>
      db
        .prepare("SELECT admin_id, action, target_type, note FROM audit_log WHERE target_id = ? AND target_type = 'post'")
        .all(postId),
    );
    expect(audit).toEqual([{ admin_id: admin.id, action: "hide", target_type: "post", note: "Adverts are not allowed" }]);

    // The Hidden tab lists it.
    const hiddenTab = await get("/api/admin/reports?state=hidden", admin.token);
    expect(hiddenTab.json.data.reports.some((g: { target: { id: number } }) => g.target.id === postId)).toBe(true);

    // Restore brings it back; restoring again is 409.
    const restore = () => post(`/api/admin/content/post/${postId}/restore`, { note: "Cleared after review" }, admin.token);
    expect((await post(`/api/admin/content/post/${postId}/restore`, {}, admin.token)).status).toBe(400);
    expect((await restore()).status).toBe(200);
    expect((await restore()).status).toBe(409);
    expect((await post("/api/admin/content/post/999999/restore", { note: "x" }, admin.token)).status).toBe(404);
    expect((await post(`/api/admin/content/user/${postId}/restore`, { note: "x" }, admin.token)).status).toBe(404);
    expect((await get(`/api/posts/${postId}`, third.token)).status).toBe(200);
    expect((await search()).json.data.posts.map((p: { id: number }) => p.id)).toContain(postId);
    expect((await notificationsOf(author)).some((n) => n.type === "content_restored")).toBe(true);
    expect(count("SELECT COUNT(*) AS n FROM audit_log WHERE action = 'restore' AND target_id = ?", postId)).toBe(1);
  });

  it("dismisses, refuses to hide a member, and dismisses what its author deleted since", async () => {
    const postId = await createPost("A fair post", "Nothing wrong here.");
    const filed = await report({ target_type: "post", target_id: postId, reason: "other" });
    const dismissed = await resolve(filed.json.data.report.id, { action: "dismiss", note: "It is fine" });
    expect(dismissed.status).toBe(200);
    expect(dismissed.json.data.report.state).toBe("dismissed");
    expect((await get(`/api/posts/${postId}`, third.token)).status).toBe(200);
    const told = (await notificationsOf(reporter)).filter((n) => n.type === "report_resolved").map((n) => n.text);
    expect(told).toContain("Moderators reviewed your report of “A fair post” and left it up");

    // A report's outcome is the moderators', not a member's doing: it passes a block of the admin
    // and names nobody.
    const wary = await registerMember(server);
    expect((await post(`/api/users/${admin.id}/block`, {}, wary.token)).status).toBe(200);
    const waryReport = await report({ target_type: "post", target_id: postId, reason: "spam" }, wary.token);
    expect((await resolve(waryReport.json.data.report.id, { action: "dismiss", note: "Still fine" })).status).toBe(200);
    const outcome = (await notificationsOf(wary)).find((n) => n.type === "report_resolved") as { actor: unknown } | undefined;
    expect(outcome).toMatchObject({ actor: null });

    const member = await report({ target_type: "user", target_id: author.id, reason: "abuse" }, third.token);
    const hideMember = await resolve(member.json.data.report.id, { action: "hide", note: "No" });
    expect(hideMember.status).toBe(409);
    expect(hideMember.json.message).toBe("A member is not hidden: suspend them from their admin page.");

    const doomed = await createPost("Soon deleted", "Words");
    const gone = await report({ target_type: "post", target_id: doomed, reason: "spam" });
    expect((await api(server, `/api/posts/${doomed}`, { method: "DELETE", token: author.token })).status).toBe(200);
    expect((await resolve(gone.json.data.report.id, { action: "hide", note: "Too late" })).status).toBe(409);
    const late = await resolve(gone.json.data.report.id, { action: "dismiss", note: "Deleted by its author" });
    expect(late.status).toBe(200);
    expect(late.json.data.report.target).toMatchObject({ deleted: true, author: { id: author.id } });
  });

  it("hides a comment and a listing", async () => {
    const postId = await createPost("Where to recycle batteries?", "Asking for a friend.");
    const comment = await post(`/api/posts/${postId}/comments`, { content: "Rude words here" }, third.token);
    const commentId = comment.json.data.comment.id as number;
    const filed = await report({ target_type: "comment", target_id: commentId, reason: "abuse" });
    expect((await resolve(filed.json.data.report.id, { action: "hide", note: "Rude" })).status).toBe(200);
    const comments = await get(`/api/posts/${postId}/comments`, second.token);
    expect(comments.json.data.comments.map((c: { id: number }) => c.id)).not.toContain(commentId);
    expect((await get(`/api/posts/${postId}`, second.token)).json.data.post.comments_count).toBe(0);

    const listing = (await get("/api/listings?limit=2", second.token)).json.data.listings[1] as { id: number };
    const listingReport = await report({ target_type: "listing", target_id: listing.id, reason: "illegal" });
    expect((await resolve(listingReport.json.data.report.id, { action: "hide", note: "Not allowed" })).status).toBe(200);
    expect((await get(`/api/listings/${listing.id}`, second.token)).status).toBe(404);
    expect((await post(`/api/admin/content/listing/${listing.id}/restore`, { note: "Fine after all" }, admin.token)).status).toBe(
      200,
    );
    expect((await get(`/api/listings/${listing.id}`, second.token)).status).toBe(200);
  });

  it("limits how many reports a member files in an hour", async () => {
    const busy = await registerMember(server);
    let last = { status: 0, headers: new Headers() };
    for (let i = 0; i < 31; i++) {
      // Each refused (404) report is given back; these are stored ones, one per member.
      const target = await registerMember(server);
      last = await report({ target_type: "user", target_id: target.id, reason: "spam" }, busy.token);
      if (i < 30) expect(last.status).toBe(201);
    }
    expect(last.status).toBe(429);
    expect(Number(last.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});
