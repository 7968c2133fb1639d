import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { jobs, postComments, postInteractions, posts, sessions, users } from "../../../db/schema";
import { registerMember } from "~/features/auth/auth.server";
import { getDb, sqliteClient } from "~/services/database/db.server";
import { createSession, verifySessionToken } from "~/services/session.server";
import {
  changePassword,
  endOtherSessions,
  endSession,
  listSessions,
  pendingEmailChange,
  requestEmailChange,
} from "./account.server";
import { startExport } from "~/services/member-exports.server";
import { deleteAccount } from "./delete.server";
import { exportAccount } from "./export.server";

let counter = 0;
async function member() {
  counter++;
  const outcome = await registerMember(
    { username: `Account ${counter}`, email: `account${counter}@example.org`, password: "compost-heap-7" },
    `unit-account-${counter}`,
  );
  if (!outcome.ok) throw new Error(outcome.message);
  return outcome.user;
}

async function signedIn(userId: number, userAgent = "") {
  const session = await createSession(userId, { remember: false, userAgent });
  const verified = await verifySessionToken(session.token);
  return { ...session, caller: verified! };
}

describe("changing the password", () => {
  it("ends every other session, keeps the caller's, and queues a mail", async () => {
    const user = await member();
    const here = await signedIn(user.id, "Here/1.0");
    const there = await signedIn(user.id, "There/1.0");
    const outcome = await changePassword(
      here.caller,
      { current_password: "compost-heap-7", new_password: "Greener-Bins-42" },
      "u1",
    );
    expect(outcome).toMatchObject({
      ok: true,
      sessionsEnded: 1,
      message: "Your password was changed. Your other session was signed out.",
    });
    expect(await verifySessionToken(here.token)).not.toBeNull();
    expect(await verifySessionToken(there.token)).toBeNull();
    const mail = (await getDb().select().from(jobs).where(eq(jobs.kind, "account-mail")).all()).at(-1);
    expect(mail?.payload).toMatchObject({ template: "password-changed", to: user.email });
  });

  it("refuses a wrong current password at its field and changes nothing", async () => {
    const user = await member();
    const { caller } = await signedIn(user.id);
    const before = await getDb().select({ hash: users.passwordHash }).from(users).where(eq(users.id, user.id)).get();
    const outcome = await changePassword(caller, { current_password: "wrong-one", new_password: "Greener-Bins-42" }, "u2");
    expect(outcome).toMatchObject({
      ok: false,
      reason: "invalid",
      errors: { current_password: "The current password is not right." },
    });
    expect(await getDb().select({ hash: users.passwordHash }).from(users).where(eq(users.id, user.id)).get()).toEqual(before);
  });
});

describe("a waiting change of e-mail", () => {
  // Whoever had the password and a session could point the address at themselves: the remedies
  // the old address is told of (a new password, ending the other sessions) must end the change.
  it.each([
    [
      "a new password",
      (caller: Awaited<ReturnType<typeof signedIn>>["caller"]) =>
        changePassword(caller, { current_password: "compost-heap-7", new_password: "Greener-Bins-42" }, "u-cancel-1"),
    ],
    ["ending the other sessions", async (caller: Awaited<ReturnType<typeof signedIn>>["caller"]) => endOtherSessions(caller)],
  ])("ends with %s", async (_remedy, remedy) => {
    const user = await member();
    const intruder = await signedIn(user.id, "Intruder/1.0");
    const owner = await signedIn(user.id, "Owner/1.0");
    const asked = await requestEmailChange(
      intruder.caller,
      { email: `taken-over-${counter}@example.org`, password: "compost-heap-7" },
      `u-cancel-${counter}`,
    );
    expect(asked.ok).toBe(true);
    expect(await pendingEmailChange(user.id)).not.toBeNull();
    await remedy(owner.caller);
    expect(await pendingEmailChange(user.id)).toBeNull();
  });
});

describe("sessions", () => {
  it("lists the member's own newest first, marks the current one, and ends one or all others", async () => {
    const user = await member();
    const stranger = await member();
    const first = await signedIn(user.id, "First/1.0");
    // Sessions are ordered by their creation in milliseconds: two made in the same one would tie
    // (and fall back to their random ids), so the second is made in a later one.
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = await signedIn(user.id, "Second/1.0");
    const theirs = await signedIn(stranger.id);
    const listed = await listSessions(second.caller);
    expect(listed.map((session) => [session.user_agent, session.current])).toEqual([
      ["Second/1.0", true],
      ["First/1.0", false],
    ]);
    expect(await endSession(second.caller, theirs.sessionId)).toMatchObject({ ok: false, reason: "not-found" });
    expect(await verifySessionToken(theirs.token)).not.toBeNull();
    expect(await endOtherSessions(second.caller)).toMatchObject({ ended: 1 });
    expect(await verifySessionToken(first.token)).toBeNull();
    expect(await endSession(second.caller, second.sessionId)).toMatchObject({ ok: true, current: true });
  });

  it("notes when a session was last used, at most once a minute", async () => {
    const user = await member();
    const { token, sessionId } = await signedIn(user.id);
    const seen = async () => (await getDb().select().from(sessions).where(eq(sessions.id, sessionId)).get())!.lastSeenAt;
    const firstSeen = await seen();
    expect(firstSeen).not.toBeNull();
    await verifySessionToken(token);
    expect(await seen()).toEqual(firstSeen);
  });
});

describe("deleting an account", () => {
  it("takes the member's likes and comments off other posts' counters, and leaves a tombstone", async () => {
    const leaving = await member();
    const author = await member();
    const db = getDb();
    const post = await db
      .insert(posts)
      .values({
        authorId: author.id,
        title: "Compost tips",
        content: "Turn it weekly.",
        category: "tips",
        likesCount: 1,
        commentsCount: 1,
      })
      .returning()
      .get();
    await db.insert(postInteractions).values({ userId: leaving.id, postId: post.id, type: "like" }).run();
    await db.insert(postComments).values({ postId: post.id, authorId: leaving.id, content: "Thanks!" }).run();
    const { token } = await signedIn(leaving.id);
    // A download of theirs under way when they leave.
    expect((await startExport(leaving.id, "account")).ok).toBe(true);

    expect(await deleteAccount(leaving.id, "wrong-one", "u3")).toMatchObject({ ok: false, reason: "invalid" });
    const outcome = await deleteAccount(leaving.id, "compost-heap-7", "u3");
    expect(outcome).toMatchObject({ ok: true });

    expect(await db.select().from(posts).where(eq(posts.id, post.id)).get()).toMatchObject({ likesCount: 0, commentsCount: 0 });
    expect(await verifySessionToken(token)).toBeNull();
    expect(sqliteClient(db).prepare("SELECT count(*) AS n FROM export_leases WHERE member_id = ?").get(leaving.id)).toEqual({
      n: 0,
    });
    const tombstone = (await db.select().from(users).where(eq(users.id, leaving.id)).get())!;
    expect(tombstone).toMatchObject({ username: "a deleted member", passwordHash: "!", bio: "" });
    expect(tombstone.email).not.toBe(leaving.email);
    expect(tombstone.deletedAt).not.toBeNull();
    const again = await registerMember({ username: "Back", email: leaving.email, password: "compost-heap-7" }, "u3-again");
    expect(again.ok).toBe(true);
  });

  it("exports nothing of another member's address", async () => {
    const user = await member();
    const other = await member();
    await getDb().insert(posts).values({ authorId: user.id, title: "Mine", content: "Mine.", category: "tips" }).run();
    const document = JSON.parse(await new Response((await exportAccount(user.id))!.body).text());
    const text = JSON.stringify(document);
    expect(document.profile).toMatchObject({ email: user.email });
    expect(document.posts).toHaveLength(1);
    expect(text).not.toContain(other.email);
    expect(text).not.toMatch(/password_hash|token_hash|\$2[aby]\$/);
  });
});
