import net from "node:net";

export type RawAnswer = { status: number; head: string; body: string; closed: boolean };

/**
 * Sends bytes as they are on a fresh TCP connection and reads the answer, for requests that
 * fetch() will not send (TRACE, a lying Content-Length, a bad Host). `rest` is sent after the
 * head, if the server has not answered and closed by then.
 */
export function rawRequest(
  port: number,
  head: string,
  { rest, timeoutMs = 10_000 }: { rest?: Buffer | string; timeoutMs?: number } = {},
) {
  return new Promise<RawAnswer>((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    let received = "";
    let settled = false;
    const finish = (closed: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      const [headText = "", body = ""] = received.split("\r\n\r\n", 2);
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(headText)?.[1] ?? 0);
      if (!status) reject(new Error(`no answer: ${JSON.stringify(received.slice(0, 200))}`));
      else resolve({ status, head: headText, body, closed });
    };
    const timer = setTimeout(() => finish(false), timeoutMs);
    socket.on("data", (chunk) => {
      received += chunk.toString("latin1");
      // One answer is enough: stop once its head and a little body are in.
      if (/\r\n\r\n/.test(received) && !/transfer-encoding: chunked/i.test(received)) {
        const length = Number(/content-length: (\d+)/i.exec(received)?.[1] ?? -1);
        const body = received.split("\r\n\r\n", 2)[1] ?? "";
        if (length >= 0 && body.length >= length) finish(/connection: close/i.test(received));
      }
    });
    socket.on("end", () => finish(true));
    socket.on("close", () => finish(true));
    socket.on("error", () => finish(true));
    socket.write(head);
    if (rest !== undefined) socket.write(rest, () => {});
  });
}
