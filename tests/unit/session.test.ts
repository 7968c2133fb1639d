import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { registerMember, signIn } from "~/utils/auth.server";
import { createSession, deleteExpiredSessions, deleteSession, safeRedirect, verifySessionToken } from "~/utils/session.server";
import { getDb } from "~/utils/db.server";
import { passwordComparisonsStarted } from "~/utils/password.server";
import { sessions, users } from "../../db/schema";
import { eq } from "drizzle-orm";

let counter = 0;
async function member() {
  counter++;
  const outcome = await registerMember({ username: `Member ${counter}`, email: `m${counter}@example.org`, password: "secret1" }, `unit-${counter}`);
  if (!outcome.ok) throw new Error(outcome.message);
  return outcome.user;
}

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");

describe("session tokens", () => {
  it("signs HS256 tokens with sub, jti and exp that verify while the session row exists", async () => {
    const user = await member();
    const { token, sessionId } = await createSession(user.id, { remember: false });
    const [header, payload] = token.split(".").slice(0, 2).map((part) => JSON.parse(Buffer.from(part, "base64url").toString()));
    expect(header.alg).toBe("HS256");
    expect(payload).toMatchObject({ sub: String(user.id), jti: sessionId });
    expect(payload.exp - payload.iat).toBe(12 * 60 * 60);
    expect((await verifySessionToken(token))?.user.email).toBe(user.email);
    deleteSession(sessionId);
    expect(await verifySessionToken(token)).toBeNull();
  });

  it("lasts 30 days with remember me", async () => {
    const user = await member();
    const { token } = await createSession(user.id, { remember: true });
    const payload = JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString());
    expect(payload.exp - payload.iat).toBe(30 * 24 * 60 * 60);
  });

  it("refuses alg none, a changed payload and a foreign signature", async () => {
    const user = await member();
    const { token } = await createSession(user.id, { remember: false });
    const [header, payload, signature] = token.split(".") as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString());
    expect(await verifySessionToken(`${b64({ alg: "none", typ: "JWT" })}.${payload}.`)).toBeNull();
    expect(await verifySessionToken(`${header}.${b64({ ...claims, sub: "1" })}.${signature}`)).toBeNull();
    const forged = createHmac("sha256", "another-secret-another-secret-xx").update(`${header}.${payload}`).digest("base64url");
    expect(await verifySessionToken(`${header}.${payload}.${forged}`)).toBeNull();
    expect(await verifySessionToken("not-a-token")).toBeNull();
  });

  it("treats an expired session as signed out and sweeps it", async () => {
    const user = await member();
    const { token, sessionId } = await createSession(user.id, { remember: false });
    getDb().update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.id, sessionId)).run();
    expect(await verifySessionToken(token)).toBeNull();
    expect(deleteExpiredSessions()).toBeGreaterThanOrEqual(1);
  });
});

describe("sign-in", () => {
  it("ignores a client's user type and rejects wrong passwords", async () => {
    const user = await member();
    expect(user.userType).toBe("user");
    const wrong = await signIn({ email: user.email, password: "nope-nope", remember: false }, "unit-signin");
    expect(wrong).toMatchObject({ ok: false, status: 401, message: "Invalid email or password" });
    const unknown = await signIn({ email: "ghost@example.org", password: "nope-nope", remember: false }, "unit-signin");
    expect(unknown).toMatchObject({ ok: false, status: 401, message: "Invalid email or password" });
    const right = await signIn({ email: user.email, password: "secret1", remember: false }, "unit-signin");
    expect(right.ok).toBe(true);
  });

  it("checks a password as costly for an unknown e-mail as for a known one", async () => {
    // Counting bcrypt comparisons, not timing them: one each way, so both answers take as long.
    const user = await member();
    const comparisonsFor = async (email: string) => {
      const before = passwordComparisonsStarted();
      const outcome = await signIn({ email, password: "nope-nope", remember: false }, "unit-timing");
      expect(outcome).toMatchObject({ ok: false, status: 401 });
      return passwordComparisonsStarted() - before;
    };
    expect(await comparisonsFor(user.email)).toBe(1);
    expect(await comparisonsFor("nobody-here@example.org")).toBe(1);
    // A seeded member's hash "!" matches no password (decision 003), yet costs the same check.
    const seeded = getDb()
      .insert(users)
      .values({ username: "Seeded Sam", email: "seeded-sam@example.org", passwordHash: "!" })
      .returning()
      .get();
    expect(await comparisonsFor(seeded.email)).toBe(1);
  });

  it("counts failed sign-ins only, per account and address", async () => {
    const user = await member();
    const attempt = (password: string, address: string) => signIn({ email: user.email, password, remember: false }, address);
    for (let i = 0; i < 12; i++) expect((await attempt("secret1", "unit-owner")).ok, `sign-in ${i + 1}`).toBe(true);
    for (let i = 0; i < 10; i++) expect(await attempt("nope-nope", "unit-stranger")).toMatchObject({ status: 401 });
    expect(await attempt("nope-nope", "unit-stranger")).toMatchObject({ status: 429, retryAfterSeconds: expect.any(Number) });
    expect(await attempt("secret1", "unit-stranger")).toMatchObject({ status: 429 });
    expect((await attempt("secret1", "unit-owner")).ok).toBe(true);
  });

  it("refuses a second account with the same e-mail", async () => {
    const user = await member();
    const again = await registerMember({ username: "Copy", email: user.email, password: "secret1" }, "unit-dup");
    expect(again).toMatchObject({ ok: false, status: 409, errors: { email: "An account with this email already exists" } });
  });
});

describe("safeRedirect", () => {
  it.each([
    ["/app/profile", "/app/profile"],
    ["/app/community?tab=local", "/app/community?tab=local"],
    ["/app", "/app"],
    ["https://evil.example/app", "/app/dashboard"],
    ["//evil.example/app", "/app/dashboard"],
    ["/application", "/app/dashboard"],
    ["/app\\..\\evil", "/app/dashboard"],
    ["/", "/app/dashboard"],
    [null, "/app/dashboard"],
  ])("%s goes to %s", (target, expected) => {
    expect(safeRedirect(target)).toBe(expected);
  });
});
