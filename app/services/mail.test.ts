import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { jobs } from "../../db/schema";
import { getDb } from "./db.server";
import { PermanentJobError } from "./jobs.server";
import { mailJob, passwordResetMail, queueMail, type QueuedMail } from "./mail.server";

const link = "http://circular.test/auth/reset-password?token=SECRET-TOKEN";
const reset = (expiresAt: number): Extract<QueuedMail, { template: "password-reset" }> => ({
  template: "password-reset",
  to: "ada@example.org",
  name: "Ada",
  link,
  expiresAt,
});

describe("the mail job", () => {
  it("names a reset mail in the log by its subject, recipient and page, never its link", () => {
    const line = mailJob.describe(reset(Date.now() + 15 * 60_000));
    expect(line).toBe(
      'mail "Reset your Circular Hub password" to ada@example.org, its link leading to http://circular.test/auth/reset-password',
    );
    expect(line).not.toContain("SECRET-TOKEN");
  });

  it("does not send a reset link that has expired, and does not try again", async () => {
    await expect(mailJob.run(reset(Date.now() - 1), { id: 1, attempt: 4 })).rejects.toBeInstanceOf(PermanentJobError);
  });

  it("says how long the link still works when a retry sends it late", () => {
    expect(passwordResetMail("ada@example.org", "Ada", link).text).toContain(
      "This link expires in 15 minutes and can be used once.",
    );
    expect(passwordResetMail("ada@example.org", "Ada", link, 3).text).toContain(
      "This link expires in 3 minutes and can be used once.",
    );
    expect(passwordResetMail("ada@example.org", "Ada", link, 1).text).toContain(
      "This link expires in 1 minute and can be used once.",
    );
  });

  it("refuses to queue a mail that could not be rendered", () => {
    expect(() => queueMail(getDb(), { ...reset(Date.now()), link: "not a link" })).toThrow();
    expect(() => queueMail(getDb(), { template: "welcome" } as unknown as QueuedMail)).toThrow();
  });

  it("queues the template and what it needs, in the caller's transaction", () => {
    const expiresAt = Date.now() + 15 * 60_000;
    const id = getDb().transaction((tx) => queueMail(tx, reset(expiresAt)));
    expect(getDb().select().from(jobs).where(eq(jobs.id, id)).get()).toMatchObject({ kind: "mail", payload: reset(expiresAt) });
  });
});
