import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withDatabase } from "../support/database";
import { registerAdmin } from "../support/moderation";
import { api, newClientAddress, registerMember, startServer, type TestServer } from "../support/server";

/**
 * A device whose session was ended elsewhere (a password change, "end all other sessions", one
 * session ended from another device, a suspension) lands on the sign-in page told why, without
 * JavaScript; the address carries only a fixed reason, and anything else there shows nothing.
 */

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});

afterAll(async () => {
  await server?.stop();
});

type Member = Awaited<ReturnType<typeof registerMember>>;

/** A second session of the member, as from another device. */
async function secondSession(member: Member) {
  const signIn = await api(server, "/api/auth/login", {
    method: "POST",
    body: { email: member.email, password: member.password },
    headers: { "x-forwarded-for": newClientAddress() },
  });
  expect(signIn.status).toBe(200);
  return signIn.json.token as string;
}

const cookieOf = (token: string) => `session=${token}`;

async function postForm(pathname: string, fields: Record<string, string>, token: string) {
  const response = await fetch(server.url + pathname, {
    method: "POST",
    redirect: "manual",
    headers: { cookie: cookieOf(token), origin: server.url, "x-forwarded-for": newClientAddress() },
    body: new URLSearchParams(fields),
  });
  expect(response.status).toBe(302);
}

/** The old device's next page: where it is sent, and the sign-in page it lands on. */
async function nextPageOf(token: string) {
  const page = await fetch(`${server.url}/app/dashboard`, { redirect: "manual", headers: { cookie: cookieOf(token) } });
  expect(page.status).toBe(302);
  const location = page.headers.get("location")!;
  expect(location).toMatch(/^\/auth\/login\?/);
  const signIn = await fetch(server.url + location, { redirect: "manual" });
  expect(signIn.status).toBe(200);
  return { location, html: (await signIn.text()).replaceAll("<!-- -->", "") };
}

const statusOf = (html: string) => /<p role="status"[^>]*>([^<]*)<\/p>/.exec(html)?.[1];

describe("a device signed out from elsewhere", () => {
  it("is told its password was changed", async () => {
    const member = await registerMember(server);
    const other = await secondSession(member);
    await postForm(
      "/app/settings/password",
      { current_password: member.password, new_password: "Fresh-compost-88", confirm_password: "Fresh-compost-88" },
      other,
    );
    const landed = await nextPageOf(member.token);
    expect(new URLSearchParams(landed.location.split("?")[1]).get("redirectTo")).toBe("/app/dashboard");
    expect(statusOf(landed.html)).toBe("You were signed out because your password was changed.");
    // The session that changed it goes on.
    const stillIn = await fetch(`${server.url}/app/dashboard`, { redirect: "manual", headers: { cookie: cookieOf(other) } });
    expect(stillIn.status).toBe(200);
  });

  it("is told every device was signed out, or that another device ended this one", async () => {
    const member = await registerMember(server);
    const other = await secondSession(member);
    await postForm("/app/settings/sessions", { intent: "end-others" }, other);
    expect(statusOf((await nextPageOf(member.token)).html)).toBe("You were signed out of every device.");

    const third = await secondSession(member);
    const thirdId = JSON.parse(Buffer.from(third.split(".")[1]!, "base64url").toString()).jti as string;
    await postForm("/app/settings/sessions", { id: thirdId }, other);
    expect(statusOf((await nextPageOf(third)).html)).toBe("You were signed out from another device.");
  });

  it("is told the account was suspended", async () => {
    const admin = await registerAdmin(server);
    const member = await registerMember(server);
    const suspended = await api(server, `/api/admin/users/${member.id}`, {
      method: "PATCH",
      body: { suspended: { until: null, reason: "Spam" } },
      token: admin.token,
    });
    expect(suspended.status).toBe(200);
    expect(statusOf((await nextPageOf(member.token)).html)).toBe(
      "You were signed out because your account was suspended. Sign in to see until when and why.",
    );
  });

  it("says nothing for a session that simply expired, or for a reason forged in the address", async () => {
    const member = await registerMember(server);
    withDatabase(server, (db) =>
      db.prepare("UPDATE sessions SET expires_at = ? WHERE user_id = ?").run(Date.now() - 1000, member.id),
    );
    const expired = await nextPageOf(member.token);
    expect(expired.location).not.toContain("signedOut");
    expect(statusOf(expired.html)).toBeUndefined();

    for (const forged of ["You were hacked, call 555-0100", "__proto__", "toString", "<b>x</b>"]) {
      const page = await fetch(`${server.url}/auth/login?${new URLSearchParams({ signedOut: forged })}`);
      const html = await page.text();
      expect(statusOf(html)).toBeUndefined();
      // The address is repeated in the form's action and the router's scripts; the page's text never shows it.
      const text = html.replace(/<script[\s\S]*?<\/script>/g, "").replace(/<[^>]*>/g, "");
      expect(text).not.toContain("You were hacked");
    }
  });

  it("has its note deleted with the account", async () => {
    const member = await registerMember(server);
    const other = await secondSession(member);
    await postForm("/app/settings/sessions", { intent: "end-others" }, other);
    const notes = () =>
      withDatabase(server, (db) => db.prepare("SELECT count(*) AS n FROM ended_sessions WHERE user_id = ?").get(member.id));
    expect(notes()).toEqual({ n: 1 });
    await postForm("/app/settings/delete-account", { password: member.password }, other);
    expect(notes()).toEqual({ n: 0 });
  });
});
