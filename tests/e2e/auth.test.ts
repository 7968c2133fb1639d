import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { closeContexts, errorsOf, launchBrowser, newContext } from "../support/browser";
import { startServer, type TestServer } from "../support/server";
import { resetLinkFrom, startSmtpSink } from "../support/smtp-sink";

let server: TestServer;
let browser: Browser;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let counter = 0;

beforeAll(async () => {
  smtp = await startSmtpSink();
  [server, browser] = await Promise.all([startServer({ SMTP_URL: smtp.url }), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

afterEach(() => closeContexts(browser));

const uniqueEmail = () => `journey${++counter}-${Date.now()}@example.org`;

async function register(page: Page, { name, email, password }: { name: string; email: string; password: string }) {
  await page.goto(`${server.url}/auth/register`);
  await page.getByLabel("Full name").fill(name);
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Confirm password").fill(password);
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Create account" }).click();
  await page.getByRole("dialog", { name: "Registration Successful!" }).waitFor();
}

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** The message the labelled password field points to with aria-describedby. */
async function expectPasswordError(page: Page, label: string, message: string) {
  const field = page.getByLabel(label, { exact: true });
  await page.getByText(message, { exact: true }).first().waitFor();
  const describedBy = (await field.getAttribute("aria-describedby")) ?? "";
  const errorId = describedBy.split(" ").find((id) => id.endsWith("-error"));
  expect(errorId).toBeDefined();
  expect(await page.locator(`[id="${errorId}"]`).textContent()).toBe(message);
}

for (const javaScriptEnabled of [true, false]) {
  describe(`accounts with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    it("registers, signs in to the page asked for, and signs out", async () => {
      const context = await newContext(browser, { javaScriptEnabled });
      const page = await context.newPage();
      const email = uniqueEmail();
      await register(page, { name: "Rosa Parks-Green", email, password: "compost-heap-7" });
      const dialog = page.getByRole("dialog", { name: "Registration Successful!" });
      await dialog.getByRole("link", { name: "Continue to Sign In" }).click();
      await page.waitForURL(/\/auth\/login$/);

      // The guard remembers where the member was going.
      await page.goto(`${server.url}/app/profile`);
      await page.waitForURL(/\/auth\/login\?redirectTo=%2Fapp%2Fprofile$/);
      await signIn(page, email, "compost-heap-7");
      await page.waitForURL(/\/app\/profile$/);
      // Her first sign-in: welcomed, not welcomed back.
      await page.getByText("Welcome, Rosa Parks-Green!").waitFor();
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Profile");

      await page.getByRole("button", { name: "Sign Out" }).first().click();
      await page.waitForURL(`${server.url}/`);
      await page.getByText("Logged out successfully").waitFor();
      await page.goto(`${server.url}/app/dashboard`);
      await page.waitForURL(/\/auth\/login/);
      expect(errorsOf(page)).toEqual([]);
      await context.close();
    });

    it("shows only the welcome after a wrong password then the right one: the refusal's toast does not follow", async () => {
      const context = await newContext(browser, { javaScriptEnabled });
      const page = await context.newPage();
      const email = uniqueEmail();
      await register(page, { name: "Ada Second-Try", email, password: "compost-heap-7" });
      await page.goto(`${server.url}/auth/login`);
      await signIn(page, email, "compost-heap-8");
      await page.getByText("Invalid email or password").first().waitFor();
      await signIn(page, email, "compost-heap-7");
      await page.waitForURL(/\/app\/dashboard$/);
      // With JavaScript a toast in the toaster, without it the banner at the top of the page.
      const messages = javaScriptEnabled ? page.getByRole("list", { name: "Messages" }) : page.getByRole("status");
      // Her first visit: welcomed without "back".
      await messages.getByText("Welcome, Ada Second-Try!").waitFor();
      expect(await page.getByText("Invalid email or password").count()).toBe(0);
      expect(await page.getByRole("list", { name: "Error messages" }).locator("li").count()).toBe(0);
      expect(errorsOf(page)).toEqual([]);
    });

    it("shows every registration message", async () => {
      const context = await newContext(browser, { javaScriptEnabled });
      const page = await context.newPage();
      await page.goto(`${server.url}/auth/register`);
      await page.getByLabel("Email address").fill("not-an-email");
      await page.getByLabel("Password", { exact: true }).fill("123");
      await page.getByLabel("Confirm password").fill("124");
      await page.getByRole("checkbox").check();
      // The browser's own email check would stop the form; the server must still answer alone.
      await page
        .locator("form")
        .first()
        .evaluate((form) => form.setAttribute("novalidate", ""));
      await page.getByRole("button", { name: "Create account" }).click();
      for (const message of [
        "Name is required",
        "Email is invalid",
        "Password must be at least 6 characters",
        "Passwords do not match",
      ]) {
        await page.getByText(message, { exact: true }).waitFor();
      }
      expect(await page.getByLabel("Full name").getAttribute("aria-invalid")).toBe("true");
      if (javaScriptEnabled) {
        // Editing a field clears its error.
        await page.getByLabel("Full name").fill("Someone");
        await page.getByText("Name is required").waitFor({ state: "detached" });
      }
      await context.close();
    });

    it("refuses a common password under the password field", async () => {
      const context = await newContext(browser, { javaScriptEnabled });
      const page = await context.newPage();
      await page.goto(`${server.url}/auth/register`);
      await page.getByLabel("Full name").fill("Predictable Pat");
      await page.getByLabel("Email address").fill(uniqueEmail());
      await page.getByLabel("Password", { exact: true }).fill("Password1");
      await page.getByLabel("Confirm password").fill("Password1");
      await page.getByRole("checkbox").check();
      await page.getByRole("button", { name: "Create account" }).click();
      await expectPasswordError(page, "Password", "This password is too common. Please choose a less predictable one.");
      expect(errorsOf(page)).toEqual([]);
      await context.close();
    });

    it("says when sign-in fails", async () => {
      const context = await newContext(browser, { javaScriptEnabled });
      const page = await context.newPage();
      await page.goto(`${server.url}/auth/login`);
      await signIn(page, "nobody@example.org", "wrong-password");
      await page.getByRole("alert").filter({ hasText: "Invalid email or password" }).first().waitFor();
      expect(page.url()).toContain("/auth/login");
      await context.close();
    });

    it("resets a forgotten password from the e-mailed link", async () => {
      const context = await newContext(browser, { javaScriptEnabled });
      const page = await context.newPage();
      const email = uniqueEmail();
      await register(page, { name: "Forgetful Fern", email, password: "compost-heap-7" });

      await page.goto(`${server.url}/auth/forgot-password`);
      await page.getByLabel("Email address").fill(email);
      const started = Date.now();
      await page.getByRole("button", { name: "Send Reset Link" }).click();
      const dialog = page.getByRole("dialog", { name: "Reset Link Sent!" });
      await dialog.waitFor({ timeout: 10_000 });
      if (javaScriptEnabled) expect(Date.now() - started).toBeGreaterThanOrEqual(2900);
      expect(await dialog.textContent()).toContain(email);
      expect(await dialog.textContent()).toContain("15 minutes");
      expect(await dialog.textContent()).toContain("spam");
      await dialog.getByRole("link", { name: "Got it" }).click();
      await dialog.waitFor({ state: "detached" });
      expect(await page.getByLabel("Email address").inputValue()).toBe("");

      const link = resetLinkFrom(await smtp.waitFor(email, /Reset your/));
      await page.goto(link.replace(/^https?:\/\/[^/]+/, server.url));
      await page.getByLabel("New password", { exact: true }).fill("short");
      if (javaScriptEnabled) {
        // The live checklist follows the typing.
        await page.getByText("One lowercase letter(met)").waitFor();
        await page.getByText("One uppercase letter(not met yet)").waitFor();
      }
      await page.getByLabel("Confirm new password").fill("different");
      await page.getByRole("button", { name: "Reset Password" }).click();
      await page.getByText("Password must be at least 8 characters long").waitFor();
      await page.getByText("Passwords do not match").waitFor();

      await page.getByLabel("New password", { exact: true }).fill("Password1");
      await page.getByLabel("Confirm new password").fill("Password1");
      await page.getByRole("button", { name: "Reset Password" }).click();
      await expectPasswordError(page, "New password", "This password is too common. Please choose a less predictable one.");

      await page.getByLabel("New password", { exact: true }).fill("BrandNew1");
      await page.getByLabel("Confirm new password").fill("BrandNew1");
      await page.getByRole("button", { name: "Reset Password" }).click();
      const done = page.getByRole("dialog", { name: "Password Reset Successful!" });
      await done.waitFor();
      await done.getByRole("link", { name: "Continue to Sign In" }).click();
      await page.waitForURL(/\/auth\/login$/);
      await signIn(page, email, "BrandNew1");
      await page.waitForURL(/\/app\/dashboard$/);

      // The link is single use.
      await page.goto(link.replace(/^https?:\/\/[^/]+/, server.url));
      await page.getByText("This password reset link is invalid or has expired. Please request a new one.").waitFor();
      await page.getByRole("link", { name: "Request a new link" }).waitFor();
      expect(errorsOf(page)).toEqual([]);
      await context.close();
    });
  });
}

describe("auth details that need scripts", () => {
  it("treats a reset page without a token as invalid at once", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(`${server.url}/auth/reset-password`);
    await page.getByText("This password reset link is invalid or has expired. Please request a new one.").waitFor();
    await page.getByRole("link", { name: "Back to Sign In" }).waitFor();
    await context.close();
  });

  it("shows and hides the password", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(`${server.url}/auth/login`);
    const input = page.getByLabel("Password", { exact: true });
    await input.fill("visible-now");
    await page.getByRole("button", { name: "Show password" }).click();
    expect(await input.getAttribute("type")).toBe("text");
    await page.getByRole("button", { name: "Hide password" }).click();
    expect(await input.getAttribute("type")).toBe("password");
    await context.close();
  });

  it("notices a sign-out in another tab when this tab regains focus", async () => {
    const context = await newContext(browser);
    const email = uniqueEmail();
    const first = await context.newPage();
    await register(first, { name: "Two Tabs", email, password: "compost-heap-7" });
    await first.goto(`${server.url}/auth/login`);
    await signIn(first, email, "compost-heap-7");
    await first.waitForURL(/\/app\/dashboard$/);

    const second = await context.newPage();
    await second.goto(`${server.url}/app/education`);
    await second.getByRole("button", { name: "Sign Out" }).first().click();
    await second.waitForURL(`${server.url}/`);

    await first.bringToFront();
    await first.evaluate(() => window.dispatchEvent(new Event("focus")));
    await first.waitForURL(/\/auth\/login\?redirectTo=%2Fapp%2Fdashboard$/);
    await context.close();
  });
});
