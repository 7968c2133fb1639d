import type { Browser } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { seriousAxeFindings, sidewaysOverflow } from "../support/a11y";
import { closeContexts, errorsOf, launchBrowser, newContext } from "../support/browser";
import { withDatabase } from "../support/database";
import { registerAdmin } from "../support/moderation";
import { registerMember, startServer, type TestServer } from "../support/server";

/** A member's admin page on a 320 px phone: it fits a long name, passes axe, and a change is told by a toast. */

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterEach(() => closeContexts(browser));

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("a member's admin page", () => {
  it("fits 320 px with a long name, passes axe, and verifies in place", async () => {
    const admin = await registerAdmin(server);
    const member = await registerMember(server);
    const longName = "Kreislaufwirtschaftsgenossenschaftsvorsitzende-Maximiliana";
    withDatabase(server, (db) => db.prepare("UPDATE users SET username = ? WHERE id = ?").run(longName, member.id));

    const context = await newContext(browser, { viewport: { width: 320, height: 640 }, bypassCSP: true });
    await context.addCookies([{ name: "session", value: admin.token, url: server.url }]);
    const page = await context.newPage();
    await page.goto(`${server.url}/app/admin/members/${member.id}`);
    await expect(page.getByRole("heading", { level: 1, name: longName }).isVisible()).resolves.toBe(true);
    expect(await sidewaysOverflow(page)).toBe(0);
    expect(await seriousAxeFindings(page)).toEqual([]);

    await page.getByRole("button", { name: "Verify", exact: true }).click();
    await page.getByText("Verified mark given.").waitFor();
    await page.getByRole("button", { name: "Remove verified mark" }).waitFor();
    expect(withDatabase(server, (db) => db.prepare("SELECT is_verified FROM users WHERE id = ?").get(member.id))).toEqual({
      is_verified: 1,
    });
    expect(errorsOf(page)).toEqual([]);
    await context.close();
  });
});
