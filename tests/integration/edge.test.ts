import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rawRequest } from "../support/raw-http";
import { api, newClientAddress, registerMember, startServer, type TestServer } from "../support/server";

// Hostile traffic as anyone on the internet could send it, against the real server.
let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});

afterAll(async () => {
  await server?.stop();
});

const stillServing = async () => expect((await fetch(`${server.url}/healthz`)).status).toBe(200);

describe("methods and request targets", () => {
  it.each(["TRACE", "CONNECT", "OPTIONS", "PROPFIND"])("answers %s with 405 and keeps serving", async (method) => {
    const target = method === "CONNECT" ? "127.0.0.1:80" : "/";
    const answer = await rawRequest(
      server.port,
      `${method} ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`,
    );
    expect(answer.status).toBe(405);
    expect(answer.head).toMatch(/^Allow: GET, HEAD, POST, PUT, PATCH, DELETE$/im);
    await stillServing();
  });

  it("answers a method node's parser does not know with 400, and keeps serving", async () => {
    const answer = await rawRequest(server.port, "TRACK / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
    expect(answer.status).toBe(400);
    await stillServing();
  });

  it.each([
    ["an absolute-form target", "GET http://evil.example/app HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n", 400],
    ["a protocol-relative target", "GET //evil.example/app HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n", 400],
    ["a Host with spaces", "GET /terms HTTP/1.1\r\nHost: a b c\r\nConnection: close\r\n\r\n", 200],
    ["a Host that is a URL", "GET /terms HTTP/1.1\r\nHost: http://x/\r\nConnection: close\r\n\r\n", 200],
  ])("survives %s", async (_name, head, status) => {
    const answer = await rawRequest(server.port, head);
    expect(answer.status).toBe(status);
    await stillServing();
  });
});

describe("the API and the pages, however a path is spelled", () => {
  const get = (target: string) =>
    rawRequest(server.port, `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
  const kind = (answer: { status: number; head: string }) => ({
    status: answer.status,
    json: /^content-type: application\/json/im.test(answer.head),
  });

  it("answers an API path in capitals, with escapes or with dot segments as the API, and an unknown one with JSON 404", async () => {
    const plain = kind(await get("/api/feed/trending"));
    expect(plain.json).toBe(true);
    for (const target of ["/API/feed/trending", "/%61pi/feed/trending", "/app/../api/feed/trending", "/./api/feed/trending"]) {
      expect(kind(await get(target)), target).toEqual(plain);
    }
    expect(kind(await get("/api/no-such-thing"))).toEqual({ status: 404, json: true });
    expect(kind(await get("/api"))).toEqual({ status: 404, json: true });
  });

  it("tells the browser which routes any path matches, API or page (lazy route discovery)", async () => {
    const html = await (await fetch(`${server.url}/terms`)).text();
    const version = /"version":\s*"([^"]+)"/.exec(html)![1]!;
    const paths = encodeURIComponent("/api/feed/trending,/app/dashboard,/terms");
    const answer = await fetch(`${server.url}/__manifest?version=${version}&paths=${paths}`);
    expect(answer.status).toBe(200);
    expect(Object.keys(await answer.json())).toEqual(
      expect.arrayContaining(["root", "routes/api/feed", "routes/app/layout", "routes/app/dashboard", "routes/terms"]),
    );
  });

  it("answers page paths, also those spelled through /api/.., as pages", async () => {
    for (const target of ["/terms", "/api/../terms", "/TERMS"]) {
      const answer = await get(target);
      expect(answer.status, target).toBe(200);
      expect(answer.head, target).toMatch(/^content-type: text\/html/im);
    }
    // An unknown page sends the visitor to the landing page, as the product asks.
    for (const target of ["/no-such-page", "/apis", "/%61pis"]) {
      const missing = await get(target);
      expect(missing.status, target).toBe(302);
      expect(missing.head, target).toMatch(/^location: \/$/im);
    }
  });
});

describe("page forms", () => {
  it.each([
    ["text/plain", "email=a"],
    ["application/json", '{"email":"a"}'],
    [null, ""],
  ])("answers a post to a page sent as %s with 415, never a 500", async (contentType, body) => {
    const member = await registerMember(server);
    for (const pathname of ["/auth/login", "/app/impact/new", "/app/cart"]) {
      const response = await fetch(server.url + pathname, {
        method: "POST",
        headers: {
          ...(contentType ? { "content-type": contentType } : {}),
          cookie: `session=${member.token}`,
          origin: server.url,
          "x-forwarded-for": member.address,
        },
        body: contentType ? body : undefined,
      });
      expect(response.status, pathname).toBe(415);
      expect(await response.text()).toBe("Forms are sent as application/x-www-form-urlencoded or multipart/form-data.");
    }
    await stillServing();
  });
});

describe("the edge's own answers", () => {
  it("carry the security headers, are not stored, and vary by Accept-Encoding as the app's text answers do", async () => {
    const answers = [
      // A method the server does not take, on a page's path and on an API path.
      ["PROPFIND / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", 405, "text/plain; charset=utf-8"],
      ["PROPFIND /api/posts HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", 405, "text/plain; charset=utf-8"],
      // A target that is not a path.
      ["GET //elsewhere.example/ HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept-Encoding: gzip\r\n\r\n", 400, "text/plain; charset=utf-8"],
      // A body declared over the limit, to an API path: JSON, as the API's every answer.
      [
        "POST /api/posts HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 300000000\r\n\r\n{",
        413,
        "application/json; charset=utf-8",
      ],
    ] as const;
    for (const [head, status, type] of answers) {
      const answer = await rawRequest(server.port, head);
      const header = (name: string) => new RegExp(`^${name}: (.*)$`, "im").exec(answer.head)?.[1];
      expect(answer.status, head).toBe(status);
      expect(header("content-type"), head).toBe(type);
      expect(header("cache-control"), head).toBe("no-store");
      expect(header("vary"), head).toBe("Accept-Encoding");
      expect(header("x-content-type-options"), head).toBe("nosniff");
      expect(header("content-encoding"), head).toBeUndefined();
      expect(Number(header("content-length")), head).toBe(Buffer.byteLength(answer.body));
    }
    await stillServing();
  });
});

describe("body limits, enforced while reading", () => {
  it("refuses a page form that declares 300 MB before reading it", async () => {
    const answer = await rawRequest(
      server.port,
      "POST /auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 300000000\r\n\r\nemail=a",
    );
    expect(answer.status).toBe(413);
    expect(answer.body).toBe("The request body is too large.");
    expect(answer.closed).toBe(true);
    await stillServing();
  });

  it("refuses chunked JSON to POST /api/posts once it passes the limit, with JSON", async () => {
    const member = await registerMember(server);
    const chunk = `${(64 * 1024).toString(16)}\r\n${"a".repeat(64 * 1024)}\r\n`;
    const answer = await rawRequest(
      server.port,
      `POST /api/posts HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${member.token}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n` +
        `${chunk}${chunk}${chunk}${chunk}${chunk}`,
    );
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({ success: false, message: "The request body is too large." });
    await stillServing();
  });

  it.each([
    "/auth/login",
    "/auth/register",
    "/auth/forgot-password",
    "/auth/logout",
    "/app/profile",
    "/app/marketplace/1",
    "/app/education",
    "/app/community",
  ])("refuses a chunked 200 KB form to %s with 413", async (pathname) => {
    const member = await registerMember(server);
    const chunk = `${(50 * 1024).toString(16)}\r\n${"email=".padEnd(50 * 1024, "a")}\r\n`;
    const answer = await rawRequest(
      server.port,
      `POST ${pathname} HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: session=${member.token}\r\n` +
        `Content-Type: application/x-www-form-urlencoded\r\nTransfer-Encoding: chunked\r\n\r\n${chunk.repeat(4)}0\r\n\r\n`,
    );
    expect(answer.status).toBe(413);
    await stillServing();
  });

  it("still takes a form just under the limit, and the next request on the same connection", async () => {
    const response = await fetch(`${server.url}/auth/forgot-password`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": newClientAddress() },
      body: new URLSearchParams({ email: "someone@example.org", padding: "x".repeat(60 * 1024) }),
    });
    expect(response.status).toBe(200);
    await stillServing();
  });
});

describe("behind HTTPS", () => {
  let secure: TestServer;
  beforeAll(async () => {
    secure = await startServer({ APP_URL: "https://hub.example.org", TRUST_PROXY: "1" });
  });
  afterAll(async () => {
    await secure?.stop();
  });

  const signInForm = async (headers: Record<string, string>) => {
    const address = newClientAddress();
    const email = `tls-${address.replace(/\W/g, "")}@example.org`;
    const registered = await api(secure, "/api/auth/register", {
      method: "POST",
      body: { username: "Tess Layer", email, password: "compost-heap-7" },
      headers: { "x-forwarded-for": address },
    });
    expect(registered.status).toBe(201);
    return fetch(`${secure.url}/auth/login`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": address, ...headers },
      body: new URLSearchParams({ email, password: "compost-heap-7" }),
    });
  };

  it("accepts a form post from the https page when the proxy keeps the Host", async () => {
    const response = await signInForm({
      host: "hub.example.org",
      origin: "https://hub.example.org",
      "sec-fetch-site": "same-origin",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/app/dashboard");
    expect(response.headers.get("set-cookie")).toMatch(/; Secure/);
  });

  it("accepts it when the proxy rewrites the Host to the upstream's address", async () => {
    const response = await signInForm({ origin: "https://hub.example.org", "sec-fetch-site": "same-origin" });
    expect(response.status).toBe(302);
  });

  it("believes X-Forwarded-Proto and X-Forwarded-Host from a trusted proxy", async () => {
    const response = await signInForm({
      "x-forwarded-proto": "https",
      "x-forwarded-host": "other.example.org",
      origin: "https://other.example.org",
      "sec-fetch-site": "same-origin",
    });
    expect(response.status).toBe(302);
  });

  it("sends HSTS when APP_URL is https, and not otherwise", async () => {
    expect((await fetch(`${secure.url}/terms`)).headers.get("strict-transport-security")).toBe("max-age=31536000");
    expect((await fetch(`${server.url}/terms`)).headers.get("strict-transport-security")).toBeNull();
  });
});

describe("client addresses behind proxies", () => {
  const forgot = (target: TestServer, forwardedFor: string, email: string) =>
    api(target, "/api/auth/forgot-password", { method: "POST", body: { email }, headers: { "x-forwarded-for": forwardedFor } });

  it("takes the right-most X-Forwarded-For entry, so a client cannot pick its own address", async () => {
    const real = newClientAddress();
    const statuses: number[] = [];
    // The per-address allowance for forgot-password is 10 an hour; spoofed left entries change nothing.
    for (let i = 0; i < 11; i++) statuses.push((await forgot(server, `10.0.0.${i}, ${real}`, `nobody${i}@example.org`)).status);
    expect(statuses.slice(0, 10).every((status) => status === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it("takes the N-th entry from the right with TRUST_PROXY=N", async () => {
    const twoHops = await startServer({ TRUST_PROXY: "2" });
    try {
      const real = newClientAddress();
      const statuses: number[] = [];
      // The second proxy from the client appends the first proxy's address each time.
      for (let i = 0; i < 11; i++) {
        statuses.push((await forgot(twoHops, `spoof-${i}, ${real}, 192.0.2.${i + 1}`, `nobody${i}@example.org`)).status);
      }
      expect(statuses[9]).toBe(200);
      expect(statuses[10]).toBe(429);
    } finally {
      await twoHops.stop();
    }
  });
});

describe("what the server keeps and logs", () => {
  it("creates the database and its WAL 0600, and no SQLite file at all on PostgreSQL", () => {
    for (const name of ["app.db", "app.db-wal", "app.db-shm"]) {
      const file = path.join(server.dataDir, name);
      if (server.env.DATABASE_URL) expect(fs.existsSync(file), name).toBe(false);
      else expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    }
  });

  it("logs paths without query strings and never a reset token", async () => {
    const member = await registerMember(server);
    await api(server, "/api/auth/forgot-password", {
      method: "POST",
      body: { email: member.email },
      headers: { "x-forwarded-for": member.address },
    });
    await fetch(`${server.url}/auth/reset-password?token=SECRET-TOKEN-IN-QUERY`);
    await expect.poll(() => server.logs()).toMatch(/Mail "[^"]+" to .* written to .*\.eml/);
    // An access line is written with the others of its 50 ms, so it may come after the mail's.
    await expect.poll(() => server.logs()).toContain("GET /auth/reset-password 200");
    const logs = server.logs();
    expect(logs).not.toContain("SECRET-TOKEN-IN-QUERY");
    expect(logs).not.toMatch(/token=/);
  });

  it("tells caches not to keep a member's pages, so Back after Sign Out shows nothing", async () => {
    const member = await registerMember(server);
    const page = await fetch(`${server.url}/app/dashboard`, { headers: { cookie: `session=${member.token}` } });
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("private, no-store");
    const data = await fetch(`${server.url}/app/dashboard.data`, { headers: { cookie: `session=${member.token}` } });
    expect(data.headers.get("cache-control")).toBe("private, no-store");
    // Read to the end: an answer left unread holds its connection open, and the server's stop
    // after these tests would wait out its grace period (10 s) for it.
    await Promise.all([page.arrayBuffer(), data.arrayBuffer()]);
  });
});

describe("GET /healthz", () => {
  it("answers 200 with a small JSON body while the database answers", async () => {
    const response = await fetch(`${server.url}/healthz`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({ status: "ok", database: "ok", media: "ok", storage: "ok" });
  });
});
