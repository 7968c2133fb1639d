import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withDatabase } from "../support/database";
import { addListing as insertListing } from "../support/factories";
import { registerAdmin } from "../support/moderation";
import { api, registerMember, startServer, type TestServer } from "../support/server";
import { startSmtpSink } from "../support/smtp-sink";

/**
 * Questions before an order against the real server and database: a member asks, the owner
 * answers, nobody else reads the thread (API and pages alike), the order's rules hold (blocks,
 * own listing, the message allowance), the other member is told, a message can be reported, and
 * the asker turns the thread into an order carrying its messages, with and without JavaScript.
 */

let server: TestServer;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
type Member = Awaited<ReturnType<typeof registerMember>>;
let owner: Member;
let asker: Member;
let second: Member;
let stranger: Member;

beforeAll(async () => {
  smtp = await startSmtpSink();
  server = await startServer({ SMTP_URL: smtp.url, APP_URL: "http://hub.example.test", MAIL_FROM: "hub@example.test" });
  [owner, asker, second, stranger] = [
    await registerMember(server),
    await registerMember(server),
    await registerMember(server),
    await registerMember(server),
  ];
});

afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

const addListing = (member: Member, title: string, columns: Parameters<typeof insertListing>[2] = {}) =>
  insertListing(server, member.id, { title, quantity: 5, price_cents: 900, ...columns });

const call = (member: Member, pathname: string, init: { method?: string; body?: unknown } = {}) =>
  api(server, pathname, { ...init, token: member.token, headers: { "x-forwarded-for": member.address } });

const ask = (member: Member, listingId: number, body: string) =>
  call(member, `/api/listings/${listingId}/enquiries`, { method: "POST", body: { body } });

const write = (member: Member, enquiryId: number, body: string) =>
  call(member, `/api/enquiries/${enquiryId}/messages`, { method: "POST", body: { body } });

async function page(member: Member, pathname: string) {
  const response = await fetch(server.url + pathname, {
    redirect: "manual",
    headers: { cookie: `session=${member.token}`, "x-forwarded-for": member.address },
  });
  return { status: response.status, html: (await response.text()).replaceAll("<!-- -->", "") };
}

/** A form posted as a browser without JavaScript sends it. */
async function post(member: Member, pathname: string, fields: Record<string, string>) {
  const response = await fetch(server.url + pathname, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      cookie: `session=${member.token}`,
      origin: server.url,
      "x-forwarded-for": member.address,
    },
    body: new URLSearchParams({ returnTo: pathname, ...fields }),
  });
  const html = (await response.text()).replaceAll("<!-- -->", "");
  return { status: response.status, location: response.headers.get("location"), html };
}

describe("a thread between a listing's owner and a member who asks", () => {
  it("takes the question and the answer, both read it, and the other member hears of each message by notification and mail", async () => {
    const listingId = addListing(owner, "Reclaimed oak beams");
    const asked = await ask(asker, listingId, "Are the beams treated?");
    expect(asked.status).toBe(201);
    const enquiry = asked.json.data.enquiry;
    expect(enquiry).toMatchObject({
      listing: { id: listingId, title: "Reclaimed oak beams" },
      asker: { id: asker.id },
      owner: { id: owner.id },
    });
    expect(asked.json.data.message).toMatchObject({
      enquiry_id: enquiry.id,
      author: { id: asker.id },
      body: "Are the beams treated?",
    });

    const mailed = await smtp.waitForMails(
      (mail) => mail.to.includes(owner.email) && mail.text.includes("Are the beams treated?"),
      {
        timeoutMs: 20_000,
      },
    );
    expect(mailed.at(-1)!.text).toContain(`http://hub.example.test/app/enquiries/${enquiry.id}`);
    const bell = await call(owner, "/api/notifications");
    expect(JSON.stringify(bell.json)).toContain("Reclaimed oak beams");

    expect((await write(owner, enquiry.id, "No, untreated and dry.")).status).toBe(201);
    await smtp.waitForMails((mail) => mail.to.includes(asker.email) && mail.text.includes("No, untreated and dry."), {
      timeoutMs: 20_000,
    });
    for (const member of [owner, asker]) {
      const read = await call(member, `/api/enquiries/${enquiry.id}/messages`);
      expect(read.status).toBe(200);
      expect(read.json.data.messages.map((message: { body: string }) => message.body)).toEqual([
        "Are the beams treated?",
        "No, untreated and dry.",
      ]);
    }
    // Asking again adds to the same thread.
    const again = await ask(asker, listingId, "And their length?");
    expect(again.json.data.enquiry.id).toBe(enquiry.id);
    expect(again.json.data.enquiry.messages).toBe(3);
  });

  it("mails nobody who turned these mails off in their notification settings", async () => {
    const quiet = await registerMember(server);
    const put = await call(quiet, "/api/notifications/preferences", {
      method: "PUT",
      body: { enquiry_message: { email: "off" } },
    });
    expect(put.status).toBe(200);
    const enquiry = (await ask(asker, addListing(quiet, "Quiet crates"), "Any left?")).json.data.enquiry;
    await write(quiet, enquiry.id, "Two.");
    await smtp.waitForMails((mail) => mail.to.includes(asker.email) && mail.text.includes("Two."), { timeoutMs: 20_000 });
    // Each notification records whether a mail left at once with it, in the message's own transaction.
    const mailedWith = (member: Member) =>
      withDatabase(
        server,
        (db) =>
          db
            .prepare(
              "SELECT emailed_at FROM notifications WHERE recipient_id = ? AND type = 'enquiry_message' AND subject_id = ?",
            )
            .get(member.id, enquiry.id) as { emailed_at: number | null },
      ).emailed_at;
    expect(mailedWith(asker)).not.toBeNull();
    expect(mailedWith(quiet)).toBeNull();
    expect(JSON.stringify((await call(quiet, "/api/notifications")).json)).toContain("Quiet crates");
  });

  it("is nobody else's: a third member gets 404 for the thread, its messages and its page, like a missing one", async () => {
    const listingId = addListing(owner, "Steel shelving");
    const enquiry = (await ask(asker, listingId, "How tall?")).json.data.enquiry;
    const missing = await call(stranger, "/api/enquiries/999999/messages");
    for (const answer of [
      await call(stranger, `/api/enquiries/${enquiry.id}/messages`),
      await write(stranger, enquiry.id, "Me too"),
    ]) {
      expect(answer.status).toBe(404);
      expect(answer.json.message).toBe(missing.json.message);
    }
    expect((await page(stranger, `/app/enquiries/${enquiry.id}`)).status).toBe(404);
    expect((await page(stranger, `/app/enquiries/messages/${asked(enquiry)}`)).status).toBe(404);
    expect((await page(asker, `/app/enquiries/${enquiry.id}`)).html).toContain("How tall?");
    // The stranger's own GET on the listing lists none of the others' threads.
    expect((await call(stranger, `/api/listings/${listingId}/enquiries`)).json.data.enquiries).toEqual([]);
  });

  it("lists one thread per member who asked for the owner, and only their own for an asker", async () => {
    const listingId = addListing(owner, "Glass jars");
    await ask(asker, listingId, "How many?");
    await ask(asker, listingId, "Lids too?");
    await ask(second, listingId, "Still there?");
    const owners = (await call(owner, `/api/listings/${listingId}/enquiries`)).json.data.enquiries;
    expect(owners.map((thread: { asker: { id: number } }) => thread.asker.id).sort()).toEqual([asker.id, second.id].sort());
    const askers = (await call(asker, `/api/listings/${listingId}/enquiries`)).json.data.enquiries;
    expect(askers).toHaveLength(1);
    expect(askers[0].messages).toBe(2);
    const listed = await page(owner, `/app/marketplace/${listingId}`);
    expect(listed.html).toContain("Questions from members");
    expect((await page(owner, "/app/enquiries")).html).toContain("Glass jars");
  });

  it("refuses the owner's own listing, a blocked pair (403) and listings that take no requests", async () => {
    const listingId = addListing(owner, "Copper pipe");
    const own = await ask(owner, listingId, "Anyone?");
    expect(own.status).toBe(409);
    expect(own.json.message).toMatch(/your own listing/);
    expect((await ask(asker, addListing(owner, "Paused pipe", { status: "paused" }), "Hi")).status).toBe(404);
    expect((await ask(asker, addListing(owner, "Sample pipe", { is_sample: 1 }), "Hi")).status).toBe(409);

    const blocker = await registerMember(server);
    const blockersListing = addListing(blocker, "Brass fittings");
    const enquiry = (await ask(asker, blockersListing, "Sizes?")).json.data.enquiry;
    expect((await call(blocker, `/api/users/${asker.id}/block`, { method: "POST" })).status).toBe(200);
    const blocked = await write(asker, enquiry.id, "Hello?");
    expect(blocked.status).toBe(403);
    expect(blocked.json.message).toBe("You cannot message this member.");
    // The one who blocked cannot write either, nor does the asker reach the listing any more.
    expect((await write(blocker, enquiry.id, "Bye")).status).toBe(403);
  });

  it("counts each message against the hourly message allowance (429 past it), as an order's messages", async () => {
    const chatty = await registerMember(server);
    const listingId = addListing(owner, "Bricks");
    const enquiry = (await ask(chatty, listingId, "Question 1")).json.data.enquiry;
    for (let count = 2; count <= 60; count++) expect((await write(chatty, enquiry.id, `Question ${count}`)).status).toBe(201);
    const refused = await write(chatty, enquiry.id, "Question 61");
    expect(refused.status).toBe(429);
    expect(refused.json.message).toMatch(/^You are sending messages too often\. Please try again in \d+ minutes?\.$/);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
  });

  it("lets the other member report a message, which reaches the moderators' queue", async () => {
    const admin = await registerAdmin(server);
    const listingId = addListing(owner, "Roof tiles");
    const messageId = (await ask(asker, listingId, "Send me your bank details")).json.data.message.id;
    const report = { target_type: "enquiry_message", target_id: messageId, reason: "spam" };
    // Only the thread's two see the message: for anyone else it is missing.
    expect((await call(stranger, "/api/reports", { method: "POST", body: report })).status).toBe(404);
    expect((await call(asker, "/api/reports", { method: "POST", body: report })).status).toBe(400);
    expect((await call(owner, "/api/reports", { method: "POST", body: report })).status).toBe(201);
    const queue = await call(admin, "/api/admin/reports");
    const group = queue.json.data.reports.find(
      (g: { target: { id: number; type: string } }) => g.target.type === "enquiry_message" && g.target.id === messageId,
    );
    expect(group).toMatchObject({ count: 1, state: "open", target: { author: { id: asker.id } } });
    const queuePage = await fetch(server.url + "/app/admin/reports", { headers: { cookie: `session=${admin.token}` } });
    expect(queuePage.status).toBe(200);
    expect(await queuePage.text()).toContain("Send me your bank details");
    // A private message is not hidden: moderators dismiss the reports (or suspend its author).
    const resolve = (action: string) =>
      call(admin, `/api/admin/reports/${group.id}/resolve`, { method: "POST", body: { action, note: "Checked." } });
    const hide = await resolve("hide");
    expect(hide.status).toBe(409);
    expect(hide.json.message).toMatch(/not hidden/);
    expect((await resolve("dismiss")).status).toBe(200);
    const told = (await call(owner, "/api/notifications")).json.data.notifications.find(
      (n: { type: string }) => n.type === "report_resolved",
    );
    expect(told.url).toBe(`/app/enquiries/messages/${messageId}`);
    const ownerPage = await fetch(server.url + told.url, { redirect: "manual", headers: { cookie: `session=${owner.token}` } });
    expect(ownerPage.headers.get("location")).toMatch(new RegExp(`^/app/enquiries/\\d+#message-${messageId}$`));
  });
});

describe("a member who deletes their account", () => {
  it("leaves the thread to the other member, naming a deleted member, and the listing's title once the listing is gone", async () => {
    const leavingOwner = await registerMember(server);
    const leavingAsker = await registerMember(server);
    const kept = addListing(owner, "Crates kept");
    const gone = addListing(leavingOwner, "Crates gone");
    const askersThread = (await ask(leavingAsker, kept, "Stackable?")).json.data.enquiry;
    const ownersThread = (await ask(asker, gone, "Still there?")).json.data.enquiry;
    await write(leavingOwner, ownersThread.id, "Yes.");
    for (const member of [leavingAsker, leavingOwner]) {
      expect((await call(member, "/api/users/me", { method: "DELETE", body: { password: member.password } })).status).toBe(200);
    }
    const left = await call(owner, `/api/enquiries/${askersThread.id}/messages`);
    expect(left.json.data.messages).toEqual([
      expect.objectContaining({ body: "Stackable?", author: expect.objectContaining({ username: "a deleted member" }) }),
    ]);
    const threads = (await call(asker, "/api/enquiries/" + ownersThread.id + "/messages")).json.data.messages;
    expect(threads.map((message: { body: string }) => message.body)).toEqual(["Still there?", "Yes."]);
    const page = await fetch(`${server.url}/app/enquiries`, { headers: { cookie: `session=${asker.token}` } });
    expect(await page.text()).toContain("Crates gone");
  });
});

describe("turning a thread into an order", () => {
  it("places the request and carries the thread's messages into the order, with JavaScript off", async () => {
    const listingId = addListing(owner, "Scaffold boards", { quantity: 8 });
    const enquiry = (await ask(asker, listingId, "Can I collect Saturday?")).json.data.enquiry;
    await write(owner, enquiry.id, "Saturday is fine.");

    const threadPage = await page(asker, `/app/enquiries/${enquiry.id}`);
    expect(threadPage.html).toContain("Turn this into an order");
    expect((await page(owner, `/app/enquiries/${enquiry.id}`)).html).not.toContain("Turn this into an order");

    const refused = await post(asker, `/app/enquiries/${enquiry.id}`, {
      intent: "order",
      quantity: "80",
      handover: "collection",
    });
    expect(refused.status).toBe(409);
    expect(refused.html).toContain("Turn this into an order");

    const sent = await post(asker, `/app/enquiries/${enquiry.id}`, { intent: "order", quantity: "3", handover: "collection" });
    expect(sent.status).toBe(302);
    const orderId = Number(/\/app\/orders\/(\d+)$/.exec(sent.location ?? "")?.[1]);
    expect(orderId).toBeGreaterThan(0);
    const order = await call(asker, `/api/orders/${orderId}`);
    expect(order.json.data.order).toMatchObject({ quantity: 3, state: "requested", handover: "collection" });
    const carried = await call(owner, `/api/orders/${orderId}/messages`);
    expect(
      carried.json.data.messages.map((message: { body: string; author: { id: number } }) => [message.author.id, message.body]),
    ).toEqual([
      [asker.id, "Can I collect Saturday?"],
      [owner.id, "Saturday is fine."],
    ]);
    // The thread names its order and takes no second one.
    expect((await page(asker, `/app/enquiries/${enquiry.id}`)).html).toContain(`order #${orderId}`);
    const twice = await post(asker, `/app/enquiries/${enquiry.id}`, { intent: "order", quantity: "1", handover: "collection" });
    expect(twice.html).toContain("already an order");
  });
});

describe("the pages without JavaScript", () => {
  it("asks from the listing's page, answers on the thread's page, and shows errors beside the form", async () => {
    const listingId = addListing(owner, "Timber offcuts");
    const listingPage = await page(asker, `/app/marketplace/${listingId}`);
    expect(listingPage.html).toContain("Ask the seller");
    expect((await page(owner, `/app/marketplace/${listingId}`)).html).not.toContain("Your question");

    const empty = await post(asker, `/app/marketplace/${listingId}`, { intent: "ask", body: "   " });
    expect(empty.status).toBe(400);
    expect(empty.html).toContain("Write a message");

    const asked = await post(asker, `/app/marketplace/${listingId}`, { intent: "ask", body: "Kiln dried?" });
    expect(asked.status).toBe(302);
    const enquiryPath = asked.location!;
    expect(enquiryPath).toMatch(/^\/app\/enquiries\/\d+$/);

    const answered = await post(owner, enquiryPath, { intent: "message", body: "Yes, kiln dried." });
    expect(answered.status).toBe(302);
    const thread = await page(asker, enquiryPath);
    expect(thread.html).toContain("Kiln dried?");
    expect(thread.html).toContain("Yes, kiln dried.");
    expect((await post(stranger, enquiryPath, { intent: "message", body: "Hi" })).status).toBe(404);
  });
});

/** The message a notice of it leads to goes through the thread; its id, for the 404 check. */
function asked(enquiry: { id: number }) {
  return withDatabase(
    server,
    (db) =>
      (db.prepare("SELECT id FROM enquiry_messages WHERE enquiry_id = ? ORDER BY id LIMIT 1").get(enquiry.id) as { id: number })
        .id,
  );
}
