import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../support/database";
import { api, newClientAddress, runServerExpectingExit, startServer, type TestServer } from "../support/server";

let server: TestServer;
let memberToken: string;
let memberCookie: string;

beforeAll(async () => {
  server = await startServer();
  const address = newClientAddress();
  const registered = await api(server, "/api/auth/register", {
    method: "POST",
    body: { username: "Guard Tester", email: "guard@example.org", password: "compost-heap-7" },
    headers: { "x-forwarded-for": address },
  });
  memberToken = registered.json.token;
  const login = await fetch(`${server.url}/auth/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": address },
    body: new URLSearchParams({ email: "guard@example.org", password: "compost-heap-7" }),
  });
  memberCookie = login.headers
    .getSetCookie()
    .find((cookie) => cookie.startsWith("session="))!
    .split(";")[0]!;
});

afterAll(async () => {
  await server?.stop();
});

const get = (pathname: string, headers: Record<string, string> = {}) =>
  fetch(server.url + pathname, { redirect: "manual", headers });

describe("the guard and the redirects", () => {
  it.each([
    "/app/dashboard",
    "/app/marketplace",
    "/app/marketplace/3",
    "/app/community",
    "/app/education",
    "/app/profile",
    "/app",
    "/app/nowhere",
  ])("sends a visitor from %s to the login page, remembering the path", async (pathname) => {
    const response = await get(`${pathname}?tab=local`);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`/auth/login?redirectTo=${encodeURIComponent(`${pathname}?tab=local`)}`);
  });

  it("lets a member in and sends /app to the dashboard", async () => {
    const dashboard = await get("/app/dashboard", { cookie: memberCookie });
    expect(dashboard.status).toBe(200);
    expect(await dashboard.text()).toContain("Guard Tester");
    const index = await get("/app", { cookie: memberCookie });
    expect(index.headers.get("location")).toBe("/app/dashboard");
  });

  it("sends a member's unknown /app path to the landing page", async () => {
    const response = await get("/app/nowhere", { cookie: memberCookie });
    expect(response.headers.get("location")).toBe("/");
  });

  it("clears a cookie that names no live session", async () => {
    const response = await get("/app/profile", { cookie: "session=eyJhbGciOiJIUzI1NiJ9.e30.bad" });
    expect(response.headers.get("location")).toBe("/auth/login?redirectTo=%2Fapp%2Fprofile");
    expect(response.headers.get("set-cookie")).toMatch(/^session=; .*Max-Age=0/);
  });

  it("remembers the page, not the data request, when a client-side navigation finds no session", async () => {
    const response = await get("/app/profile.data?_routes=routes%2Fapp%2Fprofile&edit=1", {
      cookie: "session=eyJhbGciOiJIUzI1NiJ9.e30.bad",
    });
    const body = await response.text();
    expect(body).toContain("/auth/login?redirectTo=%2Fapp%2Fprofile%3Fedit%3D1");
    expect(body).not.toMatch(/redirectTo=[^"]*(\.data|_routes)/);
  });

  it("sends a member's /marketplace/:id to the listing's page inside /app", async () => {
    const response = await get("/marketplace/7", { cookie: memberCookie });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/app/marketplace/7");
  });

  it.each(["/nowhere", "/auth/nothing", "/deep/unknown/path?x=1"])("redirects the unknown path %s to /", async (pathname) => {
    const response = await get(pathname);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/");
  });

  it.each([
    ["GET", "/api/nowhere"],
    ["POST", "/api/feed/unknown/deep"],
    ["DELETE", "/api"],
  ])("answers %s %s with 404 JSON", async (method, pathname) => {
    const response = await api(server, pathname, { method });
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(response.json).toEqual({ success: false, message: "This API endpoint does not exist." });
  });
});

describe("HTTP hygiene", () => {
  it("sends security headers and a fresh script nonce on every page", async () => {
    const first = await get("/");
    const second = await get("/");
    for (const response of [first, second]) {
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      expect(response.headers.get("x-powered-by")).toBeNull();
      expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    }
    const nonceOf = (csp: string | null) => /'nonce-([^']+)'/.exec(csp ?? "")?.[1];
    const nonce = nonceOf(first.headers.get("content-security-policy"));
    expect(nonce).toBeTruthy();
    expect(nonce).not.toBe(nonceOf(second.headers.get("content-security-policy")));
    // Every inline script carries its response's nonce; the second answer comes from the landing
    // page's cache, with the cached nonce replaced by its own.
    for (const response of [first, second]) {
      const html = await response.text();
      const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((match) => match[0]);
      expect(scripts.length).toBeGreaterThan(0);
      const own = nonceOf(response.headers.get("content-security-policy"));
      for (const tag of scripts) expect(tag).toContain(`nonce="${own}"`);
    }
  });

  it("locks JSON answers down too", async () => {
    const response = await api(server, "/api/nowhere");
    expect(response.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("serves hashed assets with long-lived cache headers, compressed", async () => {
    const html = await (await get("/")).text();
    const asset = /href="(\/assets\/[^"]+\.css)"/.exec(html)![1]!;
    const response = await get(asset, { "accept-encoding": "gzip" });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("content-encoding")).toBe("gzip");
  });

  it("compresses pages", async () => {
    const response = await get("/", { "accept-encoding": "gzip" });
    expect(response.headers.get("content-encoding")).toBe("gzip");
  });

  it("logs one line per request with method, path, status and milliseconds, but not assets", async () => {
    await get("/terms");
    // The line reaches the output after the answer: on a busy machine, a while after.
    await expect.poll(() => server.logs(), { timeout: 5_000 }).toMatch(/^GET \/terms 200 \d+\.\dms$/m);
    expect(server.logs()).not.toMatch(/^GET \/assets\//m);
  });

  it("shows a friendly error page without internals", async () => {
    const response = await fetch(`${server.url}/terms`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "a=1",
    });
    expect(response.status).toBe(405);
    const html = await response.text();
    // What a reader sees: the page without its scripts (the time-zone hint in the head, the data at the end).
    const visible = html.replace(/<script[\s\S]*?<\/script>/g, "");
    expect(visible).toContain("Error 405");
    expect(visible).toContain("This page does not accept that request.");
    expect(html).not.toMatch(/at .*\.js:\d+|node_modules/);
    expect(visible).not.toContain("Error: ");
  });
});

describe("sessions over the API", () => {
  it("reads the bearer token", async () => {
    const profile = await api(server, "/api/users/profile", { token: memberToken });
    expect(profile.status).toBe(200);
    expect(profile.json.user.email).toBe("guard@example.org");
  });
});

describe("start-up and shutdown", () => {
  it.each([
    [{ JWT_SECRET: "short" }, "Configuration error: JWT_SECRET must be at least 32 bytes"],
    [{ PORT: "abc" }, "Configuration error: PORT must be a whole number from 1 to 65535"],
    [{ SMTP_URL: "mail.example.org" }, "Configuration error: SMTP_URL must be a URL such as smtp://user:pass@host:587"],
    [{ MAIL_FROM: "notanemail" }, "Configuration error: MAIL_FROM must be an e-mail address such as hub@example.org"],
    [{ SKIP_BUILD_CHECK: "2" }, "Configuration error: SKIP_BUILD_CHECK must be 0 or 1"],
    [{ DATABASE_PATH: "<file>/app.db" }, "Configuration error: DATABASE_PATH: the folder <file> cannot be created or written"],
  ])("stops on bad configuration %o with one line", async (override, line) => {
    // <file> is a plain file, so no folder can be made below it (even as root).
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "circular-blocker-")), "not-a-folder");
    fs.writeFileSync(file, "");
    const fill = (value: string) => value.replace("<file>", file);
    const result = await runServerExpectingExit(
      Object.fromEntries(Object.entries(override).map(([key, value]) => [key, fill(value)])),
    );
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe(fill(line));
  });

  it("goes on serving, idle, and stops on SIGTERM once the pipe its log goes to is gone", async () => {
    const server = await startServer();
    // The process's CPU time (user and system) in clock ticks, from /proc.
    const cpuTicks = () => {
      const fields = fs.readFileSync(`/proc/${server.pid}/stat`, "utf8").split(") ")[1].split(" ");
      return Number(fields[11]) + Number(fields[12]);
    };
    server.closeOutput();
    // Each answer writes an access line into the closed pipe.
    const signIn = async () => {
      const response = await fetch(`${server.url}/auth/login`);
      await response.text();
      return response.status;
    };
    for (let i = 0; i < 3; i++) expect(await signIn()).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const before = cpuTicks();
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    // Idle: a few ticks (10 ms each) for timers, not a core kept busy logging its own failure.
    expect(cpuTicks() - before).toBeLessThan(30);
    expect(await signIn()).toBe(200);
    expect(await server.stop()).toBe(0);
  });

  it("keeps its data across a restart, then stops cleanly on SIGTERM", async () => {
    const first = await startServer();
    const address = newClientAddress();
    const registered = await api(first, "/api/auth/register", {
      method: "POST",
      body: { username: "Persistent Pat", email: "pat@example.org", password: "compost-heap-7" },
      headers: { "x-forwarded-for": address },
    });
    expect(registered.status).toBe(201);
    expect(await first.stop()).toBe(0);
    expect(first.logs()).toContain("Stopped.");
    expect(fs.statSync(path.join(first.dataDir, "secret")).mode & 0o777).toBe(0o600);

    const second = await startServer({}, first.dataDir);
    try {
      // The token from before the restart still works: same secret, same session row.
      const profile = await api(second, "/api/users/profile", { token: registered.json.token });
      expect(profile.json.user.username).toBe("Persistent Pat");
      const login = await api(second, "/api/auth/login", {
        method: "POST",
        body: { email: "pat@example.org", password: "compost-heap-7" },
        headers: { "x-forwarded-for": address },
      });
      expect(login.status).toBe(200);
    } finally {
      await second.stop();
    }
    if (!first.env.DATABASE_URL) {
      const sqlite = new Database(path.join(first.dataDir, "app.db"), { readonly: true });
      expect(sqlite.pragma("journal_mode", { simple: true })).toBe("wal");
      sqlite.close();
    }
    const db = openDatabase(first);
    const seeded = db.prepare("select count(*) as n from users where email like '%@circularhub.example'").get() as { n: number };
    // Seeded once, on the empty database, not again at the second start.
    expect(seeded.n).toBe(6);
    expect((db.prepare("select count(*) as n from posts").get() as { n: number }).n).toBe(31);
    // Every seeded picture was copied into UPLOAD_DIR under the name its row gives.
    const media = db.prepare("select file_name from post_media").all() as { file_name: string }[];
    expect(media.length).toBeGreaterThanOrEqual(8);
    expect(fs.readdirSync(path.join(first.dataDir, "uploads")).sort()).toEqual(media.map((m) => m.file_name).sort());
    db.close();
  });

  it("starts empty with SEED=0", async () => {
    const bare = await startServer({ SEED: "0" });
    await bare.stop();
    const db = openDatabase(bare);
    expect((db.prepare("select count(*) as n from users").get() as { n: number }).n).toBe(0);
    expect((db.prepare("select count(*) as n from posts").get() as { n: number }).n).toBe(0);
    expect(fs.readdirSync(path.join(bare.dataDir, "uploads"))).toEqual([]);
    db.close();
  });
});
