import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { jobs } from "../../../db/schema";
import { getDb } from "~/services/database/db.server";
import { queueEnquiryMail, renderEnquiryMail, type EnquiryMail } from "./enquiry-mails.server";

const base = {
  to: "sofia@example.org",
  name: "Sofia",
  actor: "Bram",
  enquiryId: 7,
  title: "Office chairs",
  text: "Are they adjustable?",
  unsubscribe: { userId: 1, scope: "enquiry_message" },
};

describe("the mails of questions before an order", () => {
  it("say who wrote what about which listing, with the thread's link", () => {
    const sent = renderEnquiryMail({ ...base, link: "http://circular.test/app/enquiries/7" } as EnquiryMail);
    expect(sent.subject).toBe('New message about "Office chairs"');
    expect(sent.text).toContain('Bram wrote about "Office chairs":\n\nAre they adjustable?');
    expect(sent.text).toContain("Open the thread: http://circular.test/app/enquiries/7");
  });

  it("fold the messages of one thread to one member into the mail still waiting, in order", async () => {
    const ids = new Set<number>();
    for (const text of ["First?", "Second?", "Third?"]) {
      ids.add(await queueEnquiryMail(getDb(), { ...base, enquiryId: 4243, text } as never, { foldSeconds: 60 }));
    }
    expect(ids.size).toBe(1);
    const payload = (await getDb()
      .select()
      .from(jobs)
      .where(eq(jobs.id, [...ids][0]!))
      .get())!.payload as EnquiryMail;
    const sent = renderEnquiryMail(payload);
    expect(sent.subject).toBe('3 new messages about "Office chairs"');
    const told = ["First?", "Second?", "Third?"].map((line) => sent.text.indexOf(line));
    expect(told.every((at) => at > 0)).toBe(true);
    expect([...told].sort((a, b) => a - b)).toEqual(told);
    // Another member's mail about the same thread waits apart.
    expect(
      await queueEnquiryMail(getDb(), { ...base, enquiryId: 4243, to: "bram@example.org" } as never, { foldSeconds: 60 }),
    ).not.toBe([...ids][0]);
  });
});
