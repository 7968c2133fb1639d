import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { multipart } from "../support/multipart";
import { withDatabase } from "../support/database";
import { addListing as insertListing } from "../support/factories";
import { api, newClientAddress, registerMember, startServer, type TestServer } from "../support/server";
import { startSmtpSink } from "../support/smtp-sink";

/**
 * The account API against the real server and database: changing the password and the e-mail
 * address, sessions, the export and deleting the account, with every refusal and the mails each
 * change sends.
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
  member: { token?: string; address?: string } | undefined,
  pathname: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
) =>
  api(server, pathname, {
    ...init,
    token: member?.token,
    headers: { "x-forwarded-for": member?.address ?? newClientAddress(), ...init.headers },
  });

/** Signs in again as the member, as another client: a second session with its own token. */
async function signIn(member: Member, password = member.password, userAgent = "Second-Client/1.0") {
  const response = await api(server, "/api/auth/login", {
    method: "POST",
    body: { email: member.email, password },
    headers: { "x-forwarded-for": member.address, "user-agent": userAgent },
  });
  return { status: response.status, token: response.json?.token as string | undefined };
}

const NEW_PASSWORD = "Greener-Bins-42";

describe("POST /api/users/password", () => {
  it("changes the password, ends every other session but the caller's, and mails the member", async () => {
    const member = await registerMember(server);
    const other = await signIn(member);
    const response = await call(member, "/api/users/password", {
      method: "POST",
      body: { current_password: member.password, new_password: NEW_PASSWORD },
    });
    expect(response.status).toBe(200);
    expect(response.json).toEqual({ success: true, message: "Your password was changed. Your other session was signed out." });
    expect((await call(member, "/api/users/profile")).status).toBe(200);
    expect((await call({ token: other.token }, "/api/users/profile")).status).toBe(401);
    expect((await signIn(member)).status).toBe(401);
    expect((await signIn(member, NEW_PASSWORD)).status).toBe(200);
    const mail = await smtp.waitFor(member.email, /password was changed/);
    expect(mail.text).toContain("Every other device that was signed in has been signed out");
  });

  it("refuses a wrong current password with 400 at its field, and changes nothing", async () => {
    const member = await registerMember(server);
    const response = await call(member, "/api/users/password", {
      method: "POST",
      body: { current_password: "not-my-password", new_password: NEW_PASSWORD },
    });
    expect(response.status).toBe(400);
    expect(response.json).toEqual({
      success: false,
      message: "The current password is not right.",
      errors: { current_password: "The current password is not right." },
    });
    expect((await signIn(member)).status).toBe(200);
  });

  it("refuses a new password that breaks the reset rules, and a caller without a session", async () => {
    const member = await registerMember(server);
    const weak = await call(member, "/api/users/password", {
      method: "POST",
      body: { current_password: member.password, new_password: "short" },
    });
    expect(weak.status).toBe(400);
    expect(weak.json.errors.new_password).toBe("Password must be at least 8 characters long");
    const anonymous = await call(undefined, "/api/users/password", {
      method: "POST",
      body: { current_password: member.password, new_password: NEW_PASSWORD },
    });
    expect(anonymous.status).toBe(401);
  });

  it("is rate limited like sign-in: 429 with Retry-After, even from another address", async () => {
    const member = await registerMember(server);
    const wrong = (address: string) =>
      call({ token: member.token, address }, "/api/users/password", {
        method: "POST",
        body: { current_password: "not-my-password", new_password: NEW_PASSWORD },
      });
    for (let attempt = 0; attempt < 10; attempt++) expect((await wrong(member.address)).status).toBe(400);
    const refused = await wrong(member.address);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await wrong(newClientAddress())).status).toBe(429);
  });
});

describe("POST /api/users/email", () => {
  const linkIn = (text: string) => /http:\/\/hub\.example\.test\/auth\/confirm-email\?token=[A-Za-z0-9_-]+/.exec(text)![0];
  const emailOf = (id: number) =>
    withDatabase(server, (db) => (db.prepare("SELECT email FROM users WHERE id = ?").get(id) as { email: string }).email);

  it("changes nothing until the link mailed to the new address is opened, tells the old one, and works once", async () => {
    const member = await registerMember(server);
    const newEmail = `renamed-${member.id}@example.org`;
    const response = await call(member, "/api/users/email", {
      method: "POST",
      body: { email: newEmail, password: member.password },
    });
    expect(response.status).toBe(200);
    expect(response.json.message).toContain(newEmail);
    expect(emailOf(member.id)).toBe(member.email);

    const notice = await smtp.waitFor(member.email, /change of your Circular Hub e-mail address was requested/);
    expect(notice.text).toContain(newEmail);
    expect(notice.text).not.toContain("confirm-email");
    const link = linkIn((await smtp.waitFor(newEmail, /Confirm your new Circular Hub e-mail address/)).text);

    // Opening the link (as a mail scanner does) only asks.
    const local = link.replace("http://hub.example.test", server.url);
    const opened = await fetch(local, { redirect: "manual" });
    expect(opened.status).toBe(200);
    const asking = (await opened.text()).replaceAll("<!-- -->", "");
    expect(asking).toContain("Confirm your new e-mail address");
    expect(asking).toContain(newEmail);
    expect(asking).toMatch(/<form [^>]*method="post"/);
    expect(emailOf(member.id)).toBe(member.email);
    const token = new URL(link).searchParams.get("token")!;
    const confirm = () =>
      fetch(local, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ token }),
      });
    const confirmed = await confirm();
    expect(confirmed.status).toBe(200);
    expect((await confirmed.text()).replaceAll("<!-- -->", "")).toContain(`Your e-mail address is now ${newEmail}.`);
    expect(emailOf(member.id)).toBe(newEmail);

    const again = await fetch(local, { redirect: "manual" });
    expect(again.status).toBe(400);
    expect(await again.text()).toContain("This e-mail confirmation link is invalid");
    const confirmedAgain = await confirm();
    expect(confirmedAgain.status).toBe(400);
    const viaApi = await call(undefined, "/api/users/email/confirm", { method: "POST", body: { token } });
    expect(viaApi.status).toBe(400);
    expect(emailOf(member.id)).toBe(newEmail);
  });

  it("answers 400 for a forged or expired link, and confirms through the API", async () => {
    const member = await registerMember(server);
    const forged = await call(undefined, "/api/users/email/confirm", { method: "POST", body: { token: "forged-token" } });
    expect(forged.status).toBe(400);
    expect((await fetch(`${server.url}/auth/confirm-email?token=forged`)).status).toBe(400);

    const newEmail = `expiring-${member.id}@example.org`;
    await call(member, "/api/users/email", { method: "POST", body: { email: newEmail, password: member.password } });
    const link = linkIn((await smtp.waitFor(newEmail, /Confirm your new/)).text);
    const token = new URL(link).searchParams.get("token");
    withDatabase(server, (db) =>
      db.prepare("UPDATE email_changes SET expires_at = ? WHERE user_id = ?").run(Date.now() - 1000, member.id),
    );
    expect((await call(undefined, "/api/users/email/confirm", { method: "POST", body: { token } })).status).toBe(400);
    expect(emailOf(member.id)).toBe(member.email);

    const fresh = `fresh-${member.id}@example.org`;
    await call(member, "/api/users/email", { method: "POST", body: { email: fresh, password: member.password } });
    const freshToken = new URL(linkIn((await smtp.waitFor(fresh, /Confirm your new/)).text)).searchParams.get("token");
    const confirmed = await call(undefined, "/api/users/email/confirm", { method: "POST", body: { token: freshToken } });
    expect(confirmed.status).toBe(200);
    expect(confirmed.json).toMatchObject({ success: true, email: fresh });
  });

  it("refuses a wrong password (400) and an address another member holds (409) without saying whose", async () => {
    const member = await registerMember(server);
    const other = await registerMember(server);
    const wrong = await call(member, "/api/users/email", {
      method: "POST",
      body: { email: `x-${member.id}@example.org`, password: "not-my-password" },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.json.errors).toEqual({ password: "The password is not right." });
    const taken = await call(member, "/api/users/email", {
      method: "POST",
      body: { email: other.email, password: member.password },
    });
    expect(taken.status).toBe(409);
    expect(taken.json.message).toBe("This address cannot be used. Please choose another.");
    expect(taken.text).not.toContain(String(other.id));
    expect(
      withDatabase(server, (db) => db.prepare("SELECT count(*) AS n FROM email_changes WHERE user_id = ?").get(member.id)),
    ).toEqual({
      n: 0,
    });
  });

  it("refuses the change once the address was taken meanwhile", async () => {
    const member = await registerMember(server);
    const wanted = `wanted-${member.id}@example.org`;
    await call(member, "/api/users/email", { method: "POST", body: { email: wanted, password: member.password } });
    const token = new URL(linkIn((await smtp.waitFor(wanted, /Confirm your new/)).text)).searchParams.get("token");
    const registered = await api(server, "/api/auth/register", {
      method: "POST",
      body: { username: "Quick", email: wanted, password: "compost-heap-7" },
      headers: { "x-forwarded-for": newClientAddress() },
    });
    expect(registered.status).toBe(201);
    const confirmed = await call(undefined, "/api/users/email/confirm", { method: "POST", body: { token } });
    expect(confirmed.status).toBe(409);
    expect(emailOf(member.id)).toBe(member.email);
  });

  it("is rate limited: 429 after five requests an hour", async () => {
    const member = await registerMember(server);
    const ask = (n: number) =>
      call(member, "/api/users/email", {
        method: "POST",
        body: { email: `try${n}-${member.id}@example.org`, password: member.password },
      });
    for (let n = 0; n < 5; n++) expect((await ask(n)).status).toBe(200);
    const refused = await ask(5);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBeTruthy();
  });
});

describe("/api/users/sessions", () => {
  it("lists the member's sessions newest first with their user agent, and ends one or all others", async () => {
    const member = await registerMember(server);
    const stranger = await registerMember(server);
    const second = await signIn(member, member.password, "Mozilla/5.0 (X11; Linux x86_64) Firefox/125.0");
    const listed = await call({ token: second.token, address: member.address }, "/api/users/sessions");
    expect(listed.status).toBe(200);
    const sessions = listed.json.data.sessions;
    expect(sessions).toHaveLength(2);
    expect(sessions[0]).toMatchObject({ current: true, user_agent: "Mozilla/5.0 (X11; Linux x86_64) Firefox/125.0" });
    expect(Object.keys(sessions[0]).sort()).toEqual(["created_at", "current", "id", "last_seen_at", "user_agent"]);
    expect(sessions[1].current).toBe(false);

    const strangers = (await call(stranger, "/api/users/sessions")).json.data.sessions;
    const foreign = await call(member, `/api/users/sessions/${strangers[0].id}`, { method: "DELETE" });
    expect(foreign.status).toBe(404);
    expect((await call(stranger, "/api/users/profile")).status).toBe(200);
    expect((await call(member, "/api/users/sessions/..%2F..%2Fetc", { method: "DELETE" })).status).toBe(404);

    const ended = await call(member, `/api/users/sessions/${sessions[0].id}`, { method: "DELETE" });
    expect(ended.status).toBe(200);
    expect((await call({ token: second.token }, "/api/users/profile")).status).toBe(401);

    const third = await signIn(member);
    const others = await call(member, "/api/users/sessions", { method: "DELETE" });
    expect(others.json).toMatchObject({ success: true, ended: 1 });
    expect((await call({ token: third.token }, "/api/users/profile")).status).toBe(401);
    expect((await call(member, "/api/users/profile")).status).toBe(200);
  });
});

/** A listing written into the database as the listings module would store it. */
function addListing(ownerId: number, title = "Office chairs") {
  return insertListing(server, ownerId, { title, quantity: 5 });
}

const JPEG = fs.readFileSync(path.resolve("db/seed-media/sorting-line.jpg"));

async function postWithPhoto(member: Member) {
  const response = await fetch(`${server.url}/api/posts`, {
    method: "POST",
    headers: { authorization: `Bearer ${member.token}`, "x-forwarded-for": member.address },
    body: multipart([
      ["title", "Crate library"],
      ["content", "We lend reusable crates."],
      ["category", "food_waste"],
      ["media_0", JPEG, "crates.jpg", "image/jpeg"],
    ]),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { data: { post: { id: number; media_urls: string[] } } }).data.post;
}

describe("GET /api/users/export", () => {
  it("is one JSON attachment with the member's things and nothing of another member's address or any hash", async () => {
    const member = await registerMember(server);
    const buyer = await registerMember(server);
    const post = await postWithPhoto(member);
    await call(buyer, `/api/users/${member.id}/follow`, { method: "POST" });
    const listingId = addListing(member.id, "Pallets");
    const order = await call(buyer, "/api/orders", { method: "POST", body: { listing_id: listingId, quantity: 1 } });
    expect(order.status).toBe(201);
    await call(buyer, `/api/orders/${order.json.data.order.id}/messages`, { method: "POST", body: { body: "Tuesday works." } });
    await call(buyer, `/api/listings/${listingId}/enquiries`, { method: "POST", body: { body: "Are they stackable?" } });
    // Moderators hid the post; the member reported the buyer, and the buyer reported the member.
    withDatabase(server, (db) =>
      db.prepare("UPDATE posts SET hidden_at = ? WHERE id = ?").run(Date.parse("2026-01-02T03:04:05Z"), post.id),
    );
    const report = { target_type: "user", reason: "spam", note: "Sells the same pallets twice." };
    expect((await call(member, "/api/reports", { method: "POST", body: { ...report, target_id: buyer.id } })).status).toBe(201);
    expect((await call(buyer, "/api/reports", { method: "POST", body: { ...report, target_id: member.id } })).status).toBe(201);

    const response = await call(member, "/api/users/export");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="circular-hub-\d+-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const document = response.json;
    expect(document.profile).toMatchObject({ id: member.id, email: member.email });
    // Addresses that still lead to the files once the document has left the site.
    expect(post.media_urls[0]).toMatch(/^\/media\//);
    expect(document.posts[0]).toMatchObject({
      id: post.id,
      media: [{ url: `http://hub.example.test${post.media_urls[0]}` }],
      hidden: true,
      hidden_at: "2026-01-02T03:04:05.000Z",
    });
    expect(document.reports).toEqual([
      expect.objectContaining({ target_type: "user", target_id: buyer.id, reason: "spam", note: report.note, state: "open" }),
    ]);
    expect(document.follows.followers).toEqual([expect.objectContaining({ id: buyer.id })]);
    expect(document.listings[0]).toMatchObject({ id: listingId, title: "Pallets" });
    expect(document.orders[0]).toMatchObject({ role: "seller", buyer_id: buyer.id, messages: [{ body: "Tuesday works." }] });
    // The threads of questions the member was asked, with their messages.
    expect(document.enquiries).toEqual([
      expect.objectContaining({
        listing_title: "Pallets",
        asker_id: buyer.id,
        owner_id: member.id,
        messages: [expect.objectContaining({ body: "Are they stackable?" })],
      }),
    ]);
    for (const key of ["preferences", "comments", "interactions", "reviews", "impact_entries", "notifications"]) {
      expect(document).toHaveProperty(key);
    }
    expect(response.text).not.toContain(buyer.email);
    expect(response.text).not.toMatch(/password_hash|token_hash|\$2[aby]\$/);
    expect((await call(undefined, "/api/users/export")).status).toBe(401);
  });
});

describe("DELETE /api/users/me", () => {
  it("is refused while an order is accepted and not finished, naming it; then deletes the account", async () => {
    const member = await registerMember(server);
    const buyer = await registerMember(server);
    const post = await postWithPhoto(member);
    const file = path.join(server.dataDir, "uploads", path.basename(post.media_urls[0]));
    expect(fs.existsSync(file)).toBe(true);
    const listingId = addListing(member.id, "Office chairs");
    const unordered = addListing(member.id, "Spare crates");
    const ordered = await call(buyer, "/api/orders", { method: "POST", body: { listing_id: listingId, quantity: 1 } });
    const orderId = ordered.json.data.order.id as number;
    await call(member, `/api/orders/${orderId}/transitions`, { method: "POST", body: { action: "accept" } });
    await call(buyer, `/api/orders/${orderId}/messages`, { method: "POST", body: { body: "See you Tuesday." } });
    await call(member, `/api/orders/${orderId}/messages`, { method: "POST", body: { body: "Bring a van." } });
    await call(buyer, `/api/posts/${post.id}/interactions`, { method: "POST", body: { type: "like" } });

    const wrong = await call(member, "/api/users/me", { method: "DELETE", body: { password: "not-my-password" } });
    expect(wrong.status).toBe(400);
    const blocked = await call(member, "/api/users/me", { method: "DELETE", body: { password: member.password } });
    expect(blocked.status).toBe(409);
    expect(blocked.json.message).toBe(
      `Your order #${orderId} for Office chairs is accepted and not completed yet: complete or cancel it first.`,
    );
    expect((await call(member, "/api/users/profile")).status).toBe(200);

    await call(buyer, `/api/orders/${orderId}/transitions`, { method: "POST", body: { action: "complete" } });
    await call(member, `/api/orders/${orderId}/transitions`, { method: "POST", body: { action: "complete" } });
    const reviewed = await call(member, `/api/orders/${orderId}/reviews`, {
      method: "POST",
      body: { rating: 5, text: "Prompt." },
    });
    expect(reviewed.status).toBe(201);
    const other = await signIn(member);
    const deleted = await call(member, "/api/users/me", { method: "DELETE", body: { password: member.password } });
    expect(deleted.status).toBe(200);
    expect(deleted.json.success).toBe(true);

    expect((await call(member, "/api/users/profile")).status).toBe(401);
    expect((await call({ token: other.token }, "/api/users/profile")).status).toBe(401);
    expect((await signIn(member)).status).toBe(401);
    expect(fs.existsSync(file)).toBe(false);
    expect((await call(buyer, `/api/posts/${post.id}`)).status).toBe(404);

    const order = await call(buyer, `/api/orders/${orderId}`);
    expect(order.status).toBe(200);
    expect(order.json.data.order.seller).toMatchObject({ id: member.id, username: "a deleted member" });
    const thread = await call(buyer, `/api/orders/${orderId}/messages`);
    expect(thread.json.data.messages.map((message: { body: string }) => message.body)).toEqual([
      "See you Tuesday.",
      "Bring a van.",
    ]);
    expect(JSON.stringify(thread.json)).toContain("a deleted member");
    // The order page has no placeholder address to offer as a contact, and says why.
    const orderPage = await fetch(`${server.url}/app/orders/${orderId}`, { headers: { cookie: `session=${buyer.token}` } });
    const orderHtml = (await orderPage.text()).replaceAll("<!-- -->", "");
    expect(orderHtml).toContain("They deleted their account: there is no way left to reach them.");
    expect(orderHtml).not.toContain("deleted.invalid");
    // Their name is plain text wherever it shows: their page is gone, so no link leads there.
    const pageOf = async (pathname: string) =>
      (await (await fetch(server.url + pathname, { headers: { cookie: `session=${buyer.token}` } })).text()).replaceAll(
        "<!-- -->",
        "",
      );
    for (const html of [orderHtml, await pageOf("/app/orders"), await pageOf(`/app/members/${buyer.id}`)]) {
      expect(html).toContain("a deleted member");
      expect(html).not.toMatch(/<a [^>]*>a deleted member<\/a>/);
      expect(html).not.toContain(`href="/app/members/${member.id}"`);
    }

    withDatabase(server, (db) => {
      expect(db.prepare("SELECT status FROM listings WHERE id = ?").get(listingId)).toEqual({ status: "closed" });
      expect(db.prepare("SELECT id FROM listings WHERE id = ?").get(unordered)).toBeUndefined();
      expect(db.prepare("SELECT count(*) AS n FROM sessions WHERE user_id = ?").get(member.id)).toEqual({ n: 0 });
    });
    expect((await call(buyer, `/api/users/${member.id}/follow`, { method: "POST" })).status).toBe(404);

    const again = await api(server, "/api/auth/register", {
      method: "POST",
      body: { username: "Returning", email: member.email, password: "compost-heap-7" },
      headers: { "x-forwarded-for": newClientAddress() },
    });
    expect(again.status).toBe(201);
  });

  it("withdraws the member's waiting requests and tells the other party", async () => {
    const member = await registerMember(server);
    const seller = await registerMember(server);
    const listingId = addListing(seller.id, "Glass jars");
    const ordered = await call(member, "/api/orders", { method: "POST", body: { listing_id: listingId, quantity: 2 } });
    const orderId = ordered.json.data.order.id as number;
    const deleted = await call(member, "/api/users/me", { method: "DELETE", body: { password: member.password } });
    expect(deleted.status).toBe(200);
    const order = await call(seller, `/api/orders/${orderId}`);
    expect(order.json.data.order).toMatchObject({ state: "cancelled", buyer: { username: "a deleted member" } });
    // The subject is encoded on the wire (quoted-printable words), the body is not.
    const mail = await smtp.waitFor(seller.email, /was_cance|was cancelled/);
    expect(mail.text).toContain("Their reason: The member deleted their account.");
  });
});
