import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withDatabase } from "../support/database";
import { addListing as insertListing, publishPost, requestOrder } from "../support/factories";
import { api, registerMember, startServer, type TestServer } from "../support/server";
import { startSmtpSink, type CapturedMail } from "../support/smtp-sink";

/**
 * Notifications against the real server: what each cause writes and to whom, folding, reading and
 * marking, the choices per type and their refusals, instant mails with one-click unsubscribe, and
 * the daily digest sent once however often it runs.
 */

let server: TestServer;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
type Member = Awaited<ReturnType<typeof registerMember>>;

beforeAll(async () => {
  smtp = await startSmtpSink();
  server = await startServer({ SMTP_URL: smtp.url, APP_URL: "http://hub.example.test", MAIL_FROM: "hub@example.test" });
});

afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

const call = (
  member: Member | undefined,
  pathname: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
) =>
  api(server, pathname, {
    ...init,
    token: member?.token,
    headers: { ...(member ? { "x-forwarded-for": member.address } : {}), ...init.headers },
  });

async function publish(author: Member, title: string) {
  return (await publishPost(server, author, { title, content: "Sorted and baled." })).id;
}

const like = (member: Member, postId: number) =>
  call(member, `/api/posts/${postId}/interactions`, { method: "POST", body: { type: "like" } });

async function list(member: Member, query = "") {
  const response = await call(member, `/api/notifications${query}`);
  expect(response.status).toBe(200);
  return response.json.data as {
    notifications: {
      id: number;
      type: string;
      text: string;
      actors: number;
      read: boolean;
      url: string;
      subject: { type: string; id: number };
      actor: { id: number; username: string } | null;
    }[];
    unread_count: number;
    pagination: { page: number; limit: number; hasMore: boolean };
  };
}

function addListing(owner: Member, title: string) {
  return insertListing(server, owner.id, { title, description: "Sound chairs.", quantity: 5 });
}

/** A header of a raw mail, its folded lines joined. */
const headerOf = (mail: CapturedMail, name: string) =>
  new RegExp(`^${name}: (.*)$`, "mi").exec(mail.raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, " "))?.[1]?.trim();

const mailsTo = (address: string, match: (mail: CapturedMail) => boolean, atLeast = 1, timeoutMs = 20_000) =>
  smtp.waitForMails((mail) => mail.to.includes(address) && match(mail), { atLeast, timeoutMs });

describe("likes", () => {
  it("reach the author's bell, and five likes in a day fold into one “… and 4 others”", async () => {
    const author = await registerMember(server);
    const postId = await publish(author, "Bales of PET");
    const likers = [];
    for (let i = 0; i < 5; i++) likers.push(await registerMember(server));

    expect((await like(likers[0]!, postId)).status).toBe(200);
    let data = await list(author);
    expect(data.unread_count).toBe(1);
    expect(data.notifications[0]).toMatchObject({
      type: "like",
      actors: 1,
      read: false,
      subject: { type: "post", id: postId },
      url: `/app/community?post=${postId}`,
      actor: { id: likers[0]!.id },
    });

    for (const liker of likers.slice(1)) expect((await like(liker, postId)).status).toBe(200);
    data = await list(author);
    expect(data.unread_count).toBe(1);
    expect(data.notifications).toHaveLength(1);
    expect(data.notifications[0]).toMatchObject({ actors: 5, actor: { id: likers[4]!.id } });
    expect(data.notifications[0]!.text).toMatch(/^Member \d+ and 4 others liked “Bales of PET”$/);
    // The likers hear nothing of it.
    expect((await list(likers[0]!)).unread_count).toBe(0);
  });

  it("tell nobody of their own actions", async () => {
    const author = await registerMember(server);
    const postId = await publish(author, "My own bin");
    await like(author, postId);
    await call(author, `/api/posts/${postId}/comments`, { method: "POST", body: { content: "Note to self." } });
    expect((await list(author)).notifications).toEqual([]);
  });
});

describe("each cause writes its own", () => {
  it("a comment to the author, a reply to the others who commented, a follow to the one followed", async () => {
    const [author, first, second] = [await registerMember(server), await registerMember(server), await registerMember(server)];
    const postId = await publish(author, "Compost heaps");
    expect((await call(first, `/api/posts/${postId}/comments`, { method: "POST", body: { content: "Lovely." } })).status).toBe(
      201,
    );
    expect(
      (await call(second, `/api/posts/${postId}/interactions`, { method: "POST", body: { type: "comment", content: "Agreed." } }))
        .status,
    ).toBe(200);
    expect((await list(author)).notifications.map((n) => n.type)).toEqual(["comment", "comment"]);
    const replies = (await list(first)).notifications;
    expect(replies.map((n) => n.type)).toEqual(["reply"]);
    expect(replies[0]!.text).toMatch(/^Member \d+ also commented on “Compost heaps”$/);
    expect((await list(second)).notifications).toEqual([]);

    expect((await call(first, `/api/users/${author.id}/follow`, { method: "POST" })).status).toBe(200);
    const [follow] = (await list(author)).notifications;
    expect(follow).toMatchObject({ type: "follow", subject: { type: "user", id: first.id }, url: `/app/members/${first.id}` });
  });

  it("order events, messages and a review, each to the other party, with the order mail carrying its unsubscribe links", async () => {
    const [seller, buyer] = [await registerMember(server), await registerMember(server)];
    const listingId = addListing(seller, "Office chairs");
    const orderId = (await requestOrder(server, buyer, listingId)).id;
    const [requested] = (await list(seller)).notifications;
    expect(requested).toMatchObject({
      type: "order_requested",
      subject: { type: "order", id: orderId },
      url: `/app/orders/${orderId}`,
    });
    expect(requested!.text).toMatch(/asked for “Office chairs”$/);

    const [mail] = await mailsTo(seller.email, (m) => m.text.includes("asks for 1 piece of your listing"));
    expect(headerOf(mail!, "List-Unsubscribe")).toMatch(
      /^<http:\/\/hub\.example\.test\/api\/notifications\/unsubscribe\?token=.+>$/,
    );
    expect(headerOf(mail!, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
    expect(mail!.text).toContain("http://hub.example.test/notifications/unsubscribe?token=");
    expect(mail!.text).toContain("http://hub.example.test/app/settings/notifications");

    const step = (member: Member, action: string) =>
      call(member, `/api/orders/${orderId}/transitions`, { method: "POST", body: { action } });
    expect((await step(seller, "accept")).status).toBe(200);
    expect(
      (await call(seller, `/api/orders/${orderId}/messages`, { method: "POST", body: { body: "Friday at 10?" } })).status,
    ).toBe(201);
    expect((await step(buyer, "complete")).status).toBe(200);
    expect((await step(seller, "complete")).status).toBe(200);
    expect(
      (await call(buyer, `/api/orders/${orderId}/reviews`, { method: "POST", body: { rating: 5, text: "Smooth." } })).status,
    ).toBe(201);

    expect((await list(buyer)).notifications.map((n) => n.type)).toEqual(["order_completed", "order_message", "order_accepted"]);
    expect((await list(seller)).notifications.map((n) => n.type)).toEqual(["review", "order_completed", "order_requested"]);
  });
});

describe("reading", () => {
  it("marks given ids read, ignores another member's, and marks all without ids", async () => {
    const [author, other] = [await registerMember(server), await registerMember(server)];
    const likers = [await registerMember(server), await registerMember(server)];
    const posts = [await publish(author, "One"), await publish(author, "Two"), await publish(author, "Three")];
    for (const post of posts) await like(likers[0]!, post);
    const otherPost = await publish(other, "Theirs");
    await like(likers[1]!, otherPost);
    const theirs = (await list(other)).notifications[0]!.id;

    const mine = (await list(author)).notifications;
    expect(mine).toHaveLength(3);
    const marked = await call(author, "/api/notifications/read", { method: "POST", body: { ids: [mine[0]!.id, theirs] } });
    expect(marked.status).toBe(200);
    expect(marked.json).toEqual({ success: true, data: { unread_count: 2 } });
    expect((await list(other)).unread_count).toBe(1);
    expect((await list(author, "?unread=1")).notifications.map((n) => n.id)).toEqual([mine[1]!.id, mine[2]!.id]);

    const all = await call(author, "/api/notifications/read", { method: "POST" });
    expect(all.json).toEqual({ success: true, data: { unread_count: 0 } });
    expect((await list(other)).unread_count).toBe(1);
    expect((await list(author, "?unread=true")).notifications).toEqual([]);
  });

  it("pages like the feed, and refuses bad input with a 400 and no token with a 401", async () => {
    const author = await registerMember(server);
    const liker = await registerMember(server);
    for (let i = 0; i < 3; i++) await like(liker, await publish(author, `Post ${i}`));
    const first = await list(author, "?limit=2");
    expect(first.pagination).toEqual({ page: 1, limit: 2, hasMore: true });
    const second = await list(author, "?limit=2&page=2");
    expect(second.pagination).toEqual({ page: 2, limit: 2, hasMore: false });
    expect(second.notifications).toHaveLength(1);

    expect((await call(author, "/api/notifications?unread=maybe")).status).toBe(400);
    expect((await call(author, "/api/notifications?page=0")).status).toBe(400);
    expect((await call(author, "/api/notifications/read", { method: "POST", body: { ids: ["x"] } })).status).toBe(400);
    expect((await call(author, "/api/notifications/read", { method: "POST", body: { ids: [1], all: true } })).status).toBe(400);
    expect((await call(author, "/api/notifications/read", { method: "POST", body: "[" })).status).toBe(400);
    expect((await call(undefined, "/api/notifications")).status).toBe(401);
    expect((await call(undefined, "/api/notifications/read", { method: "POST" })).status).toBe(401);
    expect((await list(author)).unread_count).toBe(3);
  });
});

describe("preferences", () => {
  it("answer every type with its default, take any subset, and refuse unknown types or values", async () => {
    const member = await registerMember(server);
    const got = await call(member, "/api/notifications/preferences");
    expect(got.status).toBe(200);
    expect(got.json.data.preferences).toMatchObject({
      like: { in_app: true, email: "off" },
      follow: { in_app: true, email: "off" },
      comment: { in_app: true, email: "daily" },
      reply: { in_app: true, email: "daily" },
      order_requested: { in_app: true, email: "instant" },
      order_countered: { in_app: true, email: "instant" },
      order_message: { in_app: true, email: "instant" },
      review: { in_app: true, email: "instant" },
      report_resolved: { in_app: true, email: "off" },
    });
    // Moderators' notices are not a member's choice: they are not among the preferences.
    expect(Object.keys(got.json.data.preferences)).toHaveLength(22);
    // A load's fate is for producers: a member without an organisation hears of it once they choose it.
    expect(got.json.data.preferences.lot_fate).toEqual({ in_app: false, email: "off" });
    expect(got.json.data.preferences).not.toHaveProperty("content_hidden");

    const put = await call(member, "/api/notifications/preferences", {
      method: "PUT",
      body: { like: { email: "instant" }, follow: { in_app: false } },
    });
    expect(put.status).toBe(200);
    expect(put.json.data.preferences.like).toEqual({ in_app: true, email: "instant" });
    expect(put.json.data.preferences.follow).toEqual({ in_app: false, email: "off" });

    for (const body of [
      { poke: { email: "off" } },
      { like: { email: "weekly" } },
      { like: { in_app: "no" } },
      { like: true },
      { like: { sms: true } },
    ]) {
      const refused = await call(member, "/api/notifications/preferences", { method: "PUT", body });
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.json.success).toBe(false);
    }
    expect((await call(member, "/api/notifications/preferences")).json.data.preferences.like).toEqual({
      in_app: true,
      email: "instant",
    });

    // In-app off: a follow writes no notification.
    await call(await registerMember(server), `/api/users/${member.id}/follow`, { method: "POST" });
    expect((await list(member)).notifications).toEqual([]);
  });

  it("an instant like mail arrives with one-click unsubscribe, which turns the type off without a session; a forged token is a 400", async () => {
    const author = await registerMember(server);
    await call(author, "/api/notifications/preferences", { method: "PUT", body: { like: { email: "instant" } } });
    const postId = await publish(author, "Crushed glass");
    await like(await registerMember(server), postId);
    const [mail] = await mailsTo(author.email, (m) => /liked/.test(m.subject));
    const oneClick = /^<(.*)>$/.exec(headerOf(mail!, "List-Unsubscribe")!)![1]!;
    const { pathname, search } = new URL(oneClick);
    const token = new URL(oneClick).searchParams.get("token")!;

    const forged = token.replace(/^(\d+)\./, (_, id: string) => `${Number(id) + 1}.`);
    const refused = await api(server, `/api/notifications/unsubscribe?token=${encodeURIComponent(forged)}`, {
      method: "POST",
      body: "List-Unsubscribe=One-Click",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(refused.status).toBe(400);
    expect(
      (
        await api(server, `/api/notifications/unsubscribe?token=${encodeURIComponent(token.replace(".like.", ".review."))}`, {
          method: "POST",
        })
      ).status,
    ).toBe(400);
    expect((await call(author, "/api/notifications/preferences")).json.data.preferences.like.email).toBe("instant");

    // As a mail program sends it: no session, no Origin.
    const done = await api(server, pathname + search, {
      method: "POST",
      body: "List-Unsubscribe=One-Click",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(done.status).toBe(200);
    expect(done.json.data.unsubscribed).toEqual(["like"]);
    expect((await call(author, "/api/notifications/preferences")).json.data.preferences.like).toEqual({
      in_app: true,
      email: "off",
    });
    const oneClickAgain = () =>
      api(server, pathname + search, {
        method: "POST",
        body: "List-Unsubscribe=One-Click",
        headers: { "content-type": "application/x-www-form-urlencoded" },
      });
    // A mail program that sends it twice gets the same answer.
    expect((await oneClickAgain()).status).toBe(200);

    // Turned back on, the old link no longer speaks for the member; the next mail's link does.
    await call(author, "/api/notifications/preferences", { method: "PUT", body: { like: { email: "instant" } } });
    expect((await oneClickAgain()).status).toBe(400);
    expect((await call(author, "/api/notifications/preferences")).json.data.preferences.like.email).toBe("instant");
    // Another post: likes of the same post within a day fold into the notification already mailed.
    await like(await registerMember(server), await publish(author, "Sorted glass"));
    const mails = await mailsTo(author.email, (m) => /liked/.test(m.subject), 2);
    const fresh = /^<(.*)>$/.exec(headerOf(mails[1]!, "List-Unsubscribe")!)![1]!;
    expect(fresh).not.toBe(oneClick);
    const { pathname: freshPath, search: freshSearch } = new URL(fresh);
    expect((await api(server, freshPath + freshSearch, { method: "POST" })).status).toBe(200);
    expect((await call(author, "/api/notifications/preferences")).json.data.preferences.like.email).toBe("off");
  });

  it("the unsubscribe page works signed out, and says when a link is not valid", async () => {
    const member = await registerMember(server);
    await call(member, "/api/notifications/preferences", { method: "PUT", body: { follow: { email: "instant" } } });
    await call(await registerMember(server), `/api/users/${member.id}/follow`, { method: "POST" });
    const [mail] = await mailsTo(member.email, (m) => /started following you/.test(m.subject));
    const link = /(http:\/\/hub\.example\.test\/notifications\/unsubscribe\?token=[^\s"<]+)/.exec(mail!.text)![1]!;
    const { pathname, search } = new URL(link);
    const page = await fetch(server.url + pathname + search);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("e-mails about new followers");
    const bad = await fetch(`${server.url}/notifications/unsubscribe?token=1.follow.nope`);
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("This unsubscribe link is not valid");

    const token = new URL(link).searchParams.get("token")!;
    const posted = await fetch(server.url + pathname + search, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url },
      body: new URLSearchParams({ token }),
    });
    expect(posted.status).toBe(200);
    expect(await posted.text()).toContain("You will get no more e-mails of this kind.");
    expect((await call(member, "/api/notifications/preferences")).json.data.preferences.follow.email).toBe("off");
  });
});

describe("the daily digest", () => {
  it("sends one mail per member per day, even when the run happens twice", async () => {
    const author = await registerMember(server);
    const postId = await publish(author, "Wood chips");
    const commenter = await registerMember(server);
    await call(commenter, `/api/posts/${postId}/comments`, { method: "POST", body: { content: "Great chips." } });

    // One run is always waiting for the next digest hour.
    const waiting = withDatabase(
      server,
      (db) =>
        db.prepare("SELECT count(*) AS n FROM jobs WHERE kind = 'notification-digest' AND state = 'pending'").get() as {
          n: number;
        },
    );
    expect(waiting.n).toBe(1);

    // Two runs for today fall due at once, as after a restart that found one and a second process that wrote another.
    const now = Date.now();
    withDatabase(server, (db) => {
      const insert = db.prepare("INSERT INTO jobs (kind, payload, run_at) VALUES ('notification-digest', ?, ?)");
      insert.run(JSON.stringify({ runAt: now }), now - 1000);
      insert.run(JSON.stringify({ runAt: now }), now - 1000);
    });
    // Any new job wakes the runner at once: here the instant mail of a follow.
    await call(author, "/api/notifications/preferences", { method: "PUT", body: { follow: { email: "instant" } } });
    await call(commenter, `/api/users/${author.id}/follow`, { method: "POST" });

    const [digest] = await mailsTo(author.email, (m) => /digest/.test(m.subject));
    expect(digest!.subject).toMatch(/Your Circular Hub digest: 1 unread notification$/);
    // The sink decodes the body byte by byte, so the curly quotes are left out of the match.
    expect(digest!.text).toMatch(/Member \d+ commented on .+Wood chips/);
    expect(headerOf(digest!, "List-Unsubscribe")).toMatch(/unsubscribe\?token=\d+\.digest\./);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(smtp.mails.filter((m) => m.to.includes(author.email) && /digest/.test(m.subject))).toHaveLength(1);
    const state = withDatabase(
      server,
      (db) =>
        db
          .prepare("SELECT state, count(*) AS n FROM jobs WHERE kind = 'notification-digest' GROUP BY state ORDER BY state")
          .all() as {
          state: string;
          n: number;
        }[],
    );
    expect(state).toEqual([
      { state: "done", n: 2 },
      { state: "pending", n: 1 },
    ]);
  });
});
