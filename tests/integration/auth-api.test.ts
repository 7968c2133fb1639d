import { createHmac } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { api, newClientAddress, registerMember, startServer, type TestServer } from "../support/server";
import { openDatabase } from "../support/database";
import { resetLinkFrom, startSmtpSink, type CapturedMail } from "../support/smtp-sink";

let server: TestServer;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;

beforeAll(async () => {
  smtp = await startSmtpSink();
  server = await startServer({ SMTP_URL: smtp.url, APP_URL: "http://hub.example.test", MAIL_FROM: "hub@example.test" });
});

afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

const newMember = (password?: string) => registerMember(server, password);

const post = (pathname: string, body: unknown, address = newClientAddress(), extra: Record<string, string> = {}) =>
  api(server, pathname, { method: "POST", body, headers: { "x-forwarded-for": address, ...extra } });

const openDb = () => openDatabase(server);

describe("POST /api/auth/register", () => {
  it("creates an ordinary user whatever user_type says, and answers a working token", async () => {
    const response = await post("/api/auth/register", {
      username: "Ada Green",
      email: "Ada@Example.org",
      password: "compost-heap-7",
      user_type: "admin",
    });
    expect(response.status).toBe(201);
    expect(response.json).toMatchObject({
      success: true,
      user: { username: "Ada Green", email: "ada@example.org", user_type: "user" },
    });
    expect(Object.keys(response.json.user).sort()).toEqual(["email", "id", "user_type", "username"]);
    const profile = await api(server, "/api/users/profile", { token: response.json.token });
    expect(profile.json).toMatchObject({ success: true, user: { email: "ada@example.org", user_type: "user" } });
  });

  it("answers 409 for an e-mail already taken", async () => {
    const { email } = await newMember();
    const response = await post("/api/auth/register", {
      username: "Copy",
      email: email.toUpperCase(),
      password: "compost-heap-7",
    });
    expect(response.status).toBe(409);
    expect(response.json).toEqual({
      success: false,
      message: "An account with this email already exists",
      errors: { email: "An account with this email already exists" },
    });
  });

  it("answers 400 with each field's message", async () => {
    const response = await post("/api/auth/register", { username: "", email: "bad", password: "123" });
    expect(response.status).toBe(400);
    expect(response.json.errors).toEqual({
      username: "Name is required",
      email: "Email is invalid",
      password: "Password must be at least 6 characters",
    });
    expect(response.json.message).toBe("Name is required");
  });

  it("keeps the name of deleted accounts for them, so nobody reads as one", async () => {
    const response = await post("/api/auth/register", {
      username: "  A Deleted Member ",
      email: "pose@example.org",
      password: "compost-heap-7",
    });
    expect(response.status).toBe(400);
    expect(response.json.errors).toEqual({
      username: "Name reads as “a deleted member”, which is kept for deleted accounts. Please choose another.",
    });
  });

  it("refuses a password over 72 bytes instead of truncating it", async () => {
    const response = await post("/api/auth/register", { username: "Long", email: "long@example.org", password: "a".repeat(73) });
    expect(response.status).toBe(400);
    expect(response.json.errors.password).toBe("Password must be at most 72 bytes long");
  });

  it.each([
    ["malformed JSON", "{not json", "application/json", 400, "The request body is not valid JSON."],
    ["wrong types", JSON.stringify({ username: 5, email: ["a"], password: null }), "application/json", 400, "Name is required"],
    ["a JSON array", "[]", "application/json", 400, "The request body must be a JSON object."],
    [
      "a form body",
      "username=a",
      "application/x-www-form-urlencoded",
      415,
      "Send the request body as JSON (Content-Type: application/json).",
    ],
    [
      "an oversized body",
      JSON.stringify({ username: "x".repeat(20_000) }),
      "application/json",
      413,
      "The request body is too large.",
    ],
  ])("answers %s with a 4xx and a message, changing nothing", async (_label, body, type, status, message) => {
    const db = openDb();
    const before = (db.prepare("select count(*) as n from users").get() as { n: number }).n;
    const response = await api(server, "/api/auth/register", {
      method: "POST",
      body,
      headers: { "content-type": type, "x-forwarded-for": newClientAddress() },
    });
    expect(response.status).toBe(status);
    expect(response.json).toMatchObject({ success: false, message });
    expect((db.prepare("select count(*) as n from users").get() as { n: number }).n).toBe(before);
    db.close();
  });

  it("answers 405 JSON for GET", async () => {
    const response = await api(server, "/api/auth/register");
    expect(response.status).toBe(405);
    expect(response.json.success).toBe(false);
  });
});

describe("POST /api/auth/login and the token", () => {
  it("signs in with a 12-hour token, or 30 days with remember", async () => {
    const member = await newMember();
    const short = await post("/api/auth/login", { email: member.email, password: member.password }, member.address);
    expect(short.status).toBe(200);
    expect(short.json.user).toEqual({ id: member.id, username: expect.any(String), email: member.email, user_type: "user" });
    const claims = (token: string) => JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString());
    const shortClaims = claims(short.json.token);
    expect(shortClaims.exp - shortClaims.iat).toBe(43_200);
    const long = await post(
      "/api/auth/login",
      { email: member.email, password: member.password, remember: true },
      member.address,
    );
    const longClaims = claims(long.json.token);
    expect(longClaims.exp - longClaims.iat).toBe(2_592_000);
  });

  it("answers 401 with one message for a wrong password or an unknown e-mail", async () => {
    const member = await newMember();
    const wrong = await post("/api/auth/login", { email: member.email, password: "wrong-password" }, member.address);
    const unknown = await post("/api/auth/login", { email: "nobody@example.org", password: "wrong-password" }, member.address);
    for (const response of [wrong, unknown]) {
      expect(response.status).toBe(401);
      expect(response.json).toEqual({ success: false, message: "Invalid email or password" });
    }
  });

  it("refuses tampered, unsigned, expired and revoked tokens with 401", async () => {
    const member = await newMember();
    const [header, payload, signature] = member.token.split(".") as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString());
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
    const sign = (h: string, p: string, key: string) => createHmac("sha256", key).update(`${h}.${p}`).digest("base64url");
    const candidates = {
      "wrong signature": `${header}.${payload}.${sign(header, payload, "a-different-secret-of-32-bytes!!")}`,
      "alg none": `${encode({ alg: "none", typ: "JWT" })}.${payload}.`,
      "changed payload": `${header}.${encode({ ...claims, sub: "1" })}.${signature}`,
      "expired exp": `${header}.${encode({ ...claims, exp: Math.floor(Date.now() / 1000) - 60 })}.${signature}`,
      garbage: "garbage",
    };
    for (const [label, token] of Object.entries(candidates)) {
      const response = await api(server, "/api/users/profile", { token });
      expect(response.status, label).toBe(401);
      expect(response.json, label).toEqual({ success: false, message: "Authentication required. Please sign in." });
    }
    const missing = await api(server, "/api/users/profile");
    expect(missing.status).toBe(401);
    // Revoked: logout deletes the session row, and the still-unexpired token dies with it.
    const logout = await api(server, "/api/auth/logout", { method: "POST", token: member.token });
    expect(logout.json).toEqual({ success: true, message: "Logged out successfully" });
    expect((await api(server, "/api/users/profile", { token: member.token })).status).toBe(401);
  });

  it("limits failed attempts per account from one address, without locking the owner out elsewhere", async () => {
    const member = await newMember();
    const stranger = newClientAddress();
    for (let i = 0; i < 10; i++) {
      expect((await post("/api/auth/login", { email: member.email, password: "wrong-password" }, stranger)).status).toBe(401);
    }
    // The owner, from their own address, signs in.
    const owner = await post("/api/auth/login", { email: member.email, password: member.password }, member.address);
    expect(owner.status).toBe(200);
    // The stranger's address waits until the window passes.
    for (const password of ["wrong-password", "another-wrong-one"]) {
      const refused = await post("/api/auth/login", { email: member.email, password }, stranger);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(refused.json.message).toMatch(/^Too many attempts\. Please try again in \d+ (minutes?|seconds)\.$/);
    }

    const address = newClientAddress();
    let byAddress;
    for (let i = 0; i < 31; i++)
      byAddress = await post("/api/auth/login", { email: `spray${i}@example.org`, password: "x" }, address);
    expect(byAddress!.status).toBe(429);
  });

  it("does not count successful sign-ins", async () => {
    const member = await newMember();
    for (let i = 0; i < 12; i++) {
      const response = await post("/api/auth/login", { email: member.email, password: member.password }, member.address);
      expect(response.status, `sign-in ${i + 1}`).toBe(200);
    }
  });
});

describe("password reset over the API", () => {
  it("answers the same for known and unknown addresses, mailing only the known one", async () => {
    const member = await newMember();
    const known = await post("/api/auth/forgot-password", { email: member.email });
    const unknown = await post("/api/auth/forgot-password", { email: "nobody@example.org" });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.json.message.replace(member.email, "X")).toBe(unknown.json.message.replace("nobody@example.org", "X"));
    const mail = await smtp.waitFor(member.email, /Reset your Circular Hub password/);
    // The sender is named after the instance (its admins can rename it).
    expect(mail.raw).toMatch(/^From: "?Circular Hub"? <hub@example.test>/m);
    expect(mail.text).toContain("expires in 15 minutes");
    expect(mail.raw).toMatch(/Content-Type: text\/html/);
    expect(smtp.mails.some((m) => m.to.includes("nobody@example.org"))).toBe(false);
  });

  it("limits reset requests per account from one address, and still mails the owner asking from elsewhere", async () => {
    const member = await newMember();
    const resetMails = () => smtp.mails.filter((mail) => mail.to.includes(member.email) && /Reset your/.test(mail.subject));
    const stranger = newClientAddress();
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await post("/api/auth/forgot-password", { email: member.email }, stranger));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 429]);
    expect(answers[3]!.headers.get("retry-after")).toMatch(/^\d+$/);
    // Each request replaces the link of the one before; a mail whose link was replaced before it
    // could be sent is not sent, so the three give one to three mails.
    await smtp.waitForMails((mail) => mail.to.includes(member.email) && /Reset your/.test(mail.subject));
    const tokenOf = (mail: CapturedMail) => new URL(resetLinkFrom(mail)).searchParams.get("token")!;
    const valid = async (token: string) => (await post("/api/auth/validate-reset-token", { token })).json.valid === true;
    const strangers = resetMails();

    const own = await post("/api/auth/forgot-password", { email: member.email }, member.address);
    expect(own.status).toBe(200);
    await vi.waitFor(async () => expect(await valid(tokenOf(resetMails().at(-1)!))).toBe(true), {
      timeout: 10_000,
      interval: 100,
    });
    // The newest link replaced the stranger's ones.
    for (const mail of strangers) expect(await valid(tokenOf(mail))).toBe(false);
  });

  it("builds the link from APP_URL, never from the Host header", async () => {
    const member = await newMember();
    await post("/api/auth/forgot-password", { email: member.email }, newClientAddress(), { host: "evil.example" });
    const link = resetLinkFrom(await smtp.waitFor(member.email, /Reset your/));
    expect(link.startsWith("http://hub.example.test/auth/reset-password?token=")).toBe(true);
  });

  it("resets once, ends every session and mails a notice", async () => {
    const member = await newMember();
    const other = await post("/api/auth/login", { email: member.email, password: member.password }, member.address);
    await post("/api/auth/forgot-password", { email: member.email });
    const token = new URL(resetLinkFrom(await smtp.waitFor(member.email, /Reset your/))).searchParams.get("token")!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // Only a hash of the token is stored.
    const db = openDb();
    const stored = db.prepare("select token_hash from password_reset_tokens where user_id = ?").get(member.id) as {
      token_hash: string;
    };
    expect(stored.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.token_hash).not.toContain(token);
    db.close();

    expect((await post("/api/auth/validate-reset-token", { token })).json).toEqual({ success: true, valid: true });
    const weak = await post("/api/auth/reset-password", { token, password: "weakpass" });
    expect(weak.status).toBe(400);
    expect(weak.json.errors.password).toBe(
      "Password must contain at least one uppercase letter, one lowercase letter, and one number",
    );

    const reset = await post("/api/auth/reset-password", { token, password: "NewPassw0rd" });
    expect(reset.status).toBe(200);
    expect(reset.json.success).toBe(true);
    for (const old of [member.token, other.json.token])
      expect((await api(server, "/api/users/profile", { token: old })).status).toBe(401);
    await smtp.waitFor(member.email, /password was changed/);

    const again = await post("/api/auth/reset-password", { token, password: "OtherPassw0rd" });
    expect(again.status).toBe(400);
    expect(again.json.message).toBe("This password reset link is invalid or has expired. Please request a new one.");
    expect((await post("/api/auth/validate-reset-token", { token })).status).toBe(400);
    const login = await post("/api/auth/login", { email: member.email, password: "NewPassw0rd" }, member.address);
    expect(login.status).toBe(200);
  });

  it("refuses an expired token", async () => {
    const member = await newMember();
    await post("/api/auth/forgot-password", { email: member.email });
    const token = new URL(resetLinkFrom(await smtp.waitFor(member.email, /Reset your/))).searchParams.get("token")!;
    const db = openDb();
    db.prepare("update password_reset_tokens set expires_at = ? where user_id = ?").run(Date.now() - 1, member.id);
    db.close();
    const response = await post("/api/auth/validate-reset-token", { token });
    expect(response.status).toBe(400);
    expect(response.json.success).toBe(false);
    expect((await post("/api/auth/reset-password", { token, password: "NewPassw0rd" })).status).toBe(400);
  });

  it("answers the reset page with no-referrer and no-store", async () => {
    const response = await fetch(`${server.url}/auth/reset-password?token=abc`);
    expect(response.headers.get("referrer-policy")).toBe("no-referrer");
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.text()).toContain("This password reset link is invalid or has expired. Please request a new one.");
  });
});

describe("common passwords (ASVS 2.1.7)", () => {
  const COMMON = "This password is too common. Please choose a less predictable one.";
  const formPost = (pathname: string, fields: Record<string, string>) =>
    fetch(`${server.url}${pathname}`, {
      method: "POST",
      redirect: "manual",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "sec-fetch-site": "same-origin",
        "x-forwarded-for": newClientAddress(),
      },
      body: new URLSearchParams(fields),
    });
  /** The text of the alert that follows the labelled password field. */
  const passwordError = (html: string, label: string) =>
    new RegExp(`>${label}</label>[\\s\\S]*?<p id="[^"]*-error"[^>]*role="alert"[^>]*>([^<]*)</p>`).exec(html)?.[1];

  async function resetToken() {
    const member = await newMember();
    await post("/api/auth/forgot-password", { email: member.email });
    return new URL(resetLinkFrom(await smtp.waitFor(member.email, /Reset your/))).searchParams.get("token")!;
  }

  it("refuses one at registration over the API, ignoring case, and stores nothing", async () => {
    const response = await post("/api/auth/register", {
      username: "Predictable",
      email: "predictable@example.org",
      password: "Qwerty123",
    });
    expect(response.status).toBe(400);
    expect(response.json).toEqual({ success: false, message: COMMON, errors: { password: COMMON } });
    const db = openDb();
    expect(db.prepare("select count(*) as n from users where email = ?").get("predictable@example.org")).toEqual({ n: 0 });
    db.close();
  });

  it("refuses one at password reset over the API and keeps the link", async () => {
    const token = await resetToken();
    const response = await post("/api/auth/reset-password", { token, password: "Password123" });
    expect(response.status).toBe(400);
    expect(response.json).toEqual({ success: false, message: COMMON, errors: { password: COMMON } });
    expect((await post("/api/auth/validate-reset-token", { token })).json).toEqual({ success: true, valid: true });
  });

  it("shows the sentence under the password field of the sign-up form", async () => {
    const response = await formPost("/auth/register", {
      username: "Predictable",
      email: "predictable-form@example.org",
      password: "iloveyou",
      confirmPassword: "iloveyou",
      terms: "on",
    });
    expect(response.status).toBe(400);
    expect(passwordError(await response.text(), "Password")).toBe(COMMON);
  });

  it("shows the sentence under the new password field of the reset form", async () => {
    const token = await resetToken();
    const response = await formPost(`/auth/reset-password?token=${token}`, {
      token,
      password: "Password1",
      confirmPassword: "Password1",
    });
    expect(response.status).toBe(400);
    expect(passwordError(await response.text(), "New password")).toBe(COMMON);
  });

  it("keeps the list out of the browser's JavaScript", () => {
    const assets = path.join(process.cwd(), "build/client/assets");
    const scripts = fs.readdirSync(assets).filter((name) => name.endsWith(".js"));
    expect(scripts.length).toBeGreaterThan(0);
    for (const name of scripts) expect(fs.readFileSync(path.join(assets, name), "utf8"), name).not.toContain("1qaz2wsx");
  });
});

describe("cross-site requests", () => {
  it("refuses a form post from another site", async () => {
    const member = await newMember();
    const response = await fetch(`${server.url}/auth/login`, {
      method: "POST",
      redirect: "manual",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: "http://evil.example",
        "x-forwarded-for": member.address,
      },
      body: new URLSearchParams({ email: member.email, password: member.password }),
    });
    expect(response.status).toBe(403);
    expect(response.headers.get("set-cookie")).toBeNull();
  });

  it("accepts a same-origin form post whose Origin is null (pages with no-referrer) and refuses a bare null Origin", async () => {
    const form = (headers: Record<string, string>) =>
      fetch(`${server.url}/auth/reset-password?token=abc`, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": newClientAddress(), ...headers },
        body: new URLSearchParams({ token: "abc", password: "short", confirmPassword: "short" }),
      });
    const sameSite = await form({ origin: "null", "sec-fetch-site": "same-origin" });
    expect(sameSite.status).toBe(400);
    expect(await sameSite.text()).toContain("Password must be at least 8 characters long");
    expect((await form({ origin: "null" })).status).toBe(403);
    expect((await form({ "sec-fetch-site": "cross-site" })).status).toBe(403);
  });

  it("refuses a cookie-authenticated API call from another site but accepts bearer tokens", async () => {
    const member = await newMember();
    const cookie = `session=${member.token}`;
    const foreign = await api(server, "/api/auth/logout", { method: "POST", headers: { cookie, origin: "http://evil.example" } });
    expect(foreign.status).toBe(403);
    expect((await api(server, "/api/users/profile", { token: member.token })).status).toBe(200);
    const bearer = await api(server, "/api/auth/logout", {
      method: "POST",
      token: member.token,
      headers: { origin: "http://evil.example" },
    });
    expect(bearer.status).toBe(200);
  });
});
