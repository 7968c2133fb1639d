import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../support/database";
import { api, newClientAddress, registerMember, startServer, type TestServer } from "../support/server";
import { resetLinkFrom, startSmtpSink } from "../support/smtp-sink";

let server: TestServer;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let smtpPort: number;

beforeAll(async () => {
  smtp = await startSmtpSink();
  smtpPort = Number(new URL(smtp.url).port);
  server = await startServer({ SMTP_URL: smtp.url, APP_URL: "http://hub.example.test", MAIL_FROM: "hub@example.test" });
});

afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

const post = (pathname: string, body: unknown, address = newClientAddress()) =>
  api(server, pathname, { method: "POST", body, headers: { "x-forwarded-for": address } });
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

describe("mail that fails", () => {
  it("keeps a reset mail while the mail server is down and delivers a working link once it is back", async () => {
    const member = await registerMember(server);
    await smtp.close();

    const asked = await post("/api/auth/forgot-password", { email: member.email });
    const unknown = await post("/api/auth/forgot-password", { email: "nobody@example.org" });
    expect(asked.status).toBe(200);
    expect(asked.json).toEqual({
      success: true,
      message: `If an account exists for ${member.email}, a password reset link is on its way. It expires in 15 minutes.`,
    });
    expect(asked.json.message.replace(member.email, "X")).toBe(unknown.json.message.replace("nobody@example.org", "X"));

    const failure = new RegExp(
      `Job (\\d+) \\(mail "Reset your Circular Hub password" to ${escape(member.email)}, its link leading to ` +
        `http://hub\\.example\\.test/auth/reset-password\\) failed on attempt 1 of 6: .*ECONNREFUSED.*; ` +
        `next try in 20 s \\(\\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z\\)`,
    );
    await expect.poll(() => server.logs(), { timeout: 10_000 }).toMatch(failure);
    const jobId = Number(failure.exec(server.logs())![1]);
    const db = openDatabase(server);
    const waiting = db.prepare("select state, attempts, last_error, run_at from jobs where id = ?").get(jobId) as Record<
      string,
      unknown
    >;
    expect(waiting).toMatchObject({ state: "pending", attempts: 1 });
    expect(waiting.last_error).toMatch(/ECONNREFUSED/);

    smtp = await startSmtpSink(smtpPort);
    const mail = await smtp.waitFor(member.email, /Reset your Circular Hub password/, 40_000);
    const link = resetLinkFrom(mail);
    expect(link.startsWith("http://hub.example.test/auth/reset-password?token=")).toBe(true);
    expect(smtp.mails.filter((m) => m.to.includes(member.email))).toHaveLength(1);

    const token = new URL(link).searchParams.get("token")!;
    expect((await post("/api/auth/validate-reset-token", { token })).json).toEqual({ success: true, valid: true });
    const reset = await post("/api/auth/reset-password", { token, password: "NewPassw0rd" });
    expect(reset.status).toBe(200);
    const login = await post("/api/auth/login", { email: member.email, password: "NewPassw0rd" }, member.address);
    expect(login.status).toBe(200);

    await expect.poll(() => server.logs()).toContain(`Job ${jobId} (mail "Reset your Circular Hub password" to ${member.email}`);
    await expect.poll(() => server.logs()).toMatch(new RegExp(`Job ${jobId} \\(.*\\) done on attempt 2`));
    // The secret link lived in the row only until the mail was sent.
    const done = db.prepare("select state, attempts, payload, finished_at from jobs where id = ?").get(jobId) as Record<
      string,
      unknown
    >;
    db.close();
    expect(done).toMatchObject({ state: "done", attempts: 2, payload: null });
    expect(done.finished_at).toEqual(expect.any(Number));
    const logs = server.logs();
    expect(logs).not.toContain(token);
    expect(logs).not.toMatch(/token=/);
  }, 60_000);
});

describe("jobs across a restart", () => {
  it("sends what was waiting, drops an expired reset link, and never reruns a job cut off while running", async () => {
    const first = await startServer({ SMTP_URL: smtp.url, APP_URL: "http://hub.example.test" });
    expect(first.logs()).toContain("Jobs: none waiting");
    expect(await first.stop()).toBe(0);

    const now = Date.now();
    const changed = (to: string) =>
      JSON.stringify({ template: "password-changed", to, name: "Ada", loginUrl: "http://hub.example.test/auth/login" });
    const db = openDatabase(first);
    const insert = db.prepare(
      "insert into jobs (kind, payload, state, attempts, run_at, updated_at) values ('mail', ?, ?, ?, ?, ?)",
    );
    const waiting = insert.run(changed("waiting@example.org"), "pending", 0, now, now).lastInsertRowid;
    const expired = insert.run(
      JSON.stringify({
        template: "password-reset",
        to: "late@example.org",
        name: "Ada",
        link: "http://hub.example.test/auth/reset-password?token=EXPIRED-TOKEN",
        expiresAt: now - 60_000,
      }),
      "pending",
      3,
      now,
      now - 20 * 60_000,
    ).lastInsertRowid;
    // Claimed by the last run 11 minutes before it died, and 1 minute before it died.
    const cutOff = insert.run(changed("cut-off@example.org"), "running", 1, now - 11 * 60_000, now - 11 * 60_000).lastInsertRowid;
    const recent = insert.run(changed("recent@example.org"), "running", 1, now - 60_000, now - 60_000).lastInsertRowid;
    db.close();

    const again = await startServer({ SMTP_URL: smtp.url, APP_URL: "http://hub.example.test" }, first.dataDir);
    try {
      // The two pending mails, and the next daily digest and hourly event reminders the first start scheduled.
      expect(again.logs()).toContain("Jobs: 4 waiting from before, each run when it falls due");
      await smtp.waitFor("waiting@example.org", /password was changed/);
      await expect
        .poll(() => again.logs())
        .toContain(
          `Job ${cutOff} (mail "Your Circular Hub password was changed" to cut-off@example.org) was cut off during attempt 1 ` +
            "(the server stopped or crashed while it ran); it is not run again, since it may have finished: check whether it arrived",
        );
      await expect
        .poll(() => again.logs())
        .toMatch(
          new RegExp(
            `Job ${expired} \\(mail "Reset your Circular Hub password" to late@example.org, its link leading to ` +
              "http://hub\\.example\\.test/auth/reset-password\\) failed on attempt 4 of 6: PermanentJobError: " +
              "the reset link expired before the mail could be sent.*; gave up \\(trying again cannot help\\)",
          ),
        );
      const rows = openDatabase(first);
      const state = (id: number | bigint) => rows.prepare("select state, payload from jobs where id = ?").get(id);
      expect(state(waiting)).toEqual({ state: "done", payload: null });
      expect(state(expired)).toEqual({ state: "failed", payload: null });
      expect(state(cutOff)).toEqual({ state: "interrupted", payload: null });
      // Its claim is younger than the lease: it may still be running elsewhere, so it is left alone.
      expect((state(recent) as { state: string }).state).toBe("running");
      rows.close();
      for (const to of ["late@example.org", "cut-off@example.org", "recent@example.org"]) {
        expect(smtp.mails.some((mail) => mail.to.includes(to))).toBe(false);
      }
      expect(again.logs()).not.toContain("EXPIRED-TOKEN");
    } finally {
      await again.stop();
    }
  });
});
