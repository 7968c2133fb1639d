import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorsOf, launchBrowser, newContext, signedInContext } from "../support/browser";
import { api, newClientAddress, startServer, type TestServer } from "../support/server";

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const PNG = path.resolve("db/seed-media/cargo-bike.png");

function postCount() {
  const db = new Database(path.join(server.dataDir, "app.db"), { readonly: true });
  const { n } = db.prepare("SELECT count(*) AS n FROM posts").get() as { n: number };
  db.close();
  return n;
}

type ContextOptions = NonNullable<Parameters<typeof newContext>[1]>;

async function openCommunity(
  javaScriptEnabled: boolean,
  pathname = "/app/community",
  options: Omit<ContextOptions, "javaScriptEnabled"> & { before?: (context: BrowserContext, page: Page) => Promise<unknown> } = {},
) {
  const { before, ...contextOptions } = options;
  const { context, member } = await signedInContext(browser, server, { javaScriptEnabled, ...contextOptions });
  const page = await context.newPage();
  await before?.(context, page);
  await page.goto(server.url + pathname);
  // With JavaScript, forms add `_enhanced` once the page is hydrated: wait for it before clicking.
  if (javaScriptEnabled) await page.locator('input[name="_enhanced"]').first().waitFor({ state: "attached" });
  return { page, member, context };
}

const posts = (page: Page) => page.getByRole("list", { name: "Posts" }).getByRole("article");
const titles = (page: Page) => posts(page).getByRole("heading", { level: 3 }).allTextContents();
const dialog = (page: Page) => page.getByRole("dialog");

for (const javaScriptEnabled of [true, false]) {
  describe(`community with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    it("shows the feed with author marks, and filters by tab and category", async () => {
      const { page } = await openCommunity(javaScriptEnabled);
      const first = posts(page).first();
      await expect(first.getByRole("heading").textContent()).resolves.toBe("Welcome to the Circular Hub community!");
      await expect(first.getByText("Admin").isVisible()).resolves.toBe(true);
      await expect(first.getByText("Verified").isVisible()).resolves.toBe(true);
      await expect(first.getByText("Featured").isVisible()).resolves.toBe(true);
      expect(await posts(page).count()).toBe(10);
      // Expert marks carry a trophy.
      await expect(page.getByRole("list", { name: "Posts" }).getByText("Expert").first().isVisible()).resolves.toBe(true);

      await page.getByRole("navigation", { name: "Feeds" }).getByRole("link", { name: "Trending" }).click();
      await page.waitForURL(/tab=trending/);
      await page.getByRole("navigation", { name: "Feeds" }).locator('[aria-current="page"]', { hasText: "Trending" }).waitFor();

      await page.getByText("Filters", { exact: true }).click();
      await page.getByLabel("Category", { exact: true }).selectOption("composting");
      await page.getByLabel("Time range").selectOption("all");
      await page.getByRole("button", { name: "Apply Filters" }).click();
      await page.waitForURL(/category=composting/);
      await expect.poll(() => posts(page).count()).toBe(3);
      const meta = await posts(page).locator("header p").allTextContents();
      expect(meta.length).toBe(3);
      for (const line of meta) expect(line).toContain("Composting");

      await page.getByRole("link", { name: "Clear Filters" }).first().click();
      await page.waitForURL((url) => !url.search.includes("category"));
      await expect.poll(() => posts(page).count()).toBe(10);
      expect(errorsOf(page)).toEqual([]);
    });

    it("searches on Enter, and an empty search brings the feed back", async () => {
      const { page } = await openCommunity(javaScriptEnabled);
      const search = page.getByRole("searchbox", { name: "Search posts" });
      await search.fill("pallets");
      await search.press("Enter");
      await page.waitForURL(/search=pallets/);
      await page.getByText("Results for").waitFor();
      expect((await titles(page)).sort()).toEqual([
        "Bench from four pallets in an afternoon",
        "Neighbourhood compost bays: three months in",
      ]);
      // A search ends pagination.
      expect(await page.getByRole("link", { name: "Load more" }).count()).toBe(0);

      await search.fill("zzzqqq");
      await search.press("Enter");
      await page.getByText("No posts match “zzzqqq”.").waitFor();

      await search.fill("");
      await search.press("Enter");
      await page.waitForURL((url) => url.searchParams.has("search") && !url.searchParams.get("search"));
      await expect.poll(() => posts(page).count()).toBe(10);
      expect(errorsOf(page)).toEqual([]);
    });

    it("pages to the end of the feed", async () => {
      const total = postCount();
      const { page } = await openCommunity(javaScriptEnabled);
      const end = page.getByText("You’ve reached the end of the feed.");
      if (javaScriptEnabled) {
        // Endless scroll: reaching the last post loads the next page.
        for (let round = 0; round < 20 && !(await end.isVisible()); round++) {
          await page.mouse.wheel(0, 20_000);
          await page.waitForTimeout(250);
        }
        await end.waitFor();
        const shown = await titles(page);
        expect(shown.length).toBe(total);
        expect(new Set(shown).size).toBe(total);
      } else {
        const seen: string[] = [];
        for (let round = 0; round < 10; round++) {
          seen.push(...(await titles(page)));
          if (await end.isVisible()) break;
          await page.getByRole("link", { name: "Load more" }).click();
          await page.waitForURL(new RegExp(`page=${round + 2}`));
        }
        expect(await end.isVisible()).toBe(true);
        expect(seen.length).toBe(total);
        expect(await page.getByRole("link", { name: "← Newer posts" }).isVisible()).toBe(true);
      }
      expect(errorsOf(page)).toEqual([]);
    });

    it("likes and unlikes a post, and the count holds after a reload", async () => {
      const { page } = await openCommunity(javaScriptEnabled);
      const title = (await posts(page).nth(1).getByRole("heading").textContent())!;
      // Liking may move the post in For You, so it is found by its title each time.
      const card = () => posts(page).filter({ has: page.getByRole("heading", { name: title, exact: true }) });
      const before = Number(await card().getByTestId("likes-count").textContent());
      await card().getByRole("button", { name: `Like (${before} likes)` }).click();
      await card().getByRole("button", { name: `Unlike (${before + 1} likes)` }).waitFor();
      await expect(card().getByRole("button", { name: /^Unlike/ }).getAttribute("aria-pressed")).resolves.toBe("true");
      await page.reload();
      if (javaScriptEnabled) await page.locator('input[name="_enhanced"]').first().waitFor({ state: "attached" });
      expect(Number(await card().getByTestId("likes-count").textContent())).toBe(before + 1);
      await card().getByRole("button", { name: /^Unlike/ }).click();
      await card().getByRole("button", { name: `Like (${before} likes)` }).waitFor();
      await page.reload();
      expect(Number(await card().getByTestId("likes-count").textContent())).toBe(before);
      expect(errorsOf(page)).toEqual([]);
    });

    it("creates a post with an image; it goes to the top and its text stays text", async () => {
      const { page } = await openCommunity(javaScriptEnabled);
      await page.getByRole("link", { name: "Create Post" }).click();
      const form = dialog(page);
      await form.getByRole("heading", { name: "Create Post" }).waitFor();
      const title = `Crate swap ${javaScriptEnabled ? "js" : "nojs"}`;
      await form.getByLabel("Title").fill(title);
      await form.getByLabel("Content").fill("<img src=x onerror=alert(1)> Bring your crates.");
      await form.getByLabel("Category", { exact: true }).selectOption("upcycling");
      await form.getByLabel("Post type").selectOption("project");
      if (javaScriptEnabled) {
        const tags = form.getByLabel("Tags");
        for (const tag of ["crates", " Crates ", "reuse"]) {
          await tags.fill(tag);
          await tags.press("Enter");
        }
        await form.getByText("#crates").waitFor();
        expect(await form.getByText(/^#/).count()).toBe(2);
      } else {
        await form.getByLabel("Tags").fill("crates, Crates , reuse");
      }
      await form.getByLabel("Impact type 1").fill("Plastic avoided");
      await form.getByLabel("Impact amount 1").fill("12 kg");
      await page.locator('input[type="file"]').setInputFiles([PNG]);
      if (javaScriptEnabled) await form.getByRole("img", { name: "cargo-bike.png" }).waitFor();
      await form.getByRole("button", { name: "Publish" }).click();

      await dialog(page).waitFor({ state: "detached" });
      const top = posts(page).first();
      await expect(top.getByRole("heading").textContent()).resolves.toBe(title);
      expect(await top.getByText("<img src=x onerror=alert(1)> Bring your crates.").isVisible()).toBe(true);
      expect(await top.locator("img[src='x']").count()).toBe(0);
      expect(await top.getByRole("list", { name: "Tags" }).textContent()).toBe("#crates#reuse");
      expect(await top.getByText("Plastic avoided:").isVisible()).toBe(true);
      const image = top.locator("img[src^='/media/']");
      await expect(image.count()).resolves.toBe(1);
      expect(await image.evaluate((img: HTMLImageElement) => img.decode().then(() => img.naturalWidth))).toBeGreaterThan(0);
      await page.getByText("Post published").first().waitFor();
      expect(errorsOf(page)).toEqual([]);
    });

    it("shows every validation message of the create dialog", async () => {
      const { page } = await openCommunity(javaScriptEnabled, "/app/community?compose=1");
      const form = dialog(page);
      await form.getByLabel("This is a local event").check();
      await form.getByLabel("Impact type 1").fill("CO2 saved");
      await form.getByRole("button", { name: "Publish" }).click();
      for (const message of [
        "Title is required",
        "Content is required",
        "Category is required",
        "Event date is required for events",
        "Each impact entry needs both a type and an amount.",
      ]) {
        await form.getByText(message).waitFor();
      }
      // Editing a field clears its error.
      await form.getByLabel("Title").fill("Now titled");
      if (javaScriptEnabled) {
        expect(await form.getByText("Title is required").count()).toBe(0);
        await page.locator('input[type="file"]').setInputFiles([PNG, path.resolve("package.json")]);
        await form.getByText("Some files were skipped. Only images and videos under 10MB are allowed.").waitFor();
      } else {
        await form.getByLabel("Content").fill("Body");
        await form.getByLabel("Category", { exact: true }).selectOption("policy");
        await form.getByLabel("This is a local event").uncheck();
        await form.getByLabel("Impact type 1").fill("");
        await page.locator('input[type="file"]').setInputFiles([path.resolve("package.json")]);
        await form.getByRole("button", { name: "Publish" }).click();
        await dialog(page)
          .getByText("Only images (JPEG, PNG, GIF, WebP, AVIF) and videos (MP4, WebM, QuickTime) can be attached.")
          .waitFor();
      }
      expect(errorsOf(page)).toEqual([]);
    });

    it("opens a post, which records a view, and adds a comment", async () => {
      const { page } = await openCommunity(javaScriptEnabled);
      const card = posts(page).nth(2);
      const title = (await card.getByRole("heading").textContent())!;
      const views = Number((await card.getByText(/\d+ views/).textContent())!.split(" ")[0]);
      await card.getByRole("link", { name: title }).click();
      const opened = page.getByRole("dialog", { name: title });
      await opened.waitFor();
      await opened.getByText(`${views + 1} views`).waitFor();
      const comment = `Thanks for sharing this! (JavaScript ${javaScriptEnabled ? "on" : "off"})`;
      await opened.getByLabel("Your comment").fill(comment);
      await opened.getByRole("button", { name: "Comment", exact: true }).click();
      await opened.getByText(comment).waitFor();
      await opened.getByRole("link", { name: "Close dialog" }).click();
      await page.getByRole("dialog").waitFor({ state: "detached" });
      expect(errorsOf(page)).toEqual([]);
    });
  });
}

describe("community with JavaScript, only", () => {
  it("reads more and less, closes dialogs with Escape and gives focus back", async () => {
    const { page } = await openCommunity(true);
    const welcome = posts(page).first();
    await welcome.getByRole("link", { name: "Read more" }).click();
    await welcome.getByText("For You will learn from it.", { exact: false }).waitFor();
    await welcome.getByRole("link", { name: "Show less" }).click();
    await welcome.getByRole("link", { name: "Read more" }).waitFor();

    const opener = page.getByRole("link", { name: "Create Post" });
    await opener.click();
    await dialog(page).waitFor();
    expect(await page.evaluate(() => document.body.style.overflow)).toBe("hidden");
    await page.keyboard.press("Escape");
    await dialog(page).waitFor({ state: "detached" });
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe("Create Post");
    expect(await page.evaluate(() => document.body.style.overflow)).toBe("");
    expect(errorsOf(page)).toEqual([]);
  });

  it("shows the error block when the next page cannot be loaded, and Try again recovers", async () => {
    const { page, context } = await openCommunity(true);
    await context.route("**/api/feed/**", (route) => route.abort());
    await page.mouse.wheel(0, 20_000);
    const failure = page.getByRole("alert").filter({ hasText: "Failed to load posts. Please try again." });
    await failure.waitFor();
    await context.unroute("**/api/feed/**");
    await failure.getByRole("link", { name: "Try again" }).click();
    await page.mouse.wheel(0, 20_000);
    await page.waitForFunction(() => document.querySelectorAll("ol[aria-label='Posts'] article").length > 10);
  });

  it("follows a recommended author, whose posts then fill Following", async () => {
    const { page } = await openCommunity(true);
    const panel = page.getByRole("complementary");
    const first = panel.getByRole("listitem").first();
    const name = (await first.locator("p").first().textContent())!.trim();
    await first.getByRole("button", { name: "Follow" }).click();
    await first.getByRole("button", { name: "Following" }).waitFor();
    await page.getByRole("navigation", { name: "Feeds" }).getByRole("link", { name: "Following" }).click();
    await page.waitForURL(/tab=following/);
    await expect
      .poll(async () => [...new Set(await posts(page).getByTestId("author-name").allTextContents())])
      .toEqual([name]);
  });
});

describe("publishing allowance in the create dialog", () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startServer({ POSTS_PER_HOUR: "1", SEED: "0" });
  });
  afterAll(async () => {
    await limited?.stop();
  });

  for (const javaScriptEnabled of [true, false]) {
    it(`says when the member may post again and keeps what they typed (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async () => {
      const { context, member } = await signedInContext(browser, limited, { javaScriptEnabled });
      const first = await api(limited, "/api/posts", {
        method: "POST",
        token: member.token,
        body: { title: "Glass collection moved", content: "Now on Fridays.", category: "recycling" },
      });
      expect(first.status).toBe(201);

      const page = await context.newPage();
      await page.goto(`${limited.url}/app/community?compose=1`);
      if (javaScriptEnabled) await page.locator('input[name="_enhanced"]').first().waitFor({ state: "attached" });
      const form = dialog(page);
      await form.getByLabel("Title").fill("Second notice today");
      await form.getByLabel("Content").fill("Bins are full again.");
      await form.getByLabel("Category", { exact: true }).selectOption("recycling");
      await form.getByRole("button", { name: "Publish" }).click();

      await dialog(page).getByText("You are posting too often. Please try again in 60 minutes.").first().waitFor();
      expect(await dialog(page).getByLabel("Title").inputValue()).toBe("Second notice today");
      const db = new Database(path.join(limited.dataDir, "app.db"), { readonly: true });
      expect(db.prepare("SELECT id FROM posts WHERE title = ?").all("Second notice today")).toEqual([]);
      db.close();
      expect(errorsOf(page)).toEqual([]);
    });
  }
});

/** A member with a name of the test's choosing (registerMember numbers its own), from their own address. */
let namedMembers = 0;
async function memberNamed(username: string) {
  namedMembers++;
  const response = await api(server, "/api/auth/register", {
    method: "POST",
    body: { username, email: `named${namedMembers}-${process.pid}@example.org`, password: "compost-heap-7", user_type: "user" },
    headers: { "x-forwarded-for": newClientAddress() },
  });
  if (response.status !== 201) throw new Error(`registration failed: ${response.status} ${response.text}`);
  return { username, token: response.json.token as string, id: response.json.user.id as number };
}

async function publish(token: string, fields: Record<string, unknown>) {
  const response = await api(server, "/api/posts", { method: "POST", token, body: { category: "recycling", ...fields } });
  if (response.status !== 201) throw new Error(`publishing failed: ${response.status} ${response.text}`);
  return response.json.data.post as { id: number; title: string };
}

const uploads = () => (fs.existsSync(path.join(server.dataDir, "uploads")) ? fs.readdirSync(path.join(server.dataDir, "uploads")).sort() : []);

for (const javaScriptEnabled of [true, false]) {
  it(`pages a search by 10 with Load more (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async () => {
    const author = await memberNamed(`Zeb Pager ${javaScriptEnabled ? "js" : "nojs"}`);
    const word = javaScriptEnabled ? "Zebrawood" : "Zirconwood";
    for (let i = 1; i <= 12; i++) await publish(author.token, { title: `${word} offcut ${i}`, content: "Small pieces for small boxes." });
    const { page } = await openCommunity(javaScriptEnabled, `/app/community?search=${word}`);
    expect(await posts(page).count()).toBe(10);
    if (javaScriptEnabled) {
      // By keyboard: reaching the link brings it into view, which may load the page by itself.
      await page.getByRole("link", { name: "Load more" }).focus();
      await page.keyboard.press("Enter");
      await expect.poll(() => posts(page).count()).toBe(12);
      const shown = await titles(page);
      expect(new Set(shown).size).toBe(12);
    } else {
      await page.getByRole("link", { name: "Load more" }).click();
      await page.waitForURL(/page=2/);
      expect(new URL(page.url()).searchParams.get("search")).toBe(word);
      expect(await posts(page).count()).toBe(2);
      expect(await page.getByRole("link", { name: "← Newer posts" }).isVisible()).toBe(true);
    }
    await page.getByText("You’ve reached the end of the feed.").waitFor();
    for (const title of await titles(page)) expect(title).toMatch(new RegExp(`^${word} offcut \\d+$`));
  });
}

describe("uploading a post", () => {
  it("shows the upload's progress, and Cancel stops it with nothing stored", async () => {
    const { page, context } = await openCommunity(true, "/app/community?compose=1");
    const form = dialog(page);
    await form.getByLabel("Title").fill("Slow line upload");
    await form.getByLabel("Content").fill("Sent over a slow connection.");
    await form.getByLabel("Category", { exact: true }).selectOption("recycling");
    // A PNG signature and 6 MB after it: enough to take a while at 512 KB/s.
    const big = Buffer.concat([fs.readFileSync(PNG).subarray(0, 64), Buffer.alloc(6 * 1024 * 1024)]);
    await page.locator('input[type="file"]').setInputFiles([{ name: "big.png", mimeType: "image/png", buffer: big }]);
    await form.getByRole("img", { name: "big.png" }).waitFor();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 512 * 1024 });
    const postsBefore = postCount();
    const filesBefore = uploads();

    await form.getByRole("button", { name: "Publish" }).click();
    const bar = form.getByRole("progressbar", { name: "Uploading the post" });
    await bar.waitFor();
    await expect.poll(async () => Number(await bar.getAttribute("aria-valuenow")), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(Number(await bar.getAttribute("aria-valuenow"))).toBeLessThan(100);
    await form.getByRole("button", { name: "Cancel upload" }).click();
    await form.getByText("Upload cancelled. Nothing was published.").waitFor();
    expect(await bar.count()).toBe(0);
    // Focus moves from the vanished Cancel button to Publish.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("Publish");
    expect(await form.getByLabel("Title").inputValue()).toBe("Slow line upload");

    // Sent again on a fast line, it is published: one post and one file, none from the cancelled try.
    await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await form.getByRole("button", { name: "Publish" }).click();
    await dialog(page).waitFor({ state: "detached" });
    await expect(posts(page).first().getByRole("heading").textContent()).resolves.toBe("Slow line upload");
    expect(postCount()).toBe(postsBefore + 1);
    expect(uploads().filter((file) => !filesBefore.includes(file))).toHaveLength(1);
    expect(server.logs()).not.toMatch(/Error/);
    expect(errorsOf(page)).toEqual([]);
  });
});

describe("script under the page's Content-Security-Policy", () => {
  it("never asks to evaluate strings (zod runs without its compiler)", async () => {
    // No bypassCSP here: the page's own policy applies.
    const { page } = await openCommunity(true, "/app/community", {
      before: (context) =>
        context.addInitScript(() => {
          const violations: string[] = [];
          Object.assign(window, { violations });
          document.addEventListener("securitypolicyviolation", (event) => violations.push(`${event.violatedDirective} ${event.blockedURI}`));
        }),
    });
    const consoleErrors: string[] = [];
    page.on("console", (message) => message.type() === "error" && consoleErrors.push(message.text()));
    // The create dialog checks the form with the schemas in the browser.
    await page.getByRole("link", { name: "Create Post" }).click();
    await dialog(page).getByRole("button", { name: "Publish" }).click();
    await dialog(page).getByText("Title is required").waitFor();
    expect(await page.evaluate(() => (window as unknown as { violations: string[] }).violations)).toEqual([]);
    expect(consoleErrors.filter((text) => /unsafe-eval/.test(text))).toEqual([]);
  });
});
