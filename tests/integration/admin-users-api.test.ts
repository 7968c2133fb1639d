import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withDatabase } from "../support/database";
import { registerAdmin } from "../support/moderation";
import { multipart } from "../support/multipart";
import { api, newClientAddress, registerMember, startServer, type TestServer } from "../support/server";
import { resetLinkFrom, startSmtpSink } from "../support/smtp-sink";

/**
 * The admin's members and audit log through the API and the pages without JavaScript: every
 * change and refusal, a suspension's effects on the member's token, sign-in and password reset,
 * and an audit log nothing can change.
 */

let server: TestServer;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
type Member = Awaited<ReturnType<typeof registerMember>>;
let admin: Member;

beforeAll(async () => {
  smtp = await startSmtpSink();
  server = await startServer({ SMTP_URL: smtp.url, APP_URL: "http://hub.example.test", MAIL_FROM: "hub@example.test" });
  admin = await registerAdmin(server);
});

afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

const patch = (id: number, body: unknown, who: Member = admin) =>
  api(server, `/api/admin/users/${id}`, { method: "PATCH", body, token: who.token });

const auditRows = () =>
  withDatabase(server, (db) => db.prepare("SELECT * FROM audit_log ORDER BY id").all() as Record<string, any>[]);

const login = (member: Member, password = member.password) =>
  api(server, "/api/auth/login", {
    method: "POST",
    body: { email: member.email, password },
    headers: { "x-forwarded-for": newClientAddress() },
  });

/** Expects a refusal that wrote nothing: the same audit log and member row as before. */
async function refusedWithoutWriting(member: Member, call: () => Promise<{ status: number; json: any }>, status: number) {
  const before = {
    audit: auditRows().length,
    row: withDatabase(server, (db) => db.prepare("SELECT * FROM users WHERE id = ?").get(member.id)),
  };
  const response = await call();
  expect(response.status).toBe(status);
  expect(response.json.success).toBe(false);
  expect(auditRows().length).toBe(before.audit);
  expect(withDatabase(server, (db) => db.prepare("SELECT * FROM users WHERE id = ?").get(member.id))).toEqual(before.row);
  return response.json.message as string;
}

describe("who may call the admin API", () => {
  it("answers members 403 and visitors 401, and writes nothing", async () => {
    const member = await registerMember(server);
    for (const path of ["/api/admin/users", `/api/admin/users/${member.id}`, "/api/admin/audit"]) {
      const asMember = await api(server, path, { token: member.token });
      expect(asMember.status).toBe(403);
      expect(asMember.json.message).toBe("Only admins can do this.");
      expect((await api(server, path)).status).toBe(401);
    }
    await refusedWithoutWriting(member, () => patch(member.id, { is_verified: true }, member), 403);
  });
});

describe("searching members", () => {
  it("finds by name or e-mail in any case, escapes wildcards, pages with a total and leaves deleted accounts out", async () => {
    const member = await registerMember(server);
    const byEmail = await api(server, `/api/admin/users?search=${encodeURIComponent(member.email.toUpperCase())}`, {
      token: admin.token,
    });
    expect(byEmail.status).toBe(200);
    expect(byEmail.json.data.users).toEqual([
      {
        id: member.id,
        username: expect.any(String),
        email: member.email,
        role: "user",
        author_type: "other",
        is_verified: false,
        suspended: null,
        created_at: expect.any(String),
        posts_count: 0,
        open_reports_count: 0,
      },
    ]);
    expect(byEmail.json.data.pagination).toEqual({ page: 1, limit: 20, total: 1, hasMore: false });

    const wildcard = await api(server, "/api/admin/users?search=%25", { token: admin.token });
    expect(wildcard.json.data.users).toEqual([]);
    const everyone = await api(server, "/api/admin/users", { token: admin.token });
    expect(everyone.json.data.pagination.total).toBeGreaterThan(2);

    const gone = await registerMember(server);
    const deleted = await api(server, "/api/users/me", {
      method: "DELETE",
      body: { password: gone.password },
      token: gone.token,
    });
    expect(deleted.status).toBe(200);
    const ids = [] as number[];
    for (let page = 1; ; page++) {
      const answer = await api(server, `/api/admin/users?page=${page}`, { token: admin.token });
      ids.push(...answer.json.data.users.map((user: any) => user.id));
      if (!answer.json.data.pagination.hasMore) break;
    }
    expect(ids).toContain(member.id);
    expect(ids).not.toContain(gone.id);
    expect((await api(server, `/api/admin/users/${gone.id}`, { token: admin.token })).status).toBe(404);
    expect((await api(server, "/api/admin/users?page=0", { token: admin.token })).status).toBe(400);
  });
});

describe("changing a member", () => {
  it("verifies and sets the author type with one audit row per changed field, and the feed shows the marks", async () => {
    const member = await registerMember(server);
    const post = await fetch(`${server.url}/api/posts`, {
      method: "POST",
      headers: { authorization: `Bearer ${member.token}` },
      body: multipart([
        ["title", "Compost corner"],
        ["content", "Bring your peels on Fridays."],
        ["category", "food_waste"],
      ]),
    }).then((response) => response.json());
    const postId = post.data.post.id as number;
    const before = auditRows().length;

    const changed = await patch(member.id, { is_verified: true, author_type: "expert", note: "Known composter" });
    expect(changed.status).toBe(200);
    expect(changed.json.data.user).toMatchObject({ id: member.id, is_verified: true, author_type: "expert", posts_count: 1 });
    const rows = auditRows().slice(before);
    expect(rows.map((row) => [row.admin_id, row.action, row.target_type, row.target_id, row.note])).toEqual([
      [admin.id, "verify", "user", member.id, "Known composter"],
      [admin.id, "set_author_type", "user", member.id, "Known composter"],
    ]);
    expect(JSON.parse(rows[1]!.details)).toEqual({ from: "other", to: "expert" });

    const shown = await api(server, `/api/posts/${postId}`, { token: admin.token });
    expect(shown.json.data.post).toMatchObject({ is_verified: true, author_type: "expert" });

    // The same values again change nothing, so nothing is written.
    expect((await patch(member.id, { is_verified: true, author_type: "expert" })).status).toBe(200);
    expect(auditRows().length).toBe(before + 2);

    expect((await patch(member.id, { is_verified: false })).json.data.user.is_verified).toBe(false);
    expect(auditRows().at(-1)).toMatchObject({ action: "unverify", note: "" });

    const detail = await api(server, `/api/admin/users/${member.id}`, { token: admin.token });
    expect(detail.status).toBe(200);
    expect(detail.json.data.recent_content.posts).toEqual([
      { id: postId, title: "Compost corner", created_at: expect.any(String), hidden: false },
    ]);
    expect(detail.json.data.audit.map((entry: any) => entry.action)).toEqual(["unverify", "set_author_type", "verify"]);
    expect(detail.json.data.audit[2]).toMatchObject({
      admin: { id: admin.id },
      target: { type: "user", id: member.id, label: expect.any(String) },
      note: "Known composter",
    });
  });

  it("refuses bad input and forbidden moves with a 4xx, writing nothing", async () => {
    const member = await registerMember(server);
    const otherAdmin = await registerAdmin(server);
    const future = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const suspend = { suspended: { until: future, reason: "Spam" } };

    expect(await refusedWithoutWriting(member, () => patch(999_999, { is_verified: true }), 404)).toBe(
      "This member does not exist.",
    );
    expect(await refusedWithoutWriting(admin, () => patch(admin.id, suspend), 409)).toBe("You cannot suspend yourself.");
    expect(await refusedWithoutWriting(otherAdmin, () => patch(otherAdmin.id, suspend), 409)).toBe(
      "Revoke their admin role first.",
    );
    const past = { suspended: { until: "2020-01-01", reason: "Spam" } };
    expect(await refusedWithoutWriting(member, () => patch(member.id, past), 400)).toBe(
      "The end of a suspension must be in the future.",
    );
    await refusedWithoutWriting(member, () => patch(member.id, { is_verified: true, email: "x@example.org" }), 400);
    await refusedWithoutWriting(member, () => patch(member.id, { author_type: "wizard" }), 400);
    await refusedWithoutWriting(member, () => patch(member.id, { role: "owner" }), 400);
    await refusedWithoutWriting(member, () => patch(member.id, { suspended: { until: null } }), 400);
    // A wrong end is told as such, not as the shape of the field.
    for (const until of ["2026-02-30", "tomorrow", 0, "99999-01-01"]) {
      expect(await refusedWithoutWriting(member, () => patch(member.id, { suspended: { until, reason: "r" } }), 400)).toBe(
        "Give the end as a date (YYYY-MM-DD) or a date and time.",
      );
    }
    // Lifting a suspension that is not there.
    expect(await refusedWithoutWriting(member, () => patch(member.id, { suspended: false }), 409)).toBe(
      "This member is not suspended.",
    );
    await refusedWithoutWriting(member, () => patch(member.id, { is_verified: true, note: "x".repeat(1001) }), 400);
    await refusedWithoutWriting(member, () => patch(member.id, {}), 400);
    await refusedWithoutWriting(member, () => patch(member.id, "[1]"), 400);

    // The last admin who can act cannot give the role up nor delete their account: the others stepped
    // down, and the seeded team account (an admin in databases seeded before it was made a plain
    // member; it can never sign in) does not count.
    withDatabase(server, (db) => {
      db.prepare("UPDATE users SET user_type = 'user' WHERE id <> ? AND user_type = 'admin' AND password_hash <> '!'").run(
        admin.id,
      );
      db.prepare("UPDATE users SET user_type = 'admin' WHERE email = 'team@circularhub.example'").run();
    });
    expect(await refusedWithoutWriting(admin, () => patch(admin.id, { role: "user" }), 409)).toMatch(/at least one admin/);
    const deleting = await api(server, "/api/users/me", {
      method: "DELETE",
      body: { password: admin.password },
      token: admin.token,
      headers: { "x-forwarded-for": newClientAddress() },
    });
    expect(deleting.status).toBe(409);
    expect(deleting.json.message).toBe("You are the only admin: make another member admin before deleting your account.");
    expect((await api(server, "/api/admin/users", { token: admin.token })).status).toBe(200);
    // With another admin it can, and the role is read afresh: their token answers 403 at once.
    expect((await patch(otherAdmin.id, { role: "admin" })).status).toBe(200);
    expect(auditRows().at(-1)).toMatchObject({ action: "grant_admin", target_id: otherAdmin.id });
    expect((await patch(otherAdmin.id, { role: "user" }, otherAdmin)).status).toBe(200);
    expect(auditRows().at(-1)).toMatchObject({ admin_id: otherAdmin.id, action: "revoke_admin", target_id: otherAdmin.id });
    expect((await api(server, "/api/admin/users", { token: otherAdmin.token })).status).toBe(403);
  });
});

describe("a suspension", () => {
  it("ends the member's sessions and refuses sign-in, the API and password reset until it is lifted", async () => {
    const member = await registerMember(server);
    const reporter = await registerMember(server);
    withDatabase(server, (db) =>
      db
        .prepare(
          "INSERT INTO reports (reporter_id, target_type, target_id, target_user_id, reason) VALUES (?, 'user', ?, ?, 'spam')",
        )
        .run(reporter.id, member.id, member.id),
    );
    // A reset link asked for before the suspension.
    await api(server, "/api/auth/forgot-password", {
      method: "POST",
      body: { email: member.email },
      headers: { "x-forwarded-for": newClientAddress() },
    });
    const token = new URL(resetLinkFrom(await smtp.waitFor(member.email, /Reset your/))).searchParams.get("token")!;

    const until = "2099-12-01";
    const message = "This account is suspended until 1 December 2099. The reason given: Selling counterfeit parts";
    const suspended = await patch(member.id, { suspended: { until, reason: "Selling counterfeit parts" } });
    expect(suspended.status).toBe(200);
    expect(suspended.json.data.user.suspended).toEqual({
      at: expect.any(String),
      until: "2099-12-01T00:00:00.000Z",
      reason: "Selling counterfeit parts",
    });
    expect(auditRows().at(-1)).toMatchObject({ action: "suspend", target_id: member.id, note: "Selling counterfeit parts" });
    expect(
      withDatabase(server, (db) => db.prepare("SELECT count(*) AS n FROM sessions WHERE user_id = ?").get(member.id)),
    ).toEqual({ n: 0 });

    // The old token: told why, not asked to sign in.
    const withOldToken = await api(server, "/api/notifications", { token: member.token });
    expect(withOldToken.status).toBe(403);
    expect(withOldToken.json.message).toBe(message);
    // Signing out still works: the token is answered as any dead one, and the cookie is cleared.
    const logout = await api(server, "/api/auth/logout", { method: "POST", token: member.token });
    expect(logout.status).toBe(401);
    expect(logout.json.message).toBe("Authentication required. Please sign in.");
    expect(logout.headers.get("set-cookie")).toMatch(/^session=;/);
    const signIn = await login(member);
    expect(signIn.status).toBe(403);
    expect(signIn.json.message).toBe(message);
    // A wrong password is just wrong: the suspension is told only to whoever knows the password.
    expect((await login(member, "not-the-password-1")).status).toBe(401);

    // The reset request answers as for any address; no link goes out, the member is told instead.
    const askedAgain = await api(server, "/api/auth/forgot-password", {
      method: "POST",
      body: { email: member.email },
      headers: { "x-forwarded-for": newClientAddress() },
    });
    const unknown = await api(server, "/api/auth/forgot-password", {
      method: "POST",
      body: { email: "nobody-here@example.org" },
      headers: { "x-forwarded-for": newClientAddress() },
    });
    expect(askedAgain.status).toBe(unknown.status);
    expect(askedAgain.json.message.replace(member.email, "X")).toBe(unknown.json.message.replace("nobody-here@example.org", "X"));
    const notice = await smtp.waitFor(member.email, /account is suspended/);
    expect(notice.text).toContain("Selling counterfeit parts");
    expect(notice.text).toContain("until 1 December 2099");
    expect(notice.raw).not.toMatch(/List-Unsubscribe/i);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const resetMails = smtp.mails.filter((mail) => mail.to.includes(member.email) && /Reset your/.test(mail.subject));
    expect(resetMails).toHaveLength(1);
    const resetText = smtp.mails.filter((mail) => mail.to.includes(member.email) && /suspended/.test(mail.subject));
    expect(resetText.some((mail) => /No reset link was sent/.test(mail.text))).toBe(true);

    // The link from before changes nothing while the suspension lasts.
    const reset = await api(server, "/api/auth/reset-password", {
      method: "POST",
      body: { token, password: "Brand-new-Secret-9" },
      headers: { "x-forwarded-for": newClientAddress() },
    });
    expect(reset.status).toBe(403);
    expect(reset.json.message).toBe(message);

    // The member was told, and so was the reporter, whose report is resolved.
    const notifications = withDatabase(server, (db) =>
      db
        .prepare(
          "SELECT recipient_id, type, excerpt, detail FROM notifications WHERE recipient_id IN (?, ?) ORDER BY recipient_id",
        )
        .all(member.id, reporter.id),
    );
    expect(notifications).toEqual([
      {
        recipient_id: member.id,
        type: "account_suspended",
        excerpt: "until 1 December 2099",
        detail: "Selling counterfeit parts",
      },
      { recipient_id: reporter.id, type: "report_resolved", excerpt: expect.any(String), detail: "suspended" },
    ]);
    expect(
      withDatabase(server, (db) => db.prepare("SELECT state, resolved_by FROM reports WHERE target_user_id = ?").get(member.id)),
    ).toEqual({
      state: "suspended",
      resolved_by: admin.id,
    });

    // Lifted: sign-in works again with the old password (the reset changed nothing).
    expect((await patch(member.id, { suspended: false, note: "Appeal accepted" })).json.data.user.suspended).toBeNull();
    expect(auditRows().at(-1)).toMatchObject({ action: "unsuspend", note: "Appeal accepted" });
    expect((await login(member)).status).toBe(200);
    // Lifting again is refused and writes nothing.
    expect(await refusedWithoutWriting(member, () => patch(member.id, { suspended: false }), 409)).toBe(
      "This member is not suspended.",
    );
  });

  it("without an end lasts until lifted, and one whose end has passed ends by itself", async () => {
    const member = await registerMember(server);
    expect((await patch(member.id, { suspended: { until: null, reason: "Abuse" } })).status).toBe(200);
    const signIn = await login(member);
    expect(signIn.status).toBe(403);
    expect(signIn.json.message).toBe("This account is suspended until an admin lifts it. The reason given: Abuse");

    const now = Date.now();
    withDatabase(server, (db) =>
      db
        .prepare("UPDATE users SET suspended_at = ?, suspended_until = ? WHERE id = ?")
        .run(now - 7_200_000, now - 3_600_000, member.id),
    );
    const again = await login(member);
    expect(again.status).toBe(200);
    expect((await api(server, "/api/notifications", { token: again.json.token })).status).toBe(200);
    const view = await api(server, `/api/admin/users/${member.id}`, { token: admin.token });
    expect(view.json.data.user.suspended).toBeNull();
  });
});

describe("the audit log", () => {
  it("lists newest first, filters by admin and action, and cannot be changed", async () => {
    const member = await registerMember(server);
    await patch(member.id, { is_verified: true });
    await patch(member.id, { author_type: "admin" });
    // A row of the operator's command line.
    withDatabase(server, (db) =>
      db
        .prepare(
          "INSERT INTO audit_log (admin_id, action, target_type, target_id, note) VALUES (NULL, 'grant_admin', 'user', ?, 'cli')",
        )
        .run(member.id),
    );

    const all = await api(server, "/api/admin/audit", { token: admin.token });
    expect(all.status).toBe(200);
    const [newest, second] = all.json.data.entries;
    expect(newest).toMatchObject({ admin: null, action: "grant_admin", target: { type: "user", id: member.id }, note: "cli" });
    expect(second).toMatchObject({
      admin: { id: admin.id, username: expect.any(String) },
      action: "set_author_type",
      details: { from: "other", to: "admin" },
      created_at: expect.any(String),
    });
    expect(all.json.data.pagination).toMatchObject({ page: 1, limit: 20, total: auditRows().length });

    const verifies = await api(server, `/api/admin/audit?action=verify&admin=${admin.id}`, { token: admin.token });
    expect(verifies.json.data.entries.length).toBeGreaterThan(0);
    expect(verifies.json.data.entries.every((e: any) => e.action === "verify" && e.admin.id === admin.id)).toBe(true);
    const cli = await api(server, "/api/admin/audit?admin=cli", { token: admin.token });
    expect(cli.json.data.entries.map((e: any) => e.admin)).toEqual([null]);
    expect((await api(server, "/api/admin/audit?action=delete", { token: admin.token })).status).toBe(400);
    expect((await api(server, "/api/admin/audit?admin=me", { token: admin.token })).status).toBe(400);
    const zero = await api(server, "/api/admin/audit?admin=0", { token: admin.token });
    expect(zero.status).toBe(400);
    expect(zero.json.message).toBe("admin must be a member's id or cli");

    for (const method of ["PATCH", "DELETE", "POST"]) {
      expect((await api(server, "/api/admin/audit", { method, body: {}, token: admin.token })).status).toBe(405);
    }
    expect(() => withDatabase(server, (db) => db.prepare("UPDATE audit_log SET note = 'changed'").run())).toThrow(/append-only/);
    expect(() => withDatabase(server, (db) => db.prepare("DELETE FROM audit_log").run())).toThrow(/append-only/);
  });
});

describe("the admin pages without JavaScript", () => {
  async function page(pathname: string, who: Member) {
    const response = await fetch(server.url + pathname, {
      redirect: "manual",
      headers: { cookie: `session=${who.token}`, "x-forwarded-for": who.address },
    });
    return { status: response.status, html: (await response.text()).replaceAll("<!-- -->", "") };
  }

  async function post(pathname: string, fields: Record<string, string>, who: Member) {
    const response = await fetch(server.url + pathname, {
      method: "POST",
      redirect: "manual",
      headers: { cookie: `session=${who.token}`, origin: server.url, "x-forwarded-for": who.address },
      body: new URLSearchParams(fields),
    });
    const cookie = /(?:^|,\s*)toast=([^;]+)/.exec(response.headers.get("set-cookie") ?? "")?.[1];
    const toast = cookie ? Buffer.from(decodeURIComponent(cookie).split(".")[0]!, "base64").toString("utf8") : undefined;
    return {
      status: response.status,
      location: response.headers.get("location"),
      toast,
      html: (await response.text()).replaceAll("<!-- -->", ""),
    };
  }

  it("lists, searches and changes members, shows refusals in place, and shows the log", async () => {
    const member = await registerMember(server);
    expect((await page("/app/admin/members", member)).status).toBe(404);
    expect((await page(`/app/admin/members/${member.id}`, member)).status).toBe(404);
    expect((await post(`/app/admin/members/${member.id}`, { intent: "verify" }, member)).status).toBe(404);
    expect((await page("/app/admin/audit", member)).status).toBe(404);

    const list = await page(`/app/admin/members?search=${encodeURIComponent(member.email)}`, admin);
    expect(list.status).toBe(200);
    expect(list.html).toContain("Showing 1–1 of 1 member");
    expect(list.html).toContain(member.email);

    const verified = await post(`/app/admin/members/${member.id}`, { intent: "verify", note: "Met in person" }, admin);
    expect(verified.status).toBe(302);
    expect(verified.location).toBe(`/app/admin/members/${member.id}`);
    expect(verified.toast).toContain("Verified mark given.");
    expect(auditRows().at(-1)).toMatchObject({ action: "verify", target_id: member.id, note: "Met in person" });

    const noEnd = await post(`/app/admin/members/${member.id}`, { intent: "suspend", reason: "Spam", until: "" }, admin);
    expect(noEnd.status).toBe(400);
    expect(noEnd.html).toContain("Choose the day the suspension ends, or Indefinitely.");
    const self = await post(
      `/app/admin/members/${admin.id}`,
      { intent: "suspend", reason: "Testing", indefinitely: "on" },
      admin,
    );
    expect(self.status).toBe(409);
    expect(self.html).toContain("You cannot suspend yourself.");
    const garbage = await post(`/app/admin/members/${member.id}`, { intent: "suspend", reason: "Spam", until: "garbage" }, admin);
    expect(garbage.status).toBe(400);
    expect(garbage.html).toContain("Give the end as a date (YYYY-MM-DD) or a date and time.");
    expect(garbage.html).not.toContain("suspended must be");
    const noType = await post(`/app/admin/members/${member.id}`, { intent: "author-type" }, admin);
    expect(noType.status).toBe(400);
    expect(noType.html).toContain("Choose an author type: Expert, Admin or Member.");
    const notSuspended = await post(`/app/admin/members/${member.id}`, { intent: "lift" }, admin);
    expect(notSuspended.status).toBe(409);
    expect(notSuspended.html).toContain("This member is not suspended.");

    const suspended = await post(
      `/app/admin/members/${member.id}`,
      { intent: "suspend", reason: "Spam links", until: "2099-12-01" },
      admin,
    );
    expect(suspended.status).toBe(302);
    expect(suspended.toast).toContain("Member suspended.");
    const detail = await page(`/app/admin/members/${member.id}`, admin);
    expect(detail.html).toContain("Suspended until 1 December 2099: Spam links");
    expect(detail.html).toContain("Lift suspension");
    // The suspended member's browser is sent to sign in.
    expect((await page("/app/dashboard", member)).status).toBe(302);

    const audit = await page(`/app/admin/audit?action=suspend&admin=${admin.id}`, admin);
    expect(audit.status).toBe(200);
    expect(audit.html).toContain("Suspended member");
    expect(audit.html).toContain("until 1 December 2099");
    expect(audit.html).not.toContain("Verified member");

    // The only admin who can act is told on the settings page, and the form refuses, without JavaScript.
    const lastAdmin = "You are the only admin: make another member admin before deleting your account.";
    expect((await page("/app/settings/delete-account", admin)).html).toContain(lastAdmin);
    const deleting = await post("/app/settings/delete-account", { password: admin.password }, admin);
    expect(deleting.status).toBe(409);
    expect(deleting.html).toContain(lastAdmin);
    expect((await page("/app/admin/audit", admin)).status).toBe(200);
  });
});
