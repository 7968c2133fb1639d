import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { seriousAxeFindings, sidewaysOverflow } from "../support/a11y";
import { closeContexts, errorsOf, launchBrowser, newContext } from "../support/browser";
import { multipart } from "../support/multipart";
import { registerAdmin } from "../support/moderation";
import { registerMember, startServer, type TestServer } from "../support/server";

/**
 * Moderation without JavaScript, on a 320 px phone: a member reports a post through the report
 * page, an admin hides it from the queue with a note, a third member no longer finds it, and its
 * author reads the notice with the reason.
 */

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

const TITLE = "Cheap watches, all brands, message me";

async function pageAs(token: string, javaScriptEnabled = false) {
  const context = await newContext(browser, { javaScriptEnabled, viewport: { width: 320, height: 640 }, bypassCSP: true });
  await context.addCookies([{ name: "session", value: token, url: server.url }]);
  return { context, page: await context.newPage() };
}

/**
 * The page fits 320 px (checked where the journey is, without JavaScript) and has no serious axe
 * findings (axe is a script, so it runs on the same page loaded once more with scripts on).
 */
async function fitsAndPassesAxe(page: Page, token: string, what: string) {
  expect(await sidewaysOverflow(page), what).toBe(0);
  const checker = await pageAs(token, true);
  await checker.page.goto(page.url());
  await checker.page.getByRole("heading", { level: 2 }).first().waitFor();
  expect(await seriousAxeFindings(checker.page), what).toEqual([]);
  expect(errorsOf(checker.page)).toEqual([]);
  await checker.context.close();
}

describe("moderation without JavaScript", () => {
  it("a report reaches the queue, the admin hides the post, it is gone for others and its author is told", async () => {
    const [author, reporter, third, admin] = [
      await registerMember(server),
      await registerMember(server),
      await registerMember(server),
      await registerAdmin(server),
    ];
    const created = await fetch(`${server.url}/api/posts`, {
      method: "POST",
      headers: { authorization: `Bearer ${author.token}` },
      body: multipart([
        ["title", TITLE],
        ["content", "Genuine-looking watches at a fraction of the price. Not related to circular anything."],
        ["category", "food_waste"],
      ]),
    });
    expect(created.status).toBe(201);
    const search = `/app/community?search=${encodeURIComponent("cheap watches")}`;

    // The reporter finds the post, opens its report page, and sends a report.
    const member = await pageAs(reporter.token);
    await member.page.goto(`${server.url}${search}`);
    await member.page.getByRole("link", { name: `Report post: ${TITLE}` }).click();
    await member.page.getByRole("heading", { name: "Report a post" }).waitFor();
    await member.page.getByText(TITLE).waitFor();
    await fitsAndPassesAxe(member.page, reporter.token, "the report page");
    await member.page.getByLabel("Spam").check();
    await member.page.getByLabel(/Anything moderators should know/).fill("An advert for watches");
    await member.page.getByRole("button", { name: "Report" }).click();
    await member.page.waitForURL((url) => url.pathname === "/app/community");
    await member.page.getByText("Thanks — moderators will look at it.").waitFor();
    await member.page.getByText("Reported", { exact: true }).first().waitFor();
    expect(await member.page.getByRole("link", { name: `Report post: ${TITLE}` }).count()).toBe(0);
    expect(errorsOf(member.page)).toEqual([]);
    await member.context.close();

    // The admin hides it from the queue, with a note.
    const moderator = await pageAs(admin.token);
    await moderator.page.goto(`${server.url}/app/admin/reports`);
    await moderator.page.getByText("1 report: Spam 1").waitFor();
    await moderator.page.getByText("An advert for watches").waitFor();
    await fitsAndPassesAxe(moderator.page, admin.token, "the queue");
    await moderator.page.getByLabel(/^Note/).fill("Adverts for goods outside the circular economy are not allowed");
    await moderator.page.getByRole("button", { name: "Hide" }).click();
    await moderator.page.getByText("The post is hidden.").waitFor();
    await moderator.page.getByText("No open reports.").waitFor();
    expect(errorsOf(moderator.page)).toEqual([]);
    await moderator.context.close();

    // A third member no longer finds it in the community.
    const other = await pageAs(third.token);
    await other.page.goto(`${server.url}${search}`);
    await other.page.getByRole("heading", { level: 1 }).waitFor();
    expect(await other.page.getByText(TITLE).count()).toBe(0);
    await other.context.close();

    // Its author reads the notice with the reason.
    const owner = await pageAs(author.token);
    await owner.page.goto(`${server.url}/app/notifications`);
    await owner.page
      .getByText(`Moderators hid your post “${TITLE}”: Adverts for goods outside the circular economy are not allowed`)
      .waitFor();
    await owner.context.close();
  });
});
