import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerEncodingOf, encodedHeaders, writeEncodedStream, writeWholeAnswer } from "./answer-encoding.server";

const json = { contentType: "application/json", cacheControl: null, contentEncoding: null, length: 5000 };
const asking = (acceptEncoding?: string, method = "GET") => ({
  method,
  headers: acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding },
});

describe("the encoding of an answer the edge makes", () => {
  it("is the client's best of brotli, gzip and deflate, brotli or gzip first when it takes several alike", () => {
    expect(answerEncodingOf(asking("gzip, deflate, br"), json)).toEqual({ varies: true, encoding: "br" });
    expect(answerEncodingOf(asking("gzip, deflate"), json)).toEqual({ varies: true, encoding: "gzip" });
    expect(answerEncodingOf(asking("deflate"), json)).toEqual({ varies: true, encoding: "deflate" });
    expect(answerEncodingOf(asking("gzip;q=0.5, deflate"), json)).toEqual({ varies: true, encoding: "deflate" });
    expect(answerEncodingOf(asking("*"), json)).toEqual({ varies: true, encoding: "br" });
  });

  it("is none for a client that takes none, or only what the edge does not make, but the answer still varies by it", () => {
    expect(answerEncodingOf(asking(), json)).toEqual({ varies: true, encoding: null });
    expect(answerEncodingOf(asking("identity"), json)).toEqual({ varies: true, encoding: null });
    expect(answerEncodingOf(asking("zstd, compress"), json)).toEqual({ varies: true, encoding: null });
    expect(answerEncodingOf(asking("gzip;q=0"), json)).toEqual({ varies: true, encoding: null });
  });

  it("is none for a body known to be under 1 KB, a HEAD's, or one already encoded", () => {
    expect(answerEncodingOf(asking("gzip"), { ...json, length: 1023 })).toEqual({ varies: true, encoding: null });
    expect(answerEncodingOf(asking("gzip"), { ...json, length: 1024 })).toEqual({ varies: true, encoding: "gzip" });
    // A streamed body of unknown length is compressed.
    expect(answerEncodingOf(asking("gzip"), { ...json, length: null })).toEqual({ varies: true, encoding: "gzip" });
    expect(answerEncodingOf(asking("gzip", "HEAD"), json)).toEqual({ varies: true, encoding: null });
    expect(answerEncodingOf(asking("gzip"), { ...json, contentEncoding: "gzip" })).toEqual({ varies: true, encoding: null });
  });

  it("leaves alone a type that does not compress, an answer without a type, and one whose Cache-Control says no-transform", () => {
    const none = { varies: false, encoding: null };
    expect(answerEncodingOf(asking("gzip"), { ...json, contentType: "image/png" })).toEqual(none);
    expect(answerEncodingOf(asking("gzip"), { ...json, contentType: null })).toEqual(none);
    expect(answerEncodingOf(asking("gzip"), { ...json, cacheControl: "private, no-transform" })).toEqual(none);
    expect(answerEncodingOf(asking("gzip"), { ...json, contentType: "text/html; charset=utf-8" }).encoding).toBe("gzip");
    expect(answerEncodingOf(asking("gzip"), { ...json, contentType: "text/csv; charset=utf-8" }).encoding).toBe("gzip");
  });

  it("adds Accept-Encoding to the answer's Vary, says how it is encoded and drops a length the encoding changes", () => {
    const headers: [string, string][] = [
      ["content-type", "application/json"],
      ["content-length", "5000"],
      ["vary", "Cookie"],
    ];
    expect(encodedHeaders(headers, { varies: true, encoding: "gzip" })).toEqual([
      "content-type",
      "application/json",
      "vary",
      "Cookie, Accept-Encoding",
      "Content-Encoding",
      "gzip",
    ]);
    expect(encodedHeaders(headers.slice(0, 2), { varies: true, encoding: null })).toEqual([
      "content-type",
      "application/json",
      "content-length",
      "5000",
      "Vary",
      "Accept-Encoding",
    ]);
    expect(encodedHeaders([["vary", "Accept-Encoding"]], { varies: true, encoding: null })).toEqual(["vary", "Accept-Encoding"]);
    expect(encodedHeaders(headers, { varies: false, encoding: null })).toEqual(headers.flat());
  });
});

describe("writing an answer", () => {
  const big = JSON.stringify({ items: Array.from({ length: 200 }, (_, i) => ({ id: i, title: `Pallets of oak ${i}` })) });
  let server: http.Server;
  let port: number;

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const headers: [string, string][] = [
        ["Content-Type", "application/json"],
        ["Content-Length", "3"],
      ];
      if (req.url === "/whole") void writeWholeAnswer(req, res, 200, "", headers, big);
      else if (req.url === "/cookies") {
        res.setHeader("X-Frame-Options", "DENY");
        res.setHeader("Content-Security-Policy", "default-src 'none'");
        const page: [string, string][] = [
          ["Content-Type", "text/html"],
          ["Content-Security-Policy", "default-src 'self'"],
          ["Set-Cookie", "session=a; HttpOnly"],
          ["Set-Cookie", "toast=b; HttpOnly"],
        ];
        void writeWholeAnswer(req, res, 302, "", page, "");
      } else if (req.url === "/small") void writeWholeAnswer(req, res, 201, "Made", headers, '{"a":1}');
      else if (req.url === "/stream") {
        res.writeHead(200, encodedHeaders([["Content-Type", "text/csv"]], { varies: true, encoding: "gzip" }));
        const lines = Array.from({ length: 2000 }, (_, i) => `${i},oak\r\n`);
        const body = new ReadableStream<Uint8Array>({
          pull(controller) {
            const line = lines.shift();
            if (line === undefined) controller.close();
            else controller.enqueue(Buffer.from(line));
          },
        });
        void writeEncodedStream(res, body, "gzip");
      }
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  /** The raw answer, as the socket carried it: headers and undecoded bytes. */
  const ask = (path: string, headers: Record<string, string> = {}, method = "GET") =>
    new Promise<{ status: number; message: string; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      const request = http.request({ port, path, headers, method }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode!,
            message: response.statusMessage!,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
      });
      request.on("error", reject);
      request.end();
    });

  it("sends a whole body compressed for a client that takes it, with the compressed length", async () => {
    const answer = await ask("/whole", { "accept-encoding": "gzip" });
    expect(answer.headers["content-encoding"]).toBe("gzip");
    expect(answer.headers.vary).toBe("Accept-Encoding");
    expect(Number(answer.headers["content-length"])).toBe(answer.body.byteLength);
    expect(answer.body.byteLength).toBeLessThan(Buffer.byteLength(big) / 3);
    expect(zlib.gunzipSync(answer.body).toString()).toBe(big);
    const brotli = await ask("/whole", { "accept-encoding": "br" });
    expect(zlib.brotliDecompressSync(brotli.body).toString()).toBe(big);
  });

  it("sends it as it is, with its true length, to a client that takes no encoding, and to a HEAD without the body", async () => {
    const answer = await ask("/whole");
    expect(answer.headers["content-encoding"]).toBeUndefined();
    expect(answer.headers.vary).toBe("Accept-Encoding");
    expect(answer.headers["content-length"]).toBe(String(Buffer.byteLength(big)));
    expect(answer.body.toString()).toBe(big);
    const head = await ask("/whole", { "accept-encoding": "gzip" }, "HEAD");
    expect(head.headers["content-encoding"]).toBeUndefined();
    expect(head.headers["content-length"]).toBe(String(Buffer.byteLength(big)));
    expect(head.body.byteLength).toBe(0);
  });

  it("sends a small body as it is, with its status text", async () => {
    const answer = await ask("/small", { "accept-encoding": "gzip" });
    expect([answer.status, answer.message]).toEqual([201, "Made"]);
    expect(answer.headers["content-encoding"]).toBeUndefined();
    expect(answer.body.toString()).toBe('{"a":1}');
  });

  it("keeps every cookie an answer sets, and its own header over one the response already held", async () => {
    const answer = await ask("/cookies");
    expect(answer.status).toBe(302);
    expect(answer.headers["set-cookie"]).toEqual(["session=a; HttpOnly", "toast=b; HttpOnly"]);
    expect(answer.headers["content-security-policy"]).toBe("default-src 'self'");
    expect(answer.headers["x-frame-options"]).toBe("DENY");
  });

  it("compresses a stream as it goes", async () => {
    const answer = await ask("/stream", { "accept-encoding": "gzip" });
    expect(answer.headers["content-encoding"]).toBe("gzip");
    const text = zlib.gunzipSync(answer.body).toString();
    expect(text.split("\r\n")).toHaveLength(2001);
    expect(text.endsWith("1999,oak\r\n")).toBe(true);
  });
});
