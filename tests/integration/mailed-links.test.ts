import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withDatabase } from "../support/database";
import { api, newClientAddress, registerMember, startServer, type TestServer } from "../support/server";
import { resetLinkFrom, startSmtpSink } from "../support/smtp-sink";

/**
 * A link that signs someone in or changes an account (a password reset, an e-mail confirmation)
 * is never written to the database in clear: not while its mail waits in the jobs table, not in
 * the WAL, not after. The token is made when the mail is sent, and only its hash is stored.
 */

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

const post = (
  pathname: string,
  body: unknown,
  { address = newClientAddress(), token }: { address?: string; token?: string } = {},
) => api(server, pathname, { method: "POST", body, token, headers: { "x-forwarded-for": address } });

/**
 * The database file and its WAL as they are on disk, and the jobs table as a reader sees it; on
 * PostgreSQL, whose files are the cluster's, every table's rows as text.
 */
function databaseAsStored() {
  if (server.env.DATABASE_URL) {
    return withDatabase(server, (db) => {
      const tables = db
        .prepare("SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'")
        .pluck()
        .all() as string[];
      const bytes = tables.map((table) =>
        Buffer.from(String(db.prepare(`SELECT coalesce(json_agg(t)::text, '') FROM "${table}" t`).pluck().get())),
      );
      return { bytes, jobs: JSON.stringify(db.prepare("SELECT kind, payload, last_error FROM jobs").all()) };
    });
  }
  const file = path.join(server.dataDir, "app.db");
  const bytes = [file, `${file}-wal`].filter((name) => fs.existsSync(name)).map((name) => fs.readFileSync(name));
  const db = new Database(file, { readonly: true });
  try {
    const jobs = JSON.stringify(db.prepare("SELECT kind, payload, last_error FROM jobs").all());
    return { bytes, jobs };
  } finally {
    db.close();
  }
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

function expectNowhereStored(token: string) {
  const { bytes, jobs } = databaseAsStored();
  expect(bytes.length).toBeGreaterThan(0);
  for (const file of bytes) expect(file.includes(Buffer.from(token)), "the token is in the database's files").toBe(false);
  expect(jobs).not.toContain(token);
}

describe("a password reset link", () => {
  it("is made when its mail is sent: never stored, works once, and a retry after a failed send mails a working one", async () => {
    const member = await registerMember(server);
    await smtp.close();
    expect((await post("/api/auth/forgot-password", { email: member.email })).status).toBe(200);
    await expect
      .poll(() => server.logs(), { timeout: 10_000 })
      .toMatch(new RegExp(`Reset your Circular Hub password" to ${escape(member.email)}.*failed on attempt 1`));
    // While the mail waits for its next attempt, the queue holds no link.
    expect(databaseAsStored().jobs).not.toMatch(/token|reset-password\?/);

    smtp = await startSmtpSink(smtpPort);
    const mail = await smtp.waitFor(member.email, /Reset your Circular Hub password/, 40_000);
    const token = new URL(resetLinkFrom(mail)).searchParams.get("token")!;
    expectNowhereStored(token);

    expect((await post("/api/auth/validate-reset-token", { token })).json).toEqual({ success: true, valid: true });
    expect((await post("/api/auth/reset-password", { token, password: "NewPassw0rd" })).status).toBe(200);
    expect((await post("/api/auth/reset-password", { token, password: "OtherPassw0rd" })).status).toBe(400);
    expect(
      (await post("/api/auth/login", { email: member.email, password: "NewPassw0rd" }, { address: member.address })).status,
    ).toBe(200);
    expectNowhereStored(token);
  }, 60_000);

  it("is not mailed once a newer request replaced it", async () => {
    const member = await registerMember(server);
    await smtp.close();
    await post("/api/auth/forgot-password", { email: member.email }, { address: member.address });
    await expect
      .poll(() => server.logs(), { timeout: 10_000 })
      .toMatch(new RegExp(`to ${escape(member.email)}.*failed on attempt 1`));
    smtp = await startSmtpSink(smtpPort);
    await post("/api/auth/forgot-password", { email: member.email }, { address: member.address });
    const mail = await smtp.waitFor(member.email, /Reset your Circular Hub password/);
    const token = new URL(resetLinkFrom(mail)).searchParams.get("token")!;
    expect((await post("/api/auth/validate-reset-token", { token })).json).toEqual({ success: true, valid: true });
    // The first request's mail, retried after 20 s, finds its link replaced and sends nothing.
    await expect
      .poll(() => server.logs(), { timeout: 40_000, interval: 500 })
      .toMatch(new RegExp(`to ${escape(member.email)}, its link leading to [^)]*\\) done on attempt 2`));
    expect(smtp.mails.filter((m) => m.to.includes(member.email))).toHaveLength(1);
    expect((await post("/api/auth/validate-reset-token", { token })).json).toEqual({ success: true, valid: true });
  }, 60_000);
});

describe("an e-mail confirmation link", () => {
  it("is never stored and works once", async () => {
    const member = await registerMember(server);
    const newEmail = `stored-${member.id}@example.org`;
    const asked = await post("/api/users/email", { email: newEmail, password: member.password }, member);
    expect(asked.status).toBe(200);
    const mail = await smtp.waitFor(newEmail, /Confirm your new Circular Hub e-mail address/);
    const token = new URL(
      /http:\/\/hub\.example\.test\/auth\/confirm-email\?token=[A-Za-z0-9_-]+/.exec(mail.text)![0],
    ).searchParams.get("token")!;
    expectNowhereStored(token);
    expect((await post("/api/users/email/confirm", { token })).status).toBe(200);
    expect((await post("/api/users/email/confirm", { token })).status).toBe(400);
    expectNowhereStored(token);
  });
});
