import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requestOrder } from "../support/factories";
import { api, registerMember, startServer, type TestServer } from "../support/server";
import { startSmtpSink } from "../support/smtp-sink";

/**
 * Mails about one order to one member within ORDER_MAIL_FOLD_SECONDS leave as one: a small trade
 * (request, accept, a few messages, both confirmations) no longer sends a mail per change.
 */

const FOLD_SECONDS = 3;
let server: TestServer;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
type Member = Awaited<ReturnType<typeof registerMember>>;

beforeAll(async () => {
  smtp = await startSmtpSink();
  server = await startServer({
    SMTP_URL: smtp.url,
    APP_URL: "http://hub.example.test",
    ORDER_MAIL_FOLD_SECONDS: String(FOLD_SECONDS),
  });
});

afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

const call = (member: Member, pathname: string, init: { method?: string; body?: unknown } = {}) =>
  api(server, pathname, { ...init, token: member.token });

const mailsTo = (member: Member) => smtp.mails.filter((mail) => mail.to.includes(member.email));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** A subject as the member reads it: the encoded words of the header decoded and joined. */
const readSubject = (subject: string) =>
  subject.replace(/\?=\s+=\?UTF-8\?Q\?/gi, "").replace(/=\?UTF-8\?Q\?(.*?)\?=/gi, (_, text: string) =>
    Buffer.from(
      text.replace(/_/g, " ").replace(/=([0-9A-F]{2})/gi, (__, hex: string) => `%${hex}`),
      "utf8",
    )
      .toString()
      .replace(/%([0-9A-F]{2})/gi, (__, hex: string) => String.fromCharCode(parseInt(hex, 16))),
  );

describe("order mails within a few minutes", () => {
  it("fold into one mail per member that tells every change in order, whose one-click link stops each kind it tells of", async () => {
    const [seller, buyer] = [await registerMember(server), await registerMember(server)];
    const listing = await call(seller, "/api/listings", {
      method: "POST",
      body: {
        kind: "sale",
        title: "Baled cardboard",
        description: "Dry, under cover.",
        category: "paper",
        material: "paper",
        condition: "used",
        quantity: 2,
        unit: "t",
        price_cents: 4000,
        location: "Leeds",
        handover: "collection",
      },
    });
    expect(listing.status).toBe(201);
    const orderId = (await requestOrder(server, buyer, listing.json.data.listing.id, { quantity: 0.5 })).id;
    const started = Date.now();
    expect(
      (await call(seller, `/api/orders/${orderId}/transitions`, { method: "POST", body: { action: "accept" } })).status,
    ).toBe(200);
    expect(
      (await call(seller, `/api/orders/${orderId}/messages`, { method: "POST", body: { body: "Tuesday at nine?" } })).status,
    ).toBe(201);
    expect(
      (await call(seller, `/api/orders/${orderId}/messages`, { method: "POST", body: { body: "Bring straps." } })).status,
    ).toBe(201);
    // Nothing leaves at once.
    await sleep(1_000);
    if (Date.now() - started < FOLD_SECONDS * 1000) expect(mailsTo(buyer)).toEqual([]);

    const mail = await smtp.waitFor(buyer.email, /updates[ _]on[ _]the[ _]order/, 20_000).catch((error) => {
      throw new Error(`${error}\n${smtp.mails.map((m) => m.subject).join("\n")}\n${server.logs()}`);
    });
    expect(readSubject(mail.subject)).toBe('3 updates on the order for "Baled cardboard"');
    const told = ["accepted your request for 0.5 t", "Tuesday at nine?", "Bring straps."].map((line) => mail.text.indexOf(line));
    expect(told.every((at) => at > 0)).toBe(true);
    expect([...told].sort((a, b) => a - b)).toEqual(told);
    // The seller's request mail and the buyer's folded one: two mails, not four.
    await sleep(500);
    expect(mailsTo(buyer)).toHaveLength(1);
    expect(mailsTo(seller)).toHaveLength(1);

    // Its one-click unsubscribe stops both kinds it told of, and nothing else.
    const oneClick = /^List-Unsubscribe: <([^>]+)>/m.exec(mail.raw.replace(/\r?\n[ \t]+/g, " "))![1]!;
    const { pathname, search } = new URL(oneClick);
    const stopped = await api(server, pathname + search, { method: "POST" });
    expect(stopped.status).toBe(200);
    expect(stopped.json.data.unsubscribed.sort()).toEqual(["order_accepted", "order_message"]);
    const preferences = (await call(buyer, "/api/notifications/preferences")).json.data.preferences;
    expect([preferences.order_accepted.email, preferences.order_message.email, preferences.order_completed.email]).toEqual([
      "off",
      "off",
      "instant",
    ]);

    // After the folded mail left, the next change starts a mail of its own.
    expect(
      (await call(seller, `/api/orders/${orderId}/transitions`, { method: "POST", body: { action: "complete" } })).status,
    ).toBe(200);
    const later = await smtp.waitFor(buyer.email, /confirmed/, 20_000);
    expect(readSubject(later.subject)).toMatch(/^Member .* confirmed /);
  }, 60_000);
});
