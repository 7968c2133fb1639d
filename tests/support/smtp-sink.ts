import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export type CapturedMail = { to: string[]; raw: string; subject: string; text: string };

/** Undoes quoted-printable soft line breaks and escapes so links can be read from raw mail. */
export function decodeQuotedPrintable(body: string) {
  return body.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** A real SMTP server on loopback that keeps every message it receives; on a free port unless given one. */
export async function startSmtpSink(port = 0) {
  const mails: CapturedMail[] = [];
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onAuth(_auth, _session, callback) {
      callback(null, { user: "test" });
    },
    onData(stream, session, callback) {
      let raw = "";
      stream.setEncoding("utf8");
      stream.on("data", (chunk: string) => (raw += chunk));
      stream.on("end", () => {
        // A long subject is folded over several header lines: read it whole.
        const subject =
          /^Subject: (.*(?:\r?\n[ \t].*)*)$/m
            .exec(raw)?.[1]
            ?.replace(/\r?\n[ \t]+/g, " ")
            .trim() ?? "";
        mails.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw,
          subject,
          text: decodeQuotedPrintable(raw),
        });
        waiters.splice(0).forEach((wake) => wake());
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.server.address() as AddressInfo;
  /**
   * The mails that match once there are at least `atLeast` of them, waiting up to `timeoutMs`
   * (woken by each mail as it arrives): the one way tests wait for mail.
   */
  async function waitForMails(
    match: (mail: CapturedMail) => boolean,
    { atLeast = 1, timeoutMs = 10_000 }: { atLeast?: number; timeoutMs?: number } = {},
  ): Promise<CapturedMail[]> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = mails.filter(match);
      if (found.length >= atLeast) return found;
      if (Date.now() > deadline) throw new Error(`fewer than ${atLeast} matching mails within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 200);
      });
    }
  }
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    mails,
    waitForMails,
    /** The newest mail to `address` matching `subject`, waiting up to 10 s for it. */
    async waitFor(address: string, subject: RegExp, timeoutMs = 10_000): Promise<CapturedMail> {
      const found = await waitForMails((mail) => mail.to.includes(address) && subject.test(mail.subject), { timeoutMs }).catch(
        () => {
          throw new Error(`no mail "${subject}" to ${address} within ${timeoutMs} ms`);
        },
      );
      return found.at(-1)!;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export function resetLinkFrom(mail: CapturedMail) {
  const match = /(https?:\/\/[^\s"<]+\/auth\/reset-password\?token=[A-Za-z0-9_-]+)/.exec(mail.text);
  if (!match) throw new Error(`no reset link in mail:\n${mail.text}`);
  return match[1]!;
}
