import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withDatabase } from "../support/database";
import { multipart, type Part } from "../support/multipart";
import { registerMember, startServer, type TestServer } from "../support/server";

/**
 * Uploads as the server reads them: files go to disk while they arrive (memory stays flat however
 * much is sent at once), a refused upload leaves nothing behind and counts against the member's
 * allowance, a post whose text is wrong is refused before its files are read, and a member sends
 * at most two uploads at once.
 */

let server: TestServer;

beforeAll(async () => {
  // Two posts an hour, so the test of the allowance reaches its end quickly.
  server = await startServer({ POSTS_PER_HOUR: "2" });
});

afterAll(async () => {
  await server?.stop();
});

const JPEG = fs.readFileSync(path.resolve("db/seed-media/sorting-line.jpg"));
/** A JPEG by its first bytes, `bytes` long. */
const jpegOf = (bytes: number) => Buffer.concat([JPEG, Buffer.alloc(bytes - JPEG.length)]);

const text: Part[] = [
  ["title", "Crate library for the market"],
  ["content", "We lend reusable crates to traders."],
  ["category", "food_waste"],
];

async function send(token: string, body: FormData) {
  const response = await fetch(`${server.url}/api/posts`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body,
  });
  return { status: response.status, headers: response.headers, json: await response.json() };
}

const uploadsDir = () => path.join(server.dataDir, "uploads");
const temporaryFiles = () => fs.readdirSync(uploadsDir()).filter((name) => name.startsWith(".upload-"));

/** The server process's memory as the kernel counts it: now (VmRSS) and at its highest so far (VmHWM). */
function memoryOf(pid: number) {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kilobytes = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)![1]);
  return { rss: kilobytes("VmRSS") * 1024, peak: kilobytes("VmHWM") * 1024 };
}

/**
 * A multipart upload sent as a stream that stops after `head` and waits: the server has started
 * reading it and is waiting for the rest. `abort` hangs up.
 */
function stalledUpload(token: string, fields: [string, string][]) {
  const boundary = `----stalled${Math.random().toString(16).slice(2)}`;
  const encoder = new TextEncoder();
  const head = [
    ...fields.map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    `--${boundary}\r\nContent-Disposition: form-data; name="media_0"; filename="big.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
  ].join("");
  const hangUp = new AbortController();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(head));
      controller.enqueue(jpegOf(256 * 1024));
    },
  });
  const response = fetch(`${server.url}/api/posts`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": `multipart/form-data; boundary=${boundary}` },
    body,
    duplex: "half",
    signal: hangUp.signal,
  } as RequestInit);
  // Hanging up rejects the answer still awaited; the test looks at the server, not at this.
  response.catch(() => {});
  return { response, abort: () => hangUp.abort() };
}

async function waitFor(condition: () => boolean, what: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const uploadsHeld = (memberId: number) =>
  withDatabase(
    server,
    (db) =>
      (
        db.prepare("SELECT count FROM rate_limits WHERE key = ?").get(`uploads:member:${memberId}`) as
          { count: number } | undefined
      )?.count ?? 0,
  );

describe("uploads are written to disk as they arrive", () => {
  it("keeps the server's memory flat while eight members send 38 MB each at once", { timeout: 120_000 }, async () => {
    const members = await Promise.all(Array.from({ length: 8 }, () => registerMember(server)));
    // One Blob for every part: the test's own memory holds 9.5 MB, not 304.
    const file = new Blob([jpegOf(9.5 * 1024 * 1024)], { type: "image/jpeg" });
    const bodyOf = () => {
      const form = multipart(text);
      for (let index = 0; index < 4; index++) form.append(`media_${index}`, file, `crate-${index}.jpg`);
      return form;
    };
    const sent = members.length * 4 * file.size;
    const before = memoryOf(server.pid);

    const answers = await Promise.all(members.map((member) => send(member.token, bodyOf())));

    expect(answers.map((answer) => answer.status)).toEqual(members.map(() => 201));
    expect(answers.every((answer) => answer.json.data.post.media.length === 4)).toBe(true);
    const after = memoryOf(server.pid);
    // Held in memory, 228 MB sent at once raised the peak by 434 MB; streamed, 304 MB raise it by
    // 40 to 55 MB: socket buffers become garbage faster than it is collected, however many
    // uploads there are. A third of what was sent is a wide margin on a loaded machine.
    expect(after.peak - before.peak).toBeLessThan(sent / 3);
    expect(temporaryFiles()).toEqual([]);
  });
});

describe("a refused upload", () => {
  it("leaves no file behind and counts against the member's posting allowance (POSTS_PER_HOUR 2)", async () => {
    const member = await registerMember(server);
    const filesBefore = fs.readdirSync(uploadsDir()).sort();

    const tooLarge = await send(
      member.token,
      multipart([...text, ["media_0", jpegOf(11 * 1024 * 1024), "big.jpg", "image/jpeg"]]),
    );
    expect(tooLarge.status).toBe(413);
    const notAnImage = await send(
      member.token,
      multipart([...text, ["media_0", Buffer.from("%PDF-1.7\n%âãÏÓ\n1 0 obj\n".repeat(10_000)), "doc.jpg", "image/jpeg"]]),
    );
    expect(notAnImage.status).toBe(415);
    expect(fs.readdirSync(uploadsDir()).sort()).toEqual(filesBefore);

    // Both refusals took the hour's two posts: a valid one is now refused for the allowance.
    const valid = await send(member.token, multipart(text));
    expect(valid.status).toBe(429);
    expect(valid.json.message).toMatch(/^You are posting too often\. Please try again in \d+ minutes?\.$/);
    expect(Number(valid.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("is refused for its text before its file is read, when the text comes first", async () => {
    const member = await registerMember(server);
    // The file never ends: only a refusal made before reading it can answer.
    const upload = stalledUpload(member.token, [
      ["title", ""],
      ["content", "We lend reusable crates to traders."],
      ["category", "food_waste"],
    ]);
    try {
      const response = await upload.response;
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ success: false, errors: { title: "Title is required" } });
    } finally {
      upload.abort();
    }
    await waitFor(() => temporaryFiles().length === 0, "the refused upload's temporary file to go");
  });
});

describe("uploads at once", () => {
  it("lets a member send two at a time; a third is answered 429 with Retry-After until one ends", async () => {
    const member = await registerMember(server);
    const first = stalledUpload(member.token, text as [string, string][]);
    const second = stalledUpload(member.token, text as [string, string][]);
    try {
      await waitFor(() => uploadsHeld(member.id) === 2, "both uploads to be under way");
      const third = await send(member.token, multipart([...text, ["media_0", JPEG, "crate.jpg", "image/jpeg"]]));
      expect(third.status).toBe(429);
      expect(third.headers.get("retry-after")).toBe("10");
      expect(third.json).toEqual({
        success: false,
        message: "You can send 2 uploads at a time. Please wait for the others to finish.",
        errors: { form: "You can send 2 uploads at a time. Please wait for the others to finish." },
      });
      // Another member is not held up by this one's uploads.
      const other = await registerMember(server);
      expect((await send(other.token, multipart([...text, ["media_0", JPEG, "crate.jpg", "image/jpeg"]]))).status).toBe(201);
    } finally {
      first.abort();
      second.abort();
    }
    // A client that hangs up frees its slot and leaves no temporary file.
    await waitFor(() => uploadsHeld(member.id) === 0, "the abandoned uploads' slots to be given back");
    await waitFor(() => temporaryFiles().length === 0, "the abandoned uploads' temporary files to go");
    expect((await send(member.token, multipart([...text, ["media_0", JPEG, "crate.jpg", "image/jpeg"]]))).status).toBe(201);
  });
});
