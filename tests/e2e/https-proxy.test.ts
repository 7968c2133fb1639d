import http from "node:http";
import https from "node:https";
import type { AddressInfo } from "node:net";
import type { Browser } from "playwright-core";
import { generate } from "selfsigned";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { closeContexts, errorsOf, launchBrowser, newContext } from "../support/browser";
import { freePort, startServer, type TestServer } from "../support/server";

// The normal self-hosted set-up: a TLS-terminating proxy in front, APP_URL=https://…, and the
// proxy's X-Forwarded-* headers trusted (TRUST_PROXY=1). The proxy here is node's https server
// with a self-signed certificate, forwarding as Caddy and nginx do (Host kept, headers added).
let server: TestServer;
let proxy: https.Server;
let browser: Browser;
let proxyUrl: string;

beforeAll(async () => {
  const port = await freePort();
  proxyUrl = `https://127.0.0.1:${port}`;
  const pems = await generate([{ name: "commonName", value: "127.0.0.1" }], { keySize: 2048, algorithm: "sha256" });
  [server, browser] = await Promise.all([startServer({ APP_URL: proxyUrl, TRUST_PROXY: "1" }), launchBrowser()]);
  proxy = https.createServer({ key: pems.private, cert: pems.cert }, (req, res) => {
    const forwardedFor = [req.headers["x-forwarded-for"], req.socket.remoteAddress].filter(Boolean).join(", ");
    const upstream = http.request(
      {
        host: "127.0.0.1",
        port: server.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, "x-forwarded-for": forwardedFor, "x-forwarded-proto": "https" },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on("error", () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(port, "127.0.0.1", resolve));
  expect((proxy.address() as AddressInfo).port).toBe(port);
});

afterAll(async () => {
  proxy?.close();
  await browser?.close();
  await server?.stop();
});

afterEach(() => closeContexts(browser));

describe("behind a TLS proxy with APP_URL=https://…", () => {
  for (const javaScriptEnabled of [true, false]) {
    it(`registers, signs in and publishes a post with JavaScript ${javaScriptEnabled ? "on" : "off"}`, async () => {
      // A self-signed certificate: the browser is told to accept it.
      const context = await newContext(browser, { javaScriptEnabled, ignoreHTTPSErrors: true });
      const page = await context.newPage();
      const email = `tls-${javaScriptEnabled ? "js" : "nojs"}@example.org`;

      await page.goto(`${proxyUrl}/auth/register`);
      await page.getByLabel("Full name").fill("Tess Layer");
      await page.getByLabel("Email address").fill(email);
      await page.getByLabel("Password", { exact: true }).fill("compost-heap-7");
      await page.getByLabel("Confirm password").fill("compost-heap-7");
      await page.getByRole("checkbox").check();
      await page.getByRole("button", { name: "Create account" }).click();
      await page
        .getByRole("dialog", { name: "Registration Successful!" })
        .getByRole("link", { name: "Continue to Sign In" })
        .click();

      await page.waitForURL(/\/auth\/login$/);
      // With JavaScript the address changes before the sign-in page replaces the registration
      // form, whose fields have the same labels: filling those would leave the sign-in form empty.
      await page.getByRole("heading", { name: "Welcome back" }).waitFor();
      await page.getByLabel("Email address").fill(email);
      await page.getByLabel("Password", { exact: true }).fill("compost-heap-7");
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.waitForURL(`${proxyUrl}/app/dashboard`);
      const cookies = await context.cookies();
      expect(cookies.find((cookie) => cookie.name === "session")?.secure).toBe(true);

      await page.goto(`${proxyUrl}/app/community?compose=1`);
      const form = page.getByRole("dialog");
      await form.getByRole("heading", { name: "Create Post" }).waitFor();
      // With JavaScript, forms add `_enhanced` once the page is hydrated: wait for it before clicking.
      if (javaScriptEnabled) await page.locator('input[name="_enhanced"]').first().waitFor({ state: "attached" });
      const title = `Sent over TLS ${javaScriptEnabled ? "with" : "without"} JavaScript`;
      await form.getByLabel("Title").fill(title);
      await form.getByLabel("Content").fill("Through the proxy and back.");
      await form.getByLabel("Category", { exact: true }).selectOption("recycling");
      await form.getByRole("button", { name: "Publish" }).click();
      await form.waitFor({ state: "detached" });
      await page.getByRole("heading", { name: title }).waitFor();
      expect(errorsOf(page)).toEqual([]);
      await context.close();
    });
  }
});
