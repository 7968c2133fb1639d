import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { jobs, notifications, posts, users } from "../../../db/schema";
import type { Viewer } from "~/services/access.server";
import { getDb } from "~/services/database/db.server";
import { stopJobs } from "~/services/jobs.server";
import { createPost } from "~/features/community/store/posts.server";
import { createPostSchema } from "~/features/community/schemas";
import { recordInteraction } from "~/features/community/store/interactions.server";
import { setFollowing } from "~/features/community/store/members.server";
import { sendDigests } from "./digest.server";
import { renderNotificationMail, type NotificationMail } from "./mails.server";
import {
  getNotificationPreferences,
  listNotifications,
  markRead,
  unsubscribe,
  updateNotificationPreferences,
} from "./queries.server";
import { emailVersionOf, readUnsubscribeToken, unsubscribeToken } from "./unsubscribe.server";

/**
 * Notifications written by the actions that cause them, on the unit tests' own database: folding,
 * never for one's own doing, the choices per type, unsubscribe tokens and the digest's selection.
 */

let count = 0;
async function addMember(username: string): Promise<Viewer> {
  const [{ id }] = await getDb()
    .insert(users)
    .values({ username, email: `${username.toLowerCase().replace(/\W/g, "")}-${++count}@example.org`, passwordHash: "!" })
    .returning({ id: users.id })
    .all();
  return { id, userType: "user" };
}

async function publish(author: Viewer, title: string) {
  const outcome = await createPost(
    author,
    createPostSchema.parse({ title, content: "Baled and sorted.", category: "recycling" }),
    [],
  );
  if (!outcome.ok) throw new Error(outcome.message);
  return outcome.post.id;
}

const page = (member: Viewer, unread = false) => listNotifications(member.id, { unread, page: 1, limit: 50 });
const queuedMails = async () =>
  (await getDb().select({ payload: jobs.payload }).from(jobs).where(eq(jobs.kind, "notification-mail")).all())
    .map((job) => job.payload as NotificationMail | null)
    .filter((payload): payload is NotificationMail => payload !== null);

let author: Viewer;
beforeAll(async () => {
  // Queued mails stay pending, payload and all, for the tests to read (a finished job drops its payload).
  await stopJobs();
  author = await addMember("Ana Author");
});

describe("likes", () => {
  it("fold into one notification per post and day, naming the latest liker and counting the others", async () => {
    const post = await publish(author, "Bales of PET");
    const likers = ["Ben", "Cleo", "Dora", "Emil", "Fay"].map(addMember);
    for (const liker of likers) expect((await recordInteraction(await liker, post, "like")).ok).toBe(true);
    const likes = (await page(author)).notifications.filter((n) => n.type === "like" && n.subject.id === post);
    expect(likes).toHaveLength(1);
    expect(likes[0]).toMatchObject({ actors: 5, actor: { id: (await likers[4]!).id, username: "Fay" }, read: false });
    expect(likes[0]!.text).toBe("Fay and 4 others liked “Bales of PET”");
  });

  it("are unread again when the fold grows after being read, and taking a like back tells nobody", async () => {
    const post = await publish(author, "Glass cullet");
    const [gus, hal] = ["Gus", "Hal"].map(addMember);
    await recordInteraction(await gus!, post, "like");
    await markRead(author.id, undefined);
    expect((await page(author, true)).notifications).toHaveLength(0);
    await recordInteraction(await gus!, post, "like"); // unlike
    expect((await page(author, true)).notifications).toHaveLength(0);
    await recordInteraction(await hal!, post, "like");
    const [fold] = (await page(author, true)).notifications;
    // Gus took his like back: the fold counts the likes that still stand.
    expect(fold).toMatchObject({ type: "like", actors: 1, read: false, text: "Hal liked “Glass cullet”" });
  });

  it("count each member once however often likes are taken back and given again, and mail the fold once", async () => {
    const keen = await addMember("Keen");
    await updateNotificationPreferences(keen.id, { like: { in_app: true, email: "instant" } });
    const post = await publish(keen, "Pallet wood");
    const [ana, cid] = ["Ana", "Cid"].map(addMember);
    const before = (await queuedMails()).length;
    for (let round = 0; round < 4; round++) {
      await recordInteraction(await ana!, post, "like");
      await recordInteraction(await cid!, post, "like");
    }
    // After four rounds of like and unlike, neither like stands; one more each.
    await recordInteraction(await ana!, post, "like");
    await recordInteraction(await cid!, post, "like");
    const likes = (await page(keen)).notifications.filter((n) => n.type === "like");
    expect(likes).toHaveLength(1);
    expect(likes[0]).toMatchObject({ actors: 2, text: "Cid and 1 other liked “Pallet wood”" });
    expect((await queuedMails()).slice(before)).toHaveLength(1);
    const mail = (await queuedMails()).at(-1);
    expect(mail?.template === "notification" && mail.link).toBe(`http://circular.test/app/notifications/${likes[0]!.id}`);
  });

  it("tell nobody of their own doing", async () => {
    const post = await publish(author, "My own post");
    const before = (await page(author)).notifications.length;
    await recordInteraction(author, post, "like");
    await recordInteraction(author, post, "comment", "Adding a note to my own post.");
    expect((await page(author)).notifications.length).toBe(before);
  });
});

describe("comments and follows", () => {
  it("tell the author of a comment, and the others who commented of a reply, each once", async () => {
    const post = await publish(author, "Compost bins");
    const [ivy, jon] = ["Ivy", "Jon"].map(addMember);
    await recordInteraction(await ivy!, post, "comment", "First!");
    await recordInteraction(await jon!, post, "comment", "Second.");
    const toAuthor = (await page(author)).notifications.filter((n) => n.subject.id === post);
    expect(toAuthor.map((n) => n.text)).toEqual(["Jon commented on “Compost bins”", "Ivy commented on “Compost bins”"]);
    expect((await page(await ivy!)).notifications.map((n) => [n.type, n.text])).toEqual([
      ["reply", "Jon also commented on “Compost bins”"],
    ]);
    expect((await page(await jon!)).notifications).toEqual([]);
  });

  it("leave the title of a post moderators hid out of the replies, in the list and the digest, and not for its author", async () => {
    const post = await publish(author, "Insulting title");
    const [kim, lee] = ["Kim", "Lee"].map(addMember);
    await recordInteraction(await kim!, post, "comment", "Hm.");
    await recordInteraction(await lee!, post, "comment", "Indeed.");
    expect((await page(await kim!)).notifications.map((n) => n.text)).toEqual(["Lee also commented on “Insulting title”"]);

    await getDb().update(posts).set({ hiddenAt: new Date() }).where(eq(posts.id, post)).run();
    expect((await page(await kim!)).notifications.map((n) => n.text)).toEqual(["Lee also commented on a post moderators hid"]);
    // The author may still see their own post, and hears of comments on it as before.
    expect((await page(author)).notifications.filter((n) => n.subject.id === post).map((n) => n.text)).toContain(
      "Lee commented on “Insulting title”",
    );
    const before = (await queuedMails()).length;
    await sendDigests("2031-02-01");
    const digest = (await queuedMails()).slice(before).find((mail) => mail.template === "digest" && mail.to.startsWith("kim"));
    if (digest?.template !== "digest") throw new Error("no digest for Kim");
    expect(digest.items.map((item) => item.text)).toEqual(["Lee also commented on a post moderators hid"]);

    // Restored, the title is back.
    await getDb().update(posts).set({ hiddenAt: null }).where(eq(posts.id, post)).run();
    expect((await page(await kim!)).notifications.map((n) => n.text)).toEqual(["Lee also commented on “Insulting title”"]);
  });

  it("tell a member of a new follower once, however often the follow is repeated", async () => {
    const kim = await addMember("Kim");
    const leo = await addMember("Leo");
    await updateNotificationPreferences(kim.id, { follow: { in_app: true, email: "instant" } });
    const before = (await queuedMails()).length;
    await setFollowing(leo.id, kim.id, true);
    await setFollowing(leo.id, kim.id, true);
    // Unfollowing and following again, over and over, is still one notification and one mail.
    for (let round = 0; round < 3; round++) {
      await setFollowing(leo.id, kim.id, false);
      await setFollowing(leo.id, kim.id, true);
    }
    expect((await page(kim)).notifications.map((n) => [n.type, n.text, n.url, n.actors])).toEqual([
      ["follow", "Leo started following you", `/app/members/${leo.id}`, 1],
    ]);
    expect((await queuedMails()).slice(before)).toHaveLength(1);
  });
});

describe("preferences", () => {
  it("in-app off writes no row; e-mail at once queues a mail with its unsubscribe links", async () => {
    const mia = await addMember("Mia");
    const ned = await addMember("Ned");
    await updateNotificationPreferences(mia.id, { follow: { in_app: false, email: "instant" } });
    const before = (await queuedMails()).length;
    await setFollowing(ned.id, mia.id, true);
    expect((await page(mia)).notifications).toEqual([]);
    const mails = (await queuedMails()).slice(before);
    expect(mails).toHaveLength(1);
    // The queued row names whose mails to stop; the links, which need no sign-in, are made when it is sent.
    expect(JSON.stringify(mails[0])).not.toMatch(/token/);
    const rendered = await renderNotificationMail(mails[0]!);
    expect(rendered.subject).toBe("Ned started following you");
    expect(rendered.headers?.["List-Unsubscribe"]).toMatch(/^<http:\/\/circular\.test\/api\/notifications\/unsubscribe\?token=/);
    expect(rendered.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(rendered.text).toContain("http://circular.test/notifications/unsubscribe?token=");
  });

  it("a deleted account hears about nothing", async () => {
    const gone = await addMember("Gone");
    await getDb().update(users).set({ deletedAt: new Date() }).where(eq(users.id, gone.id)).run();
    await setFollowing((await addMember("Olga")).id, gone.id, true);
    expect((await page(gone)).notifications).toEqual([]);
  });
});

describe("unsubscribe tokens", () => {
  it("name a member and a type, and refuse any change to either", async () => {
    const token = unsubscribeToken(42, "like");
    expect(readUnsubscribeToken(token)).toEqual({ userId: 42, scope: "like", version: 0 });
    expect(readUnsubscribeToken(token.replace("42.", "43."))).toBeNull();
    expect(readUnsubscribeToken(token.replace(".like.", ".follow."))).toBeNull();
    expect(readUnsubscribeToken(`${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`)).toBeNull();
    expect(readUnsubscribeToken("42.like.")).toBeNull();
    expect(
      readUnsubscribeToken(unsubscribeToken(42, "like", 0, new TextEncoder().encode("another secret of enough bytes!!"))),
    ).toBeNull();
  });

  it("carry the version of the choice they were sent under, which cannot be changed either", async () => {
    const token = unsubscribeToken(42, "like", 3);
    expect(token).toMatch(/^42\.like\.3\./);
    expect(readUnsubscribeToken(token)).toEqual({ userId: 42, scope: "like", version: 3 });
    expect(readUnsubscribeToken(token.replace(".3.", ".4."))).toBeNull();
    expect(readUnsubscribeToken(token.replace(".3.", "."))).toBeNull();
    // Version 0 is written as links were before versions, so those still read.
    expect(unsubscribeToken(42, "like", 0)).toMatch(/^42\.like\.[A-Za-z0-9_-]{43}$/);
  });

  it("stop nothing once the member turned those mails on again, and a digest link likewise", async () => {
    const ida = await addMember("Ida");
    const likeLink = unsubscribeToken(ida.id, "like", await emailVersionOf(ida.id, "like"));
    const digestLink = unsubscribeToken(ida.id, "digest", await emailVersionOf(ida.id, "digest"));
    await updateNotificationPreferences(ida.id, { like: { email: "instant" } });
    for (const stale of [likeLink, digestLink]) {
      expect(await unsubscribe(stale)).toMatchObject({ ok: false, reason: "invalid-link" });
    }
    expect((await getNotificationPreferences(ida.id)).like.email).toBe("instant");
    const current = unsubscribeToken(ida.id, "like", await emailVersionOf(ida.id, "like"));
    expect(await unsubscribe(current)).toMatchObject({ ok: true, types: ["like"] });
    // Turning them off (as the link does) keeps the link good, so a second click answers the same.
    expect(await unsubscribe(current)).toMatchObject({ ok: true, types: ["like"] });
    // A change of the in-app choice alone, or to the same mode, retires nothing.
    await updateNotificationPreferences(ida.id, { like: { in_app: false } });
    expect(await unsubscribe(current)).toMatchObject({ ok: true });
  });

  it("turn the type's e-mail off, and a forged one changes nothing", async () => {
    const pia = await addMember("Pia");
    expect(await unsubscribe(unsubscribeToken(pia.id, "order_message").replace(/.$/, "x"))).toMatchObject({
      ok: false,
      reason: "invalid-link",
    });
    expect((await getNotificationPreferences(pia.id)).order_message.email).toBe("instant");
    expect(await unsubscribe(unsubscribeToken(pia.id, "order_message"))).toMatchObject({ ok: true, types: ["order_message"] });
    expect((await getNotificationPreferences(pia.id)).order_message).toEqual({ in_app: true, email: "off" });
  });
});

describe("the daily digest", () => {
  it("carries the unread, not yet mailed notifications of daily types, once a day", async () => {
    const quinn = await addMember("Quinn");
    const post = await publish(quinn, "Pallet wood");
    const [ray, sue] = ["Ray", "Sue"].map(addMember);
    await recordInteraction(await ray!, post, "comment", "Nice."); // comment: daily by default
    await recordInteraction(await sue!, post, "like"); // like: no e-mail by default
    await setFollowing((await sue!).id, quinn.id, true); // follow: no e-mail by default
    const before = (await queuedMails()).length;
    await sendDigests("2031-01-01");
    const digests = (await queuedMails())
      .slice(before)
      .filter((mail) => mail.template === "digest" && mail.to.startsWith("quinn"));
    expect(digests).toHaveLength(1);
    expect(digests[0]).toMatchObject({ template: "digest", more: 0 });
    if (digests[0]!.template !== "digest") throw new Error("not a digest");
    expect(digests[0]!.items.map((item) => item.text)).toEqual(["Ray commented on “Pallet wood”"]);
    const comment = (await getDb()
      .select()
      .from(notifications)
      .where(and(eq(notifications.recipientId, quinn.id), eq(notifications.type, "comment")))
      .get())!;
    expect(comment.emailedAt).not.toBeNull();

    // The same day again sends nothing, even with something new; the next day carries it.
    await recordInteraction(await addMember("Tom"), post, "comment", "Also nice.");
    const again = (await queuedMails()).length;
    await sendDigests("2031-01-01");
    expect((await queuedMails()).slice(again).filter((mail) => mail.to.startsWith("quinn"))).toEqual([]);
    await sendDigests("2031-01-02");
    const next = (await queuedMails()).slice(again).filter((mail) => mail.to.startsWith("quinn"));
    expect(next).toHaveLength(1);
    if (next[0]!.template !== "digest") throw new Error("not a digest");
    expect(next[0]!.items.map((item) => item.text)).toEqual(["Tom commented on “Pallet wood”"]);
  });

  it("lets the process serve others between one member's digest and the next", async () => {
    for (const name of ["Wes", "Xia"]) {
      const author = await addMember(name);
      await recordInteraction(await addMember(`${name}Reader`), await publish(author, `${name}'s crates`), "comment", "Good.");
    }
    const before = (await queuedMails()).length;
    const mailedWhenServed: number[] = [];
    setImmediate(async () => mailedWhenServed.push((await queuedMails()).length - before));
    await sendDigests("2031-03-01");
    expect((await queuedMails()).length - before).toBeGreaterThanOrEqual(2);
    expect(mailedWhenServed).toEqual([1]);
  });

  it("leaves out what was read", async () => {
    const uma = await addMember("Uma");
    const post = await publish(uma, "Old tyres");
    await recordInteraction(await addMember("Vic"), post, "comment", "Hm.");
    await markRead(uma.id, undefined);
    const before = (await queuedMails()).length;
    await sendDigests("2031-02-01");
    expect((await queuedMails()).slice(before).filter((mail) => mail.to.startsWith("uma"))).toEqual([]);
  });
});
