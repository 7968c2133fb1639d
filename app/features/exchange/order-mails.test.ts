import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { jobs } from "../../../db/schema";
import { getDb } from "~/services/database/db.server";
import { queueOrderMail, renderOrderMail, type OrderMail } from "./order-mails.server";

const base: OrderMail = {
  to: "sofia@example.org",
  name: "Sofia",
  event: "request",
  actor: "Bram",
  orderId: 12,
  link: "http://circular.test/app/orders/12",
  title: "Office chairs",
  quantity: "2 pieces",
  noun: "request",
  text: null,
};

const mail = (fields: Partial<OrderMail>) => renderOrderMail({ ...base, ...fields });

describe("a mail folding several changes", () => {
  it("tells each change in order under one subject, and names every kind its unsubscribe link stops", () => {
    const unsubscribe = {
      oneClick: "http://circular.test/api/notifications/unsubscribe?token=t",
      page: "http://circular.test/notifications/unsubscribe?token=t",
      preferences: "http://circular.test/app/settings/notifications",
    };
    const sent = mail({
      event: "accept",
      also: [
        { event: "message", actor: "Bram", text: "Tuesday at nine?" },
        { event: "complete", actor: "Bram", text: null },
      ],
      unsubscribe,
    });
    expect(sent.subject).toBe('3 updates on the order for "Office chairs"');
    const told = [
      'Bram accepted your request for 2 pieces of "Office chairs".',
      "Tuesday at nine?",
      'Bram confirmed that the order for 2 pieces of "Office chairs" changed hands.',
    ].map((line) => sent.text.indexOf(line));
    expect(told.every((at) => at > 0)).toBe(true);
    expect([...told].sort((a, b) => a - b)).toEqual(told);
    expect(sent.text).toContain("changes of and messages about your orders");
  });
});

describe("a mail folding more changes than it tells", () => {
  it("folds 50 changes into the waiting mail and counts the ones after", async () => {
    const { link: _link, ...fields } = { ...base, orderId: 4242 };
    const ids = new Set(
      await Promise.all(
        Array.from({ length: 54 }, (_, i) =>
          queueOrderMail(getDb(), { ...fields, event: "message", text: `Note ${i}.` }, { foldSeconds: 60 }),
        ),
      ),
    );
    expect(ids.size).toBe(1);
    const payload = (await getDb()
      .select()
      .from(jobs)
      .where(eq(jobs.id, [...ids][0]!))
      .get())!.payload as OrderMail;
    expect(payload).toMatchObject({ text: "Note 0.", more: 3 });
    expect(payload.also).toHaveLength(50);
  });

  it("counts the rest in its subject and says where they are", () => {
    const also = Array.from({ length: 50 }, () => ({ event: "message" as const, actor: "Bram", text: "More." }));
    const sent = mail({ event: "message", text: "First.", also, more: 3 });
    expect(sent.subject).toBe('54 updates on the order for "Office chairs"');
    expect(sent.text).toContain("And 3 more changes: the order page shows them all.");
  });
});

describe("the order mails", () => {
  it("says who asked for what, with the message and the link to the order", () => {
    const sent = mail({ text: "Friday suits us" });
    expect(sent.to).toBe("sofia@example.org");
    expect(sent.subject).toBe('New request for "Office chairs"');
    expect(sent.text).toContain("Hello Sofia,");
    expect(sent.text).toContain('Bram asks for 2 pieces of your listing "Office chairs".');
    expect(sent.text).toContain("Their message: Friday suits us");
    expect(sent.text).toContain("Open the order: http://circular.test/app/orders/12");
    expect(sent.html).toContain('href="http://circular.test/app/orders/12"');
  });

  it("calls an answer to a wanted listing an offer", () => {
    expect(mail({ noun: "offer" })).toMatchObject({ subject: 'New offer for "Office chairs"' });
    expect(mail({ noun: "offer" }).text).toContain('Bram offers 2 pieces for your wanted listing "Office chairs".');
    expect(mail({ noun: "offer", event: "accept" }).subject).toBe('Your offer for "Office chairs" was accepted');
  });

  it("tells each move in plain words, with the reason of a decline or a cancellation", () => {
    expect(mail({ event: "accept" }).text).toContain('Bram accepted your request for 2 pieces of "Office chairs".');
    const declined = mail({ event: "decline", text: "Sold at the market" });
    expect(declined.subject).toBe('Your request for "Office chairs" was declined');
    expect(declined.text).toContain("Their reason: Sold at the market");
    expect(mail({ event: "cancel" }).subject).toBe('The order for "Office chairs" was cancelled');
    expect(mail({ event: "cancel" }).text).not.toContain("Their reason");
    expect(mail({ event: "complete" }).text).toContain("Confirm it too on the order page, and the order is completed.");
    // Confirming completion reads apart from accepting: neither subject could be taken for the other.
    expect(mail({ event: "complete" }).subject).toBe('Bram confirmed completion of the order for "Office chairs"');
    expect(mail({ event: "completed" }).subject).toBe('The order for "Office chairs" is completed');
    expect(mail({ event: "completed" }).text).toContain("You can now review Bram on the order page.");
  });

  it("carries a new message's text, and escapes it in the HTML part", () => {
    const sent = mail({ event: "message", text: "Gate code <1234> & park at the back" });
    expect(sent.subject).toBe('New message about "Office chairs"');
    expect(sent.text).toContain("Gate code <1234> & park at the back");
    expect(sent.html).toContain("Gate code &lt;1234&gt; &amp; park at the back");
    expect(sent.html).not.toContain("<1234>");
  });
});

describe("the mails of an offer's counter", () => {
  it("tells the owner the offered price and that they may counter it", () => {
    const offered = mail({ offer: "$35 per piece" });
    expect(offered.text).toContain("They offer $35 per piece, below your asking price.");
    expect(offered.text).toContain("counter with a price of your own");
    expect(mail({}).text).not.toContain("counter");
  });

  it("tells the requester the owner's price, and the owner that the counter was accepted", () => {
    const countered = mail({ event: "counter", text: "$6.50 per piece" });
    expect(countered.subject).toBe('A counter to your offer for "Office chairs"');
    expect(countered.text).toContain(
      'Bram answered your offer for 2 pieces of "Office chairs" with a price of their own: $6.50 per piece.',
    );
    const accepted = mail({ event: "accept_counter" });
    expect(accepted.subject).toBe('Your counter for "Office chairs" was accepted');
    expect(accepted.text).toContain("the order is accepted at your price");
  });
});
