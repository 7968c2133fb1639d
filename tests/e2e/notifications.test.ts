import type { Browser } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { seriousAxeFindings, sidewaysOverflow } from "../support/a11y";
import { closeContexts, errorsOf, launchBrowser, signedInContext } from "../support/browser";
import { api, registerMember, startServer, type TestServer } from "../support/server";

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

// A long title with a long word: the list must still fit a 320 px phone.
const TITLE = "Shredded Polyethylenterephthalatflaschenverschlüsse from the spring collection";

type Member = Awaited<ReturnType<typeof registerMember>>;
const call = (member: Member, pathname: string, body: unknown) =>
  api(server, pathname, { method: "POST", body, token: member.token, headers: { "x-forwarded-for": member.address } });

/** The author's post, liked by two other members (folded into one notification), and followed by a third. */
async function receiveNews(author: Member) {
  const published = await call(author, "/api/posts", { title: TITLE, content: "Sorted by colour.", category: "recycling" });
  expect(published.status).toBe(201);
  const postId = published.json.data.post.id as number;
  for (let i = 0; i < 2; i++)
    expect((await call(await registerMember(server), `/api/posts/${postId}/interactions`, { type: "like" })).status).toBe(200);
  expect((await call(await registerMember(server), `/api/users/${author.id}/follow`, {})).status).toBe(200);
  return postId;
}

describe.each([
  { js: true, label: "with JavaScript" },
  { js: false, label: "without JavaScript" },
])("notifications $label", ({ js }) => {
  it("shows the bell's count, opens a notification (marked read) and marks all read", async () => {
    const { context, member } = await signedInContext(browser, server, {
      javaScriptEnabled: js,
      viewport: { width: 320, height: 700 },
      bypassCSP: true,
    });
    const postId = await receiveNews(member);
    const page = await context.newPage();
    await page.goto(`${server.url}/app/dashboard`);
    if (js) await page.locator('input[name="_enhanced"]').first().waitFor({ state: "attached" });
    const banner = page.getByRole("banner");

    if (js) {
      const bell = banner.locator("summary", { hasText: "Notifications, 2 unread" });
      await bell.click();
      await banner.getByRole("link", { name: /and 1 other liked/ }).click();
    } else {
      await banner.getByRole("link", { name: "Notifications, 2 unread" }).click();
      await page.waitForURL(/\/app\/notifications$/);
      await page.getByRole("heading", { level: 2, name: "Notifications" }).waitFor();
      expect(await sidewaysOverflow(page)).toBe(0);
      await page
        .getByRole("main")
        .getByRole("link", { name: /and 1 other liked/ })
        .click();
    }
    // Opening it marks it read and leads to the post.
    await page.waitForURL(new RegExp(`/app/community\\?post=${postId}`));
    await banner.getByText("Notifications, 1 unread").waitFor({ state: "attached" });

    await page.goto(`${server.url}/app/notifications`);
    await page
      .getByRole("main")
      .getByRole("link", { name: /started following you/ })
      .waitFor();
    expect(await sidewaysOverflow(page)).toBe(0);
    if (js) {
      await page.locator('input[name="_enhanced"]').first().waitFor({ state: "attached" });
      expect(await seriousAxeFindings(page)).toEqual([]);
    }
    await page.getByRole("button", { name: "Mark all as read" }).click();
    await page.getByText("You have read everything.").waitFor();
    expect(await banner.getByText(/unread/).count()).toBe(0);
    expect(await page.getByRole("button", { name: "Mark all as read" }).count()).toBe(0);
    // axe-core runs in the page, so only with JavaScript.
    if (js) expect(await seriousAxeFindings(page)).toEqual([]);
    expect(await sidewaysOverflow(page)).toBe(0);
    expect(errorsOf(page)).toEqual([]);
  });

  it("saves the choices per type on the settings page", async () => {
    const { context } = await signedInContext(browser, server, {
      javaScriptEnabled: js,
      viewport: { width: 320, height: 700 },
      bypassCSP: true,
    });
    const page = await context.newPage();
    await page.goto(`${server.url}/app/settings`);
    await page
      .getByRole("main")
      .getByRole("link", { name: /^Notifications/ })
      .click();
    await page.getByRole("heading", { level: 2, name: "Notifications" }).waitFor();
    if (js) expect(await seriousAxeFindings(page)).toEqual([]);
    expect(await sidewaysOverflow(page)).toBe(0);

    const likes = page.getByRole("group", { name: "Likes on your posts" });
    await likes.getByLabel("E-mail").selectOption("daily");
    await page.getByRole("group", { name: "New followers" }).getByLabel("In the app").uncheck();
    await page.getByRole("button", { name: "Save notification settings" }).click();
    await page.getByText("Notification settings saved").waitFor();
    await page.reload();
    expect(await likes.getByLabel("E-mail").inputValue()).toBe("daily");
    expect(await page.getByRole("group", { name: "New followers" }).getByLabel("In the app").isChecked()).toBe(false);
    expect(await page.getByRole("group", { name: "Reviews you receive" }).getByLabel("E-mail").inputValue()).toBe("instant");
    expect(errorsOf(page)).toEqual([]);
  });
});
