import type { Browser } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { seriousAxeFindings, sidewaysOverflow } from "../support/a11y";
import { closeContexts, errorsOf, launchBrowser, signedInContext } from "../support/browser";
import { api, startServer, type TestServer } from "../support/server";

/**
 * The account settings in a real browser, with JavaScript on and off: changing the password and
 * deleting the account, and every settings page readable and usable on a 320 px phone.
 */

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

afterEach(() => closeContexts(browser));

const stillSignedIn = async (token: string) => (await api(server, "/api/users/profile", { token })).status === 200;

async function secondSession(email: string, password: string) {
  const response = await api(server, "/api/auth/login", { method: "POST", body: { email, password } });
  expect(response.status).toBe(200);
  return response.json.token as string;
}

for (const javaScriptEnabled of [true, false]) {
  describe(`account settings with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    it("changes the password: a wrong current one is said at its field, then the other session ends", async () => {
      const { context, member } = await signedInContext(browser, server, { javaScriptEnabled });
      const other = await secondSession(member.email, member.password);
      const page = await context.newPage();
      await page.goto(`${server.url}/app/settings`);
      await page.getByRole("link", { name: /^Password/ }).click();
      await page.waitForURL(/\/app\/settings\/password$/);

      await page.getByLabel("Current password", { exact: true }).fill("not-my-password");
      await page.getByLabel("New password", { exact: true }).fill("Greener-Bins-42");
      await page.getByLabel("Confirm the new password", { exact: true }).fill("Greener-Bins-42");
      await page.getByRole("button", { name: "Change password" }).click();
      await page.getByText("The current password is not right.").waitFor();
      expect(await page.getByLabel("Current password", { exact: true }).getAttribute("aria-invalid")).toBe("true");
      expect(await stillSignedIn(other)).toBe(true);

      await page.getByLabel("Current password", { exact: true }).fill(member.password);
      await page.getByLabel("New password", { exact: true }).fill("Greener-Bins-42");
      await page.getByLabel("Confirm the new password", { exact: true }).fill("Greener-Bins-42");
      await page.getByRole("button", { name: "Change password" }).click();
      await page.waitForURL(/\/app\/settings$/);
      await page.getByText("Your password was changed. Your other session was signed out.").waitFor();
      expect(await stillSignedIn(other)).toBe(false);
      expect(await stillSignedIn(member.token)).toBe(true);
      expect(errorsOf(page)).toEqual([]);
      await context.close();
    });

    it("deletes the account after the password, signs out and frees the address", async () => {
      const { context, member } = await signedInContext(browser, server, { javaScriptEnabled });
      const page = await context.newPage();
      await page.goto(`${server.url}/app/settings`);
      await page.getByRole("link", { name: /^Delete account/ }).click();
      await page.waitForURL(/\/app\/settings\/delete-account$/);
      await page.getByText("What stays for the other party").waitFor();

      await page.getByLabel("Your password", { exact: true }).fill("not-my-password");
      await page.getByRole("button", { name: "Delete my account" }).click();
      await page.getByText("The password is not right.").waitFor();
      expect(await stillSignedIn(member.token)).toBe(true);

      await page.getByLabel("Your password", { exact: true }).fill(member.password);
      await page.getByRole("button", { name: "Delete my account" }).click();
      await page.waitForURL(`${server.url}/`);
      await page.getByText("Your account was deleted.").first().waitFor();
      expect(await stillSignedIn(member.token)).toBe(false);
      await page.goto(`${server.url}/app/dashboard`);
      await page.waitForURL(/\/auth\/login/);
      const again = await api(server, "/api/auth/register", {
        method: "POST",
        body: { username: "Back again", email: member.email, password: member.password },
      });
      expect(again.status).toBe(201);
      expect(errorsOf(page)).toEqual([]);
      await context.close();
    });
  });
}

describe("settings pages on a 320 px phone", () => {
  it("fit the width and have no serious accessibility findings", async () => {
    const { context } = await signedInContext(browser, server, { viewport: { width: 320, height: 640 }, bypassCSP: true });
    const page = await context.newPage();
    for (const path of [
      "/app/settings",
      "/app/settings/password",
      "/app/settings/email",
      "/app/settings/organisation",
      "/app/settings/sessions",
      "/app/settings/blocked",
      "/app/settings/calendar",
      "/app/settings/delete-account",
    ]) {
      await page.goto(`${server.url}${path}`);
      await page.getByRole("heading", { level: 2 }).first().waitFor();
      expect(await sidewaysOverflow(page), path).toBe(0);
      expect(await seriousAxeFindings(page), path).toEqual([]);
      // The sessions page names this browser and offers to sign it out.
      if (path.endsWith("/sessions")) await page.getByRole("button", { name: "Sign out of this browser" }).waitFor();
    }
    expect(errorsOf(page)).toEqual([]);
    await context.close();
  });

  it("lists sessions and ends another one without JavaScript", async () => {
    const { context, member } = await signedInContext(browser, server, { javaScriptEnabled: false });
    const other = await secondSession(member.email, member.password);
    const page = await context.newPage();
    await page.goto(`${server.url}/app/settings/sessions`);
    await page.getByRole("button", { name: "End all other sessions" }).click();
    await page.getByText("1 other session was ended.").waitFor();
    expect(await stillSignedIn(other)).toBe(false);
    expect(await stillSignedIn(member.token)).toBe(true);
    await context.close();
  });
});
