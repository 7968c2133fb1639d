import { createHash, createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { isResetTokenValid, registerMember, resetPassword, signIn } from "~/features/auth/auth.server";
import { isCommonPassword } from "~/features/auth/common-passwords.server";
import {
  createSession,
  deleteExpiredAuthRecords,
  deleteExpiredSessions,
  deleteSession,
  endSessions,
  getCurrentSession,
  pageAddress,
  requireUser,
  verifySessionToken,
} from "~/services/session.server";
import { getDb } from "~/services/database/db.server";
import { inRequestScope, keptForRequest } from "~/services/request-scope.server";
import { passwordComparisonsStarted } from "~/features/auth/password.server";
import { blocks, endedSessions, passwordResetTokens, sessions, users } from "../../db/schema";
import { blockedIdsOf } from "~/services/access.server";
import { eq } from "drizzle-orm";

let counter = 0;
async function member() {
  counter++;
  const outcome = await registerMember(
    { username: `Member ${counter}`, email: `m${counter}@example.org`, password: "compost-heap-7" },
    `unit-${counter}`,
  );
  if (!outcome.ok) throw new Error(outcome.message);
  return outcome.user;
}

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");

describe("session tokens", () => {
  it("signs HS256 tokens with sub, jti and exp that verify while the session row exists", async () => {
    const user = await member();
    const { token, sessionId } = await createSession(user.id, { remember: false });
    const [header, payload] = token
      .split(".")
      .slice(0, 2)
      .map((part) => JSON.parse(Buffer.from(part, "base64url").toString()));
    expect(header.alg).toBe("HS256");
    expect(payload).toMatchObject({ sub: String(user.id), jti: sessionId });
    expect(payload.exp - payload.iat).toBe(12 * 60 * 60);
    expect((await verifySessionToken(token))?.user.email).toBe(user.email);
    await deleteSession(sessionId);
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
    await getDb()
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, sessionId))
      .run();
    expect(await verifySessionToken(token)).toBeNull();
    expect(await deleteExpiredSessions()).toBeGreaterThanOrEqual(1);
  });
});

describe("sessions ended from elsewhere", () => {
  const landing = async (token: string) => {
    const request = new Request("http://hub.test/app/orders?tab=2", { headers: { cookie: `session=${token}` } });
    const thrown = await requireUser(request).then(
      () => null,
      (response: Response) => response,
    );
    return thrown?.headers.get("location");
  };

  it("send the device to sign in with why, all but the caller's or just one, until the token would have expired", async () => {
    const user = await member();
    const caller = await createSession(user.id, { remember: false });
    const other = await createSession(user.id, { remember: true });
    expect(await endSessions(getDb(), user.id, "password-changed", { except: caller.sessionId })).toBe(1);
    expect(await landing(other.token)).toBe("/auth/login?redirectTo=%2Fapp%2Forders%3Ftab%3D2&signedOut=password-changed");
    expect(await verifySessionToken(caller.token)).not.toBeNull();

    const third = await createSession(user.id, { remember: false });
    expect(await endSessions(getDb(), user.id, "ended-elsewhere", { only: third.sessionId })).toBe(1);
    expect(await landing(third.token)).toContain("&signedOut=ended-elsewhere");
    expect(await verifySessionToken(caller.token)).not.toBeNull();

    // A device signed out from itself, or whose session expired, is told nothing.
    await deleteSession(caller.sessionId);
    expect(await landing(caller.token)).toBe("/auth/login?redirectTo=%2Fapp%2Forders%3Ftab%3D2");

    // The note lasts as long as the token would have: the sweep deletes it after.
    await deleteExpiredAuthRecords(new Date(third.expiresAt.getTime() + 1));
    const notes = await getDb().select().from(endedSessions).where(eq(endedSessions.userId, user.id)).all();
    expect(notes.map((note) => note.id)).toEqual([other.sessionId]);
  });
});

describe("sign-in", () => {
  it("ignores a client's user type and rejects wrong passwords", async () => {
    const user = await member();
    expect(user.userType).toBe("user");
    const wrong = await signIn({ email: user.email, password: "nope-nope", remember: false }, "unit-signin");
    expect(wrong).toMatchObject({ ok: false, reason: "wrong-credentials", message: "Invalid email or password" });
    const unknown = await signIn({ email: "ghost@example.org", password: "nope-nope", remember: false }, "unit-signin");
    expect(unknown).toMatchObject({ ok: false, reason: "wrong-credentials", message: "Invalid email or password" });
    const right = await signIn({ email: user.email, password: "compost-heap-7", remember: false }, "unit-signin");
    expect(right.ok).toBe(true);
  });

  it("checks a password as costly for an unknown e-mail as for a known one", async () => {
    // Counting bcrypt comparisons, not timing them: one each way, so both answers take as long.
    const user = await member();
    const comparisonsFor = async (email: string) => {
      const before = passwordComparisonsStarted();
      const outcome = await signIn({ email, password: "nope-nope", remember: false }, "unit-timing");
      expect(outcome).toMatchObject({ ok: false, reason: "wrong-credentials" });
      return passwordComparisonsStarted() - before;
    };
    expect(await comparisonsFor(user.email)).toBe(1);
    expect(await comparisonsFor("nobody-here@example.org")).toBe(1);
    // A seeded member's hash "!" matches no password (decision 003), yet costs the same check.
    const seeded = await getDb()
      .insert(users)
      .values({ username: "Seeded Sam", email: "seeded-sam@example.org", passwordHash: "!" })
      .returning()
      .get();
    expect(await comparisonsFor(seeded.email)).toBe(1);
  });

  it("counts failed sign-ins only, per account and address", async () => {
    const user = await member();
    const attempt = (password: string, address: string) => signIn({ email: user.email, password, remember: false }, address);
    for (let i = 0; i < 12; i++) expect((await attempt("compost-heap-7", "unit-owner")).ok, `sign-in ${i + 1}`).toBe(true);
    for (let i = 0; i < 10; i++)
      expect(await attempt("nope-nope", "unit-stranger")).toMatchObject({ reason: "wrong-credentials" });
    expect(await attempt("nope-nope", "unit-stranger")).toMatchObject({
      reason: "rate-limited",
      retryAfterSeconds: expect.any(Number),
    });
    expect(await attempt("compost-heap-7", "unit-stranger")).toMatchObject({ reason: "rate-limited" });
    expect((await attempt("compost-heap-7", "unit-owner")).ok).toBe(true);
  });

  it("refuses a second account with the same e-mail", async () => {
    const user = await member();
    const again = await registerMember({ username: "Copy", email: user.email, password: "compost-heap-7" }, "unit-dup");
    expect(again).toMatchObject({
      ok: false,
      reason: "conflict",
      errors: { email: "An account with this email already exists" },
    });
  });
});

describe("common passwords (ASVS 2.1.7)", () => {
  const COMMON = "This password is too common. Please choose a less predictable one.";

  it("knows the most common passwords, ignoring case", async () => {
    for (const password of ["123456", "password", "Password1", "QWERTY123", "iloveyou", "redfox"])
      expect(await isCommonPassword(password), password).toBe(true);
    for (const password of ["compost-heap-7", "Sorting glass 4", "12345"])
      expect(await isCommonPassword(password), password).toBe(false);
  });

  it("refuses one at registration and stores nothing", async () => {
    const refused = await registerMember(
      { username: "Predictable", email: "predictable@example.org", password: "Password1" },
      "unit-common",
    );
    expect(refused).toEqual({ ok: false, reason: "invalid", message: COMMON, errors: { password: COMMON } });
    expect(await getDb().select().from(users).where(eq(users.email, "predictable@example.org")).get()).toBeUndefined();
  });

  it("refuses one at password reset and keeps the link usable", async () => {
    const user = await member();
    const token = "unit-reset-token-of-forty-three-characters-x";
    await getDb()
      .insert(passwordResetTokens)
      .values({
        userId: user.id,
        tokenHash: createHash("sha256").update(token).digest("hex"),
        expiresAt: new Date(Date.now() + 60_000),
      })
      .run();
    expect(await resetPassword(token, "Password123", "unit-common")).toEqual({
      ok: false,
      reason: "invalid",
      message: COMMON,
      errors: { password: COMMON },
    });
    expect(await isResetTokenValid(token)).toBe(true);
    expect((await resetPassword(token, "Compost-Heap-8", "unit-common")).ok).toBe(true);
  });
});

describe("the session of one request", () => {
  it("is read once in a request's GET, whichever loader asks, and afresh in another request", async () => {
    const user = await member();
    const { token, sessionId } = await createSession(user.id, { remember: false });
    const cookie = { cookie: `session=${token}` };
    // React Router gives each loader its own copy of the Request.
    const copy = () => new Request("http://hub.test/app/dashboard", { headers: cookie });
    await inRequestScope("GET", async () => {
      const first = await getCurrentSession(copy());
      expect(first?.user.id).toBe(user.id);
      expect(await getCurrentSession(copy())).toBe(first);
      await deleteSession(sessionId);
      // This request keeps what it read.
      expect(await getCurrentSession(copy())).toBe(first);
    });
    await inRequestScope("GET", async () => expect(await getCurrentSession(copy())).toBeNull());
    await inRequestScope("POST", async () => expect(await getCurrentSession(copy())).toBeNull());
    expect(await getCurrentSession(copy())).toBeNull();
  });
});

describe("the blocks read with the session", () => {
  it("are the member's blocked ids, lowest first, kept for the rest of the request as blockedIdsOf answers them", async () => {
    const viewer = await member();
    const others: Awaited<ReturnType<typeof member>>[] = [];
    for (let i = 0; i < 11; i++) others.push(await member());
    const { token } = await createSession(viewer.id, { remember: false });
    const request = () => new Request("http://hub.test/app/feed", { headers: { authorization: `Bearer ${token}` } });
    await inRequestScope("GET", async () => {
      await getCurrentSession(request());
      expect(await blockedIdsOf(viewer.id)).toEqual([]);
    });
    // Ids of one and of two digits: the list is ordered as numbers, and read back as numbers.
    const blockedNow = [others[10]!.id, others[1]!.id];
    await getDb()
      .insert(blocks)
      .values(blockedNow.map((blockedId) => ({ blockerId: viewer.id, blockedId })));
    const expected = [...blockedNow].sort((a, b) => a - b);
    await inRequestScope("GET", async () => {
      await getCurrentSession(request());
      await getDb().insert(blocks).values({ blockerId: viewer.id, blockedId: others[0]!.id });
      // Read with the session, before that block: this request does not read them again.
      expect(await blockedIdsOf(viewer.id)).toEqual(expected);
    });
    await inRequestScope("GET", async () => {
      await getCurrentSession(request());
      expect(await blockedIdsOf(viewer.id)).toEqual([others[0]!.id, ...expected].sort((a, b) => a - b));
    });
  });
});

describe("a request's scope", () => {
  it("keeps values only in a reading request", async () => {
    let made = 0;
    const make = () => ++made;
    await inRequestScope("GET", async () => {
      expect([keptForRequest("k", make), keptForRequest("k", make)]).toEqual([1, 1]);
    });
    await inRequestScope("POST", async () => {
      expect([keptForRequest("k", make), keptForRequest("k", make)]).toEqual([2, 3]);
    });
    expect(keptForRequest("k", make)).toBe(4);
  });
});

const of = (url: string) => pageAddress(new Request(`http://hub.example${url}`));

describe("pageAddress", () => {
  it("names the page of a data request as React Router does", () => {
    expect(of("/app/orders.data?_routes=routes%2Fapp%2Forders&status=open")).toBe("/app/orders?status=open");
    expect(of("/_root.data")).toBe("/");
    expect(of("/app/marketplace?index&page=2")).toBe("/app/marketplace?page=2");
  });

  it("keeps a document request's address, and an index parameter with a value", () => {
    expect(of("/app/profile?edit=1")).toBe("/app/profile?edit=1");
    expect(of("/app/lots?index=3")).toBe("/app/lots?index=3");
    expect(of("/app/notes.database")).toBe("/app/notes.database");
  });
});
