import { execFileSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { multipart } from "../support/multipart";
import { newClientAddress, registerMember, startServer, type TestServer } from "../support/server";

/**
 * WORKERS=2: a primary and two worker processes sharing the port. Every request here goes over a
 * connection of its own (the primary hands each new connection to the next worker in turn), so a
 * burst of requests reaches both workers; what must hold for the whole server holds across them.
 */
let server: TestServer;

beforeAll(async () => {
  server = await startServer({ WORKERS: "2", SEED: "0", POSTS_PER_HOUR: "3" });
});
afterAll(async () => {
  await server?.stop();
});

type Answer = { status: number; json: any };

/** One request over a new connection, closed after the answer (to this file's server, unless `to` names another). */
function fresh(
  pathname: string,
  {
    method = "GET",
    token,
    json,
    body,
    to = server,
  }: { method?: string; token?: string; json?: unknown; body?: { type: string; bytes: Buffer }; to?: TestServer } = {},
  address?: string,
): Promise<Answer> {
  const payload = json !== undefined ? Buffer.from(JSON.stringify(json)) : body?.bytes;
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (address) headers["x-forwarded-for"] = address;
  if (json !== undefined) headers["content-type"] = "application/json";
  if (body) headers["content-type"] = body.type;
  if (payload) headers["content-length"] = String(payload.length);
  return new Promise((resolve, reject) => {
    const request = http.request(`${to.url}${pathname}`, { method, headers, agent: false }, (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk) => (text += chunk));
      response.on("end", () => {
        let parsed: unknown;
        try {
          parsed = JSON.parse(text);
        } catch {
          parsed = undefined;
        }
        resolve({ status: response.statusCode!, json: parsed });
      });
    });
    request.on("error", reject);
    request.end(payload);
  });
}

async function inTurn(count: number, send: () => Promise<Answer>) {
  const answers: Answer[] = [];
  for (let i = 0; i < count; i++) answers.push(await send());
  return answers;
}

/** The worker pids the primary logged as started, newest last. */
const startedWorkers = () => [...server.logs().matchAll(/Worker \d+ \(pid (\d+)\) started/g)].map((match) => Number(match[1]));
const childrenOf = (pid: number) =>
  execFileSync("ps", ["--ppid", String(pid), "-o", "pid="], { encoding: "utf8" })
    .split(/\s+/)
    .filter(Boolean)
    .map(Number)
    .sort();
/** Bytes a process has written (its log lines, its answers, the database): it grows when a worker answers. */
const written = (pid: number) => Number(/^wchar: (\d+)$/m.exec(fs.readFileSync(`/proc/${pid}/io`, "utf8"))![1]);

async function waitFor(check: () => boolean, what: string) {
  for (let waited = 0; !check(); waited += 25) {
    if (waited > 10_000) throw new Error(`timed out waiting for ${what}:\n${server.logs()}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

async function newPost(token: string, title: string) {
  const form = new Request("http://form.test", {
    method: "POST",
    body: multipart([
      ["title", title],
      ["content", "Crates lent to traders at the market."],
      ["category", "food_waste"],
    ]),
  });
  const body = { type: form.headers.get("content-type")!, bytes: Buffer.from(await form.arrayBuffer()) };
  return fresh("/api/posts", { method: "POST", token, body });
}

describe("WORKERS=2", () => {
  it("starts two workers under the primary, the start-up lines once", () => {
    const workers = startedWorkers();
    expect(workers).toHaveLength(2);
    expect(childrenOf(server.pid)).toEqual([...workers].sort());
    expect(server.logs().match(/Database .*: (created|opened)/g)).toHaveLength(1);
    expect(server.logs()).toContain("with 2 workers");
  });

  it("counts sign-in attempts for the whole server: the eleventh wrong password is refused whichever worker takes it", async () => {
    const member = await registerMember(server);
    const stranger = newClientAddress();
    const workers = startedWorkers();
    const before = workers.map(written);
    const wrong = () =>
      fresh("/api/auth/login", { method: "POST", json: { email: member.email, password: "wrong-one" } }, stranger);
    const answers = await inTurn(12, wrong);
    expect(answers.map((answer) => answer.status)).toEqual([...Array(10).fill(401), 429, 429]);
    // Both workers answered some of them.
    workers.forEach((pid, i) => expect(written(pid)).toBeGreaterThan(before[i]!));
  });

  it("holds a member's publishing allowance across the workers", async () => {
    const writer = await registerMember(server);
    const answers = [];
    for (let i = 1; i <= 5; i++) answers.push((await newPost(writer.token, `Crate library ${i}`)).status);
    expect(answers).toEqual([201, 201, 201, 429, 429]);
  });

  it("refuses a session signed out through one worker in every worker at once", async () => {
    const member = await registerMember(server);
    const me = () => fresh("/api/users/profile", { token: member.token });
    expect((await inTurn(4, me)).map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    expect((await fresh("/api/auth/logout", { method: "POST", token: member.token })).status).toBe(200);
    expect((await inTurn(6, me)).map((answer) => answer.status)).toEqual([401, 401, 401, 401, 401, 401]);
  });

  it("shows a post written through one worker in the feed every worker answers right after", async () => {
    const writer = await registerMember(server);
    const reader = await registerMember(server);
    expect((await newPost(writer.token, "First crate")).status).toBe(201);
    expect((await fresh(`/api/users/${writer.id}/follow`, { method: "POST", token: reader.token })).status).toBe(200);
    const following = async () => {
      const answer = await fresh("/api/feed/following", { token: reader.token });
      expect(answer.status).toBe(200);
      return answer.json.data.posts.map((post: { title: string }) => post.title);
    };
    // Each worker keeps the list for a few seconds...
    for (const titles of await Promise.all([following(), following(), following(), following()]))
      expect(titles).toEqual(["First crate"]);
    // ...and a new post drops it in both.
    expect((await newPost(writer.token, "Second crate")).status).toBe(201);
    for (let i = 0; i < 8; i++) expect(await following()).toEqual(["Second crate", "First crate"]);
  });

  it("restarts a worker that dies, and keeps answering", async () => {
    const [victim, survivor] = startedWorkers();
    process.kill(victim!, "SIGKILL");
    await waitFor(() => server.logs().includes(`(pid ${victim}) was killed by SIGKILL; starting another`), "the death's line");
    const answers = await inTurn(6, () => fresh("/healthz"));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200]);
    await waitFor(() => startedWorkers().length === 3, "a new worker");
    const replacement = startedWorkers()[2]!;
    expect(childrenOf(server.pid)).toEqual([survivor!, replacement].sort());
  });

  it("stops every worker on SIGTERM and exits 0", async () => {
    const workers = childrenOf(server.pid);
    expect(workers).toHaveLength(2);
    expect(await server.stop()).toBe(0);
    for (const pid of workers) expect(() => process.kill(pid, 0)).toThrow();
    expect(server.logs()).toMatch(/SIGTERM received: finishing open requests…[\s\S]*Stopped\.\n$/);
  });
});

describe("WORKERS=2, when a worker's channel to the primary closes after the worker has exited", () => {
  it("still stops on SIGTERM and exits 0", async () => {
    const held = await startServer({
      WORKERS: "2",
      SEED: "0",
      NODE_OPTIONS: `--import ${path.join(import.meta.dirname, "../support/worker-channel-outlives.mjs")}`,
      CHANNEL_HELD_SECONDS: "20",
    });
    try {
      // Both workers serve before the stop, as when an operator stops a server that has run.
      for (let i = 0; i < 4; i++) expect((await fresh("/healthz", { to: held })).status).toBe(200);
      const code = await held.stop();
      expect(code, held.logs()).toBe(0);
      expect(held.logs()).toMatch(/Worker \d+ \(pid \d+\) stopped[\s\S]*Worker \d+ \(pid \d+\) stopped[\s\S]*Stopped\.\n$/);
    } finally {
      held.closeOutput();
    }
  });
});

describe("WORKERS=2, stopped while its workers are still starting", () => {
  it("stops each worker without serving and exits 0", async () => {
    const starting = await startServer(
      {
        WORKERS: "2",
        SEED: "0",
        NODE_OPTIONS: `--import ${path.join(import.meta.dirname, "../support/workers-slow-to-listen.mjs")}`,
        WORKER_LISTEN_DELAY_SECONDS: "30",
      },
      undefined,
      { until: /(waits before it listens[\s\S]*){2}/ },
    );
    try {
      const code = await starting.stop();
      expect(code, starting.logs()).toBe(0);
      expect(starting.logs()).not.toMatch(/is serving|killed by/);
      expect(starting.logs()).toMatch(/Worker \d+ \(pid \d+\) stopped[\s\S]*Worker \d+ \(pid \d+\) stopped[\s\S]*Stopped\.\n$/);
    } finally {
      starting.closeOutput();
    }
  });
});
