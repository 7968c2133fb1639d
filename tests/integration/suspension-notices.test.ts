import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withDatabase } from "../support/database";
import { registerAdmin } from "../support/moderation";
import { api, newClientAddress, registerMember, startServer, type TestServer } from "../support/server";
import { startSmtpSink } from "../support/smtp-sink";

/**
 * What a suspended member is told: sign-in (the page without JavaScript and the API) says until
 * when and why; lifting the suspension tells them by notification and mail; the notice asks for a
 * reply only when MAIL_REPLY_TO says where replies go, and every mail then carries it as Reply-To.
 */

type Member = Awaited<ReturnType<typeof registerMember>>;

async function withServer(env: Record<string, string>) {
  const smtp = await startSmtpSink();
  const server = await startServer({ SMTP_URL: smtp.url, APP_URL: "http://hub.example.test", ...env });
  const admin = await registerAdmin(server);
  return { smtp, server, admin };
}

type Setup = Awaited<ReturnType<typeof withServer>>;

const patch = ({ server, admin }: Setup, id: number, body: unknown) =>
  api(server, `/api/admin/users/${id}`, { method: "PATCH", body, token: admin.token });

/** The sign-in form as a browser without JavaScript posts it. */
async function signInPage(server: TestServer, member: Member) {
  const response = await fetch(`${server.url}/auth/login`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: server.url, "x-forwarded-for": newClientAddress() },
    body: new URLSearchParams({ email: member.email, password: member.password }),
  });
  return { status: response.status, html: (await response.text()).replaceAll("<!-- -->", "") };
}

const replyToOf = (raw: string) => /^reply-to:\s*(.*)$/im.exec(raw.split(/\r?\n\r?\n/)[0]!)?.[1]?.trim();

describe("without MAIL_REPLY_TO", () => {
  let setup: Setup;
  beforeAll(async () => {
    setup = await withServer({ MAIL_FROM: "hub@example.test" });
  });
  afterAll(async () => {
    await setup?.server.stop();
    await setup?.smtp.close();
  });

  it("tells a suspended member until when and why on the sign-in page and in the API", async () => {
    const { server } = setup;
    const member = await registerMember(server);
    expect(
      (await patch(setup, member.id, { suspended: { until: "2099-12-01", reason: "Spam links in three posts." } })).status,
    ).toBe(200);
    const message = "This account is suspended until 1 December 2099. The reason given: Spam links in three posts.";

    const page = await signInPage(server, member);
    expect(page.status).toBe(403);
    expect(page.html).toContain(message);
    const signIn = await api(server, "/api/auth/login", {
      method: "POST",
      body: { email: member.email, password: member.password },
      headers: { "x-forwarded-for": newClientAddress() },
    });
    expect(signIn.status).toBe(403);
    expect(signIn.json.message).toBe(message);
    // The token from before the suspension is answered the same way.
    const withOldToken = await api(server, "/api/notifications", { token: member.token });
    expect(withOldToken.status).toBe(403);
    expect(withOldToken.json.message).toBe(message);

    const other = await registerMember(server);
    await patch(setup, other.id, { suspended: { until: null, reason: "Abuse of other members" } });
    expect((await signInPage(server, other)).html).toContain(
      "This account is suspended until an admin lifts it. The reason given: Abuse of other members",
    );
  });

  it("mails the suspension without Reply-To and without asking for a reply", async () => {
    const member = await registerMember(setup.server);
    await patch(setup, member.id, { suspended: { until: null, reason: "Spam" } });
    const notice = await setup.smtp.waitFor(member.email, /account is suspended/);
    expect(replyToOf(notice.raw)).toBeUndefined();
    expect(notice.text).toContain("If you think this is a mistake, contact the people who run this site.");
    expect(notice.text).not.toMatch(/reply/i);
  });

  it("tells the member when an admin lifts the suspension, from the API and from the admin page", async () => {
    const { server, smtp, admin } = setup;
    const viaApi = await registerMember(server);
    const viaPage = await registerMember(server);
    for (const member of [viaApi, viaPage]) await patch(setup, member.id, { suspended: { until: null, reason: "Spam" } });

    expect((await patch(setup, viaApi.id, { suspended: false, note: "Appeal accepted" })).status).toBe(200);
    const lifted = await fetch(`${server.url}/app/admin/members/${viaPage.id}`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie: `session=${admin.token}`, origin: server.url, "x-forwarded-for": admin.address },
      body: new URLSearchParams({ intent: "lift" }),
    });
    expect(lifted.status).toBe(302);

    for (const member of [viaApi, viaPage]) {
      const notifications = withDatabase(server, (db) =>
        db.prepare("SELECT type FROM notifications WHERE recipient_id = ? ORDER BY id").all(member.id),
      );
      expect(notifications).toEqual([{ type: "account_suspended" }, { type: "account_restored" }]);
      const mail = await smtp.waitFor(member.email, /lifted the suspension/);
      expect(mail.text).toContain("you can sign in again");
      expect(mail.text).toContain("http://hub.example.test/auth/login");
    }
    expect((await smtp.waitFor(viaApi.email, /lifted the suspension/)).text).toContain("Appeal accepted");
    const bell = await api(server, "/api/notifications", { token: (await signInToken(server, viaApi))! });
    expect(JSON.stringify(bell.json)).toContain("Moderators lifted the suspension of your account");
  });
});

async function signInToken(server: TestServer, member: Member) {
  const signIn = await api(server, "/api/auth/login", {
    method: "POST",
    body: { email: member.email, password: member.password },
    headers: { "x-forwarded-for": newClientAddress() },
  });
  return signIn.json.token as string | undefined;
}

describe("with MAIL_REPLY_TO", () => {
  let setup: Setup;
  beforeAll(async () => {
    setup = await withServer({ MAIL_FROM: "no-reply@example.test", MAIL_REPLY_TO: "admins@example.test" });
  });
  afterAll(async () => {
    await setup?.server.stop();
    await setup?.smtp.close();
  });

  it("sends every mail with Reply-To, and the suspension notice asks for a reply", async () => {
    const member = await registerMember(setup.server);
    await patch(setup, member.id, { suspended: { until: "2099-12-01", reason: "Spam" } });
    const notice = await setup.smtp.waitFor(member.email, /account is suspended/);
    expect(replyToOf(notice.raw)).toBe("admins@example.test");
    expect(notice.text).toContain("If you think this is a mistake, reply to this mail.");
    await patch(setup, member.id, { suspended: false });
    expect(replyToOf((await setup.smtp.waitFor(member.email, /lifted the suspension/)).raw)).toBe("admins@example.test");
  });
});
