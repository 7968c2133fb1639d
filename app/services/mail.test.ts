import type { AddressInfo, Socket } from "node:net";
import { eq } from "drizzle-orm";
import { SMTPServer, type SMTPServerDataStream } from "smtp-server";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { jobs } from "../../db/schema";
import { getDb, transaction } from "./database/db.server";
import { createJobRunner, defineJobKind, enqueue, PermanentJobError } from "./jobs.server";
import {
  accountSuspendedMail,
  asTheInstance,
  mailJob,
  passwordResetMail,
  queueMail,
  sendSmtp,
  type QueuedMail,
} from "./mail.server";

const link = "http://circular.test/auth/reset-password?token=SECRET-TOKEN";
/** A reset mail as an earlier version queued it, with its link (a reset mail is a job of its own now). */
const reset = (expiresAt: number): Extract<QueuedMail, { template: "password-reset" }> => ({
  template: "password-reset",
  to: "ada@example.org",
  name: "Ada",
  link,
  expiresAt,
});

const changed = {
  template: "password-changed",
  to: "ada@example.org",
  name: "Ada",
  loginUrl: "http://circular.test/auth/login",
} as const;

describe("the mail job", () => {
  it("names an earlier version's reset mail in the log by its subject, recipient and page, never its link", () => {
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

  it("refuses to queue a mail that could not be rendered", async () => {
    await expect(queueMail(getDb(), { ...changed, loginUrl: "not a link" })).rejects.toThrow();
    await expect(queueMail(getDb(), { template: "welcome" } as unknown as typeof changed)).rejects.toThrow();
  });

  it("queues the template and what it needs, in the caller's transaction", async () => {
    const id = await transaction((tx) => queueMail(tx, changed));
    expect(await getDb().select().from(jobs).where(eq(jobs.id, id)).get()).toMatchObject({ kind: "mail", payload: changed });
  });
});

/** A real SMTP server on loopback whose handling of the message data each test chooses. */
async function startSmtpServer({
  onRcptTo,
  onData,
}: {
  onRcptTo?: (callback: (error?: Error) => void) => void;
  onData: (stream: SMTPServerDataStream, sockets: Set<Socket>, callback: (error?: Error) => void) => void;
}) {
  const sockets = new Set<Socket>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onRcptTo: (_address, _session, callback) => (onRcptTo ? onRcptTo(callback) : callback()),
    onData: (stream, _session, callback) => onData(stream, sockets, callback),
  });
  server.server.on("connection", (socket: Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Reads the whole message, then hands on. */
const readAll = (stream: SMTPServerDataStream, then: () => void) => {
  stream.on("data", () => {});
  stream.on("end", then);
};

describe("a mail attempt that fails", () => {
  let servers: Array<{ close(): Promise<void> }> = [];
  afterEach(async () => {
    await Promise.all(servers.map((server) => server.close()));
    servers = [];
  });

  /** Sends one mail through a runner as a job, with the given server, and answers its row and the log. */
  async function sendAsJob(url: string, attemptMs?: number) {
    const name = `test-smtp-${Math.random().toString(36).slice(2)}`;
    const kind = defineJobKind({
      name,
      sendsMail: true,
      schema: z.object({ to: z.string() }),
      run: ({ to }) =>
        sendSmtp(url, { from: "hub@circular.test", to, subject: "Hello", text: "Hello", html: "<p>Hello</p>" }, attemptMs).then(
          () => {},
        ),
      describe: ({ to }) => `mail to ${to}`,
    });
    const lines: string[] = [];
    const runner = createJobRunner({ db: getDb(), kinds: [kind], log: (line) => lines.push(line) });
    const id = await enqueue(getDb(), kind, { to: "ada@example.org" });
    expect(await runner.runDue()).toBe(1);
    return { row: (await getDb().select().from(jobs).where(eq(jobs.id, id)).get())!, lines };
  }

  it("is tried again when it fails before the message data is sent (a recipient refused, no server listening)", async () => {
    const refusing = await startSmtpServer({
      onRcptTo: (callback) => callback(Object.assign(new Error("mailbox busy"), { responseCode: 450 })),
      onData: (stream, _sockets, callback) => readAll(stream, () => callback()),
    });
    servers.push(refusing);
    const refused = await sendAsJob(refusing.url);
    expect(refused.row).toMatchObject({ state: "pending", attempts: 1 });
    expect(refused.row.lastError).toContain("mailbox busy");
    expect(refused.lines).toEqual([expect.stringMatching(/failed on attempt 1 of 6: .*mailbox busy.*; next try in 20 s/)]);

    const gone = await startSmtpServer({ onData: (stream, _sockets, callback) => readAll(stream, () => callback()) });
    await gone.close();
    const unreachable = await sendAsJob(gone.url);
    expect(unreachable.row).toMatchObject({ state: "pending", attempts: 1 });
    expect(unreachable.lines).toEqual([expect.stringMatching(/ECONNREFUSED.*; next try in 20 s/)]);
  });

  it("is tried again when the server answers the message data with a refusal: it did not take the mail", async () => {
    const server = await startSmtpServer({
      onData: (stream, _sockets, callback) =>
        readAll(stream, () => callback(Object.assign(new Error("try later"), { responseCode: 451 }))),
    });
    servers.push(server);
    const { row, lines } = await sendAsJob(server.url);
    expect(row).toMatchObject({ state: "pending", attempts: 1 });
    expect(lines).toEqual([expect.stringMatching(/failed on attempt 1 of 6: .*try later.*; next try in 20 s/)]);
  });

  it("is not tried again when the connection drops after the message data was sent: the mail may have arrived", async () => {
    const server = await startSmtpServer({
      onData: (stream, sockets) => readAll(stream, () => sockets.forEach((socket) => socket.destroy())),
    });
    servers.push(server);
    const { row, lines } = await sendAsJob(server.url);
    expect(row).toMatchObject({ state: "failed", attempts: 1, payload: null });
    expect(row.lastError).toMatch(/after the message data was sent, so the mail may have been sent/);
    expect(lines).toEqual([
      expect.stringMatching(
        /^Job \d+ \(mail to ada@example.org\) failed on attempt 1 of 6: .*may have been sent.*; gave up \(not retried, so it is not sent twice/,
      ),
    ]);
  });

  it("ends an attempt that runs out of time, and does not try again once the message data was sent", async () => {
    // A server that takes the data and never answers (or trickles bytes, which no idle timeout notices).
    const server = await startSmtpServer({ onData: (stream) => readAll(stream, () => {}) });
    servers.push(server);
    const started = Date.now();
    const { row, lines } = await sendAsJob(server.url, 500);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(row).toMatchObject({ state: "failed", attempts: 1 });
    expect(row.lastError).toMatch(
      /ETIMEDOUT the attempt did not end within 1 s after the message data was sent, so the mail may have been sent/,
    );
    expect(lines).toEqual([expect.stringMatching(/may have been sent.*; gave up \(not retried/)]);
  });
});

describe("the suspension notice", () => {
  it("asks for a reply only when replies are read, and otherwise says whom to contact", () => {
    const notice = { until: Date.UTC(2026, 11, 1), reason: "Spam links in three posts." };
    const unread = accountSuspendedMail("m@example.org", "Mia", notice).text;
    expect(unread).toContain("suspended your account until 1 December 2026");
    expect(unread).toContain("The reason given: Spam links in three posts.");
    expect(unread).toContain("If you think this is a mistake, contact the people who run this site.");
    expect(unread).not.toMatch(/reply/i);
    const read = accountSuspendedMail("m@example.org", "Mia", { ...notice, repliesRead: true }).text;
    expect(read).toContain("If you think this is a mistake, reply to this mail.");
  });
});

describe("a mail as the instance sends it", () => {
  it("names the instance its operator named, escapes the name in the HTML, and closes with their footer line", () => {
    const mail = asTheInstance(
      passwordResetMail("a@example.org", "Ada", "https://hub.example/reset"),
      "Tyne & Wear <Loop>",
      "Loop CIC, 1 Quay",
    );
    expect(mail.subject).toBe("Reset your Tyne & Wear <Loop> password");
    expect(mail.text).not.toContain("Circular Hub");
    expect(mail.text.endsWith("\n--\nLoop CIC, 1 Quay\n")).toBe(true);
    expect(mail.html).toContain("Tyne &amp; Wear &lt;Loop&gt;");
    expect(mail.html).not.toContain("<Loop>");
    expect(mail.html).toContain('<p style="font-size:12px;color:#64748b">Loop CIC, 1 Quay</p></body>');
  });

  it("writes a name and footer with dollar signs as they are", () => {
    const mail = asTheInstance(
      passwordResetMail("a@example.org", "Ada", "https://hub.example/reset"),
      "Cash $& Carry $'",
      "Fees $& terms $`",
    );
    expect(mail.subject).toBe("Reset your Cash $& Carry $' password");
    expect(mail.text).toContain("your Cash $& Carry $' account");
    expect(mail.text.endsWith("\n--\nFees $& terms $`\n")).toBe(true);
    expect(mail.html).toContain("your Cash $&amp; Carry $&#39; account");
    expect(mail.html).toContain('<p style="font-size:12px;color:#64748b">Fees $&amp; terms $`</p></body></html>');
  });

  it("leaves a mail of an unnamed instance without a footer as it was", () => {
    const original = passwordResetMail("a@example.org", "Ada", "https://hub.example/reset");
    expect(asTheInstance(original, "Circular Hub", "")).toEqual(original);
  });
});
