import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { countOf } from "~/lib/plural";
import { seriousAxeFindings, sidewaysOverflow } from "../support/a11y";
import { closeContexts, errorsOf, launchBrowser, newContext, signedInContext } from "../support/browser";
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

afterEach(() => closeContexts(browser));

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
  options: Omit<ContextOptions, "javaScriptEnabled"> & {
    before?: (context: BrowserContext, page: Page) => Promise<unknown>;
  } = {},
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
      const likeButton = card().getByRole("button", { name: /^Like, / });
      await expect(likeButton.getAttribute("aria-label")).resolves.toBe(`Like, ${countOf(before, "like")}`);
      expect(await likeButton.getAttribute("aria-pressed")).toBe("false");
      // With JavaScript the button turns at once, before the server has answered: a reload must
      // wait for the answer, or it may abort the like on its way (it failed once in a full run).
      const answered = () =>
        page.waitForResponse(
          (response) => response.request().method() === "POST" && /intent=like\b/.test(response.request().postData() ?? ""),
        );
      let answer = answered();
      await likeButton.click();
      await card()
        .getByRole("button", { name: `Like, ${countOf(before + 1, "like")}`, exact: true, pressed: true })
        .waitFor();
      await answer;
      await page.reload();
      if (javaScriptEnabled) await page.locator('input[name="_enhanced"]').first().waitFor({ state: "attached" });
      expect(Number(await card().getByTestId("likes-count").textContent())).toBe(before + 1);
      answer = answered();
      await likeButton.click();
      await card()
        .getByRole("button", { name: `Like, ${countOf(before, "like")}`, exact: true, pressed: false })
        .waitFor();
      await answer;
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
      const views = Number((await card.getByText(/^\d+ views?$/).textContent())!.split(" ")[0]);
      await card.getByRole("link", { name: title, exact: true }).click();
      const opened = page.getByRole("dialog", { name: title });
      await opened.waitFor();
      await opened.getByText(countOf(views + 1, "view")).waitFor();
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
    await first.getByRole("button", { name: `Follow ${name}`, exact: true }).click();
    await first.getByRole("button", { name: `Unfollow ${name}`, exact: true }).waitFor();
    await page.getByRole("navigation", { name: "Feeds" }).getByRole("link", { name: "Following" }).click();
    await page.waitForURL(/tab=following/);
    await expect.poll(async () => [...new Set(await posts(page).getByTestId("author-name").allTextContents())]).toEqual([name]);
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

function follows(followerId: number, authorId: number) {
  const db = new Database(path.join(server.dataDir, "app.db"), { readonly: true });
  const row = db.prepare("SELECT 1 FROM follows WHERE follower_id = ? AND author_id = ?").get(followerId, authorId);
  db.close();
  return Boolean(row);
}

const uploads = () =>
  fs.existsSync(path.join(server.dataDir, "uploads")) ? fs.readdirSync(path.join(server.dataDir, "uploads")).sort() : [];
const phone = { width: 375, height: 800 };
const toastList = (page: Page, name: "Messages" | "Error messages") =>
  page.getByRole("list", { name, exact: true }).getByRole("listitem");

/** Overlap of two boxes in square pixels (0 when they do not touch). */
function overlap(a: { x: number; y: number; width: number; height: number }, b: typeof a) {
  const width = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const height = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return Math.max(0, width) * Math.max(0, height);
}

describe("long names and words", () => {
  const name = "Bartholomew Featherstonehaugh-"; // 30 characters
  const word = "Pneumonoultramicroscopicsilicovolcanoconiosis".padEnd(60, "s"); // 60, unbroken
  let postId: number;
  let title: string;
  beforeAll(async () => {
    expect(name).toHaveLength(30);
    const author = await memberNamed(name);
    title = `Quokkafield ${word}`;
    const post = await publish(author.token, {
      title,
      content: `A body with ${word} in it.`,
      tags: ["t".repeat(30)], // the longest tag a post may have
      location_name: word,
      estimated_time: "e".repeat(50),
      environmental_impact: { [word]: word },
    });
    postId = post.id;
    await api(server, `/api/posts/${postId}/comments`, {
      method: "POST",
      token: author.token,
      body: { content: `Agreed: ${word}` },
    });
  });

  for (const [width, javaScriptEnabled] of [
    [320, true],
    [375, true],
    [320, false],
  ] as const) {
    it(`wrap or cut short at ${width}px, with the whole value at hand (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async () => {
      const { page } = await openCommunity(javaScriptEnabled, "/app/community?search=quokkafield", {
        viewport: { width, height: 800 },
      });
      const card = posts(page).first();
      await expect(card.getByRole("heading").textContent()).resolves.toBe(title);
      expect(await sidewaysOverflow(page)).toBe(0);
      // The name is cut to fit the card; its whole is in the title and in the post dialog.
      await expect(card.getByTestId("author-name").getAttribute("title")).resolves.toBe(name);

      await card.getByRole("link", { name: title, exact: true }).click();
      const opened = page.getByRole("dialog", { name: title });
      await opened.getByText(`Agreed: ${word}`).waitFor();
      expect(await sidewaysOverflow(page)).toBe(0);
      expect(await opened.evaluate((panel) => panel.scrollWidth - panel.clientWidth)).toBe(0);
      // The title's words wrap beside the close button, never under it.
      const close = (await opened.getByRole("link", { name: "Close dialog" }).boundingBox())!;
      const lines = await opened.getByRole("heading", { name: title }).evaluate((heading) => {
        const range = document.createRange();
        range.selectNodeContents(heading);
        return [...range.getClientRects()].map(({ x, y, width, height }) => ({ x, y, width, height }));
      });
      expect(lines.length).toBeGreaterThan(1);
      expect(lines.map((line) => overlap(line, close))).toEqual(lines.map(() => 0));
      expect(
        await opened
          .getByText(name, { exact: true })
          .first()
          .evaluate((element) => element.scrollWidth <= element.clientWidth),
      ).toBe(true);

      if (javaScriptEnabled) {
        await page.keyboard.press("Escape");
        await page.getByRole("link", { name: "Create Post" }).click();
        const fileName = `${word}.png`;
        await page
          .locator('input[type="file"]')
          .setInputFiles([{ name: fileName, mimeType: "image/png", buffer: fs.readFileSync(PNG) }]);
        await dialog(page).getByRole("img", { name: fileName }).waitFor();
        await expect(dialog(page).getByTitle(fileName).isVisible()).resolves.toBe(true);
        expect(await sidewaysOverflow(page)).toBe(0);
        expect(await dialog(page).evaluate((panel) => panel.scrollWidth - panel.clientWidth)).toBe(0);
      }
      expect(errorsOf(page)).toEqual([]);
    });
  }
});

for (const javaScriptEnabled of [true, false]) {
  describe(`following on a phone, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    it("follows from a post's card and unfollows from the post dialog, never on the member's own post", async () => {
      const author = await memberNamed(`Wren Author ${javaScriptEnabled ? "js" : "nojs"}`);
      const word = javaScriptEnabled ? "Wombatwood" : "Wallabywood";
      const post = await publish(author.token, { title: `${word} planters from crates`, content: "Two crates, one afternoon." });
      const { page, member } = await openCommunity(javaScriptEnabled, `/app/community?search=${word}`, { viewport: phone });
      const card = posts(page).first();
      const follow = card.getByRole("button", { name: `Follow ${author.username}`, exact: true });
      expect(await follow.isVisible()).toBe(true);
      await follow.click();
      await card.getByRole("button", { name: `Unfollow ${author.username}`, exact: true }).waitFor();
      await expect.poll(() => follows(member.id, author.id)).toBe(true);
      if (!javaScriptEnabled) {
        // Back at the card it was pressed on, with the flash toast.
        expect(new URL(page.url()).hash).toBe(`#post-${post.id}`);
        await page.getByText(`You now follow ${author.username}`).waitFor();
      }

      await card.getByRole("link", { name: post.title, exact: true }).click();
      const opened = page.getByRole("dialog", { name: post.title });
      await opened.getByRole("button", { name: `Unfollow ${author.username}`, exact: true }).click();
      await opened.getByRole("button", { name: `Follow ${author.username}`, exact: true }).waitFor();
      await expect.poll(() => follows(member.id, author.id)).toBe(false);
      await opened.getByRole("link", { name: "Close dialog" }).click();
      await dialog(page).waitFor({ state: "detached" });
      await posts(page)
        .first()
        .getByRole("button", { name: `Follow ${author.username}`, exact: true })
        .waitFor();

      // A member never follows themself.
      const own = await publish(member.token, { title: `${word} from my own yard`, content: "Mine." });
      await page.goto(`${server.url}/app/community?search=${word}&post=${own.id}`);
      const mine = posts(page).filter({ has: page.getByRole("heading", { name: own.title }) });
      await mine.waitFor();
      expect(await mine.getByRole("button", { name: /follow/i }).count()).toBe(0);
      expect(
        await dialog(page)
          .getByRole("button", { name: /follow/i })
          .count(),
      ).toBe(0);
      expect(errorsOf(page)).toEqual([]);
    });
  });
}

describe("toasts", () => {
  it("show once however often they are asked for, go after their time unless held, and leave the close button free", async () => {
    const author = await memberNamed("Tilly Toastwright");
    const post = await publish(author.token, { title: "Toastrack compost sieve", content: "An old toast rack holds the sieve." });
    const { page, context } = await openCommunity(true, "/app/community?search=toastrack", {
      viewport: phone,
      before: async (context, page) => {
        await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.url });
        await page.clock.install();
      },
    });
    // From here the page's time moves only when the test moves it.
    await page.clock.pauseAt(Date.now() + 1000);
    const card = posts(page).first();
    const messages = toastList(page, "Messages");

    // Three shares in a row: one toast. Each share is sent once its link is copied, just after it
    // asks for its toast: the clock moves only once all three have asked (on a busy machine the
    // last copy can land after the first share's answer).
    let sharesSent = 0;
    page.on("request", (request) => {
      if (request.method() === "POST" && /intent=share\b/.test(request.postData() ?? "")) sharesSent++;
    });
    for (let i = 0; i < 3; i++) await card.getByRole("button", { name: /^Share, / }).click();
    await expect.poll(() => sharesSent).toBe(3);
    // The pointer leaves the Share button: on a phone a toast can appear right under it, and a
    // toast pointed at is held.
    await page.mouse.move(1, 1);
    await card.getByRole("button", { name: `Share, ${countOf(1, "share")}` }).waitFor();
    await messages.filter({ hasText: "Link copied" }).waitFor();
    expect(await messages.count()).toBe(1);
    // A success says its piece in two seconds.
    await page.clock.fastForward(1500);
    expect(await messages.count()).toBe(1);
    await page.clock.fastForward(600);
    await expect.poll(() => messages.count()).toBe(0);

    // In the post dialog, a toast stays clear of the close button; pointing at it holds it.
    await card.getByRole("link", { name: post.title, exact: true }).click();
    const opened = page.getByRole("dialog", { name: post.title });
    await opened.getByRole("button", { name: `Follow ${author.username}` }).click();
    const followed = messages.filter({ hasText: `You now follow ${author.username}` });
    await followed.waitFor();
    const close = opened.getByRole("link", { name: "Close dialog" });
    expect(overlap((await followed.boundingBox())!, (await close.boundingBox())!)).toBe(0);
    await followed.hover();
    await page.clock.fastForward(10_000);
    expect(await followed.isVisible()).toBe(true);
    await page.mouse.move(5, 5);
    await page.clock.fastForward(2100);
    await expect.poll(() => followed.count()).toBe(0);

    // The same failure three times: one error, read out at once, which stays longer. (Only the
    // action's call fails: the page's data still reloads afterwards.)
    await context.route("**/app/community.data*", (route) =>
      route.request().method() === "POST" ? route.abort() : route.fallback(),
    );
    for (let i = 0; i < 3; i++) {
      const failed = page.waitForEvent("requestfailed", (request) => request.method() === "POST");
      await opened.getByRole("button", { name: `Unfollow ${author.username}` }).click();
      await failed;
      // It goes back when the call fails (and only then is it pressed again).
      await opened.getByRole("button", { name: `Unfollow ${author.username}` }).waitFor();
    }
    const errors = toastList(page, "Error messages");
    await errors.filter({ hasText: `Could not unfollow ${author.username}` }).waitFor();
    expect(await errors.count()).toBe(1);
    expect(await page.getByRole("list", { name: "Error messages" }).getAttribute("aria-live")).toBe("assertive");
    expect(await page.getByRole("list", { name: "Messages", exact: true }).getAttribute("aria-live")).toBe("polite");
    await page.clock.fastForward(2100);
    expect(await errors.count()).toBe(1);
    await page.clock.fastForward(5000);
    await expect.poll(() => errors.count()).toBe(0);
    await context.unroute("**/app/community.data*");
    await close.click();
    await dialog(page).waitFor({ state: "detached" });
  });
});

describe("sharing", () => {
  it("copies the post's link where the browser cannot share, and says so", async () => {
    const author = await memberNamed("Sharon Sharewell");
    const post = await publish(author.token, { title: "Sharestone rainwater butts", content: "Two butts, one downpipe." });
    const { page } = await openCommunity(true, "/app/community?search=sharestone", {
      before: (context) => context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.url }),
    });
    const card = posts(page).first();
    await card.getByRole("button", { name: `Share, ${countOf(0, "share")}` }).click();
    await toastList(page, "Messages").filter({ hasText: "Link copied" }).waitFor();
    await card.getByRole("button", { name: `Share, ${countOf(1, "share")}` }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${server.url}/app/community?post=${post.id}`);
    expect(errorsOf(page)).toEqual([]);
  });

  it("opens the system's share sheet where the browser has one, with the post's title and link", async () => {
    await publish((await memberNamed("Shay Sheetley")).token, { title: "Sheetmulch over cardboard", content: "No digging." });
    const { page } = await openCommunity(true, "/app/community?search=sheetmulch", {
      before: (context) =>
        context.addInitScript(() => {
          const shared: ShareData[] = [];
          Object.assign(window, { shared });
          Object.defineProperty(navigator, "share", { value: async (data: ShareData) => void shared.push(data) });
        }),
    });
    const card = posts(page).first();
    await card.getByRole("button", { name: /^Share, / }).click();
    await toastList(page, "Messages").filter({ hasText: "Shared" }).waitFor();
    const id = Number((await card.getAttribute("aria-labelledby"))!.match(/\d+/)![0]);
    expect(await page.evaluate(() => (window as unknown as { shared: ShareData[] }).shared)).toEqual([
      { title: "Sheetmulch over cardboard", url: `${server.url}/app/community?post=${id}` },
    ]);
    await card.getByRole("button", { name: `Share, ${countOf(1, "share")}` }).waitFor();
  });

  it("without JavaScript records the share once and shows the link to copy", async () => {
    const post = await publish((await memberNamed("Noah Scriptless")).token, {
      title: "Nojsville tool library",
      content: "Borrow a drill.",
    });
    const { page } = await openCommunity(false, "/app/community?search=nojsville");
    await posts(page)
      .first()
      .getByRole("button", { name: `Share, ${countOf(0, "share")}` })
      .click();
    const link = page.getByRole("textbox", { name: "Copy this link to share the post" });
    await expect(link.inputValue()).resolves.toBe(`${server.url}/app/community?post=${post.id}`);
    expect(new URL(page.url()).hash).toBe(`#share-${post.id}`);
    await posts(page)
      .first()
      .getByRole("button", { name: `Share, ${countOf(1, "share")}` })
      .click();
    // Counted once per member.
    await posts(page)
      .first()
      .getByRole("button", { name: `Share, ${countOf(1, "share")}` })
      .waitFor();
    await page.getByRole("link", { name: "Done" }).click();
    expect(await link.count()).toBe(0);
  });
});

describe("keyboard and focus", () => {
  it("keeps focus in the emptied comment box after a comment", async () => {
    const { page } = await openCommunity(true);
    const card = posts(page).nth(1);
    const title = (await card.getByRole("heading").textContent())!;
    await card.getByRole("link", { name: title, exact: true }).click();
    const opened = page.getByRole("dialog", { name: title });
    const box = opened.getByLabel("Your comment");
    await box.fill("Focus stays here.");
    await box.press("Tab");
    await page.keyboard.press("Enter");
    await opened.getByText("Focus stays here.", { exact: true }).waitFor();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label") ?? document.activeElement?.id))
      .toBe("comment-content");
    expect(await box.inputValue()).toBe("");
  });

  it("after Load more, goes on at the first new post", async () => {
    const { page } = await openCommunity(true);
    const firstPage = await titles(page);
    expect(firstPage).toHaveLength(10);
    await page.getByRole("link", { name: "Load more" }).focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => posts(page).count()).toBeGreaterThanOrEqual(20);
    const eleventh = (await titles(page))[10];
    await expect
      .poll(() =>
        page.evaluate(() =>
          document.activeElement?.matches("article") ? document.activeElement.querySelector("h3")?.textContent : null,
        ),
      )
      .toBe(eleventh);
    expect(await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle)).not.toBe("none");
  });

  it("shows where focus is in the Tags field", async () => {
    const { page } = await openCommunity(true, "/app/community?compose=1");
    await dialog(page).getByLabel("Category", { exact: true }).focus();
    await page.keyboard.press("Tab");
    const focused = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement;
      const style = getComputedStyle(element);
      return { id: element.id, outline: `${style.outlineStyle} ${style.outlineWidth}` };
    });
    expect(focused).toEqual({ id: "post-tags-entry", outline: "solid 2px" });
  });

  it("shows where focus is on every control reached by Tab, and opens and closes both dialogs by keyboard", async () => {
    const { page } = await openCommunity(true, "/app/community", { viewport: phone });
    /** Tabs `times` times and names each control reached that shows no focus indicator. */
    async function tabThrough(times: number) {
      const unmarked: string[] = [];
      for (let i = 0; i < times; i++) {
        await page.keyboard.press("Tab");
        const focused = await page.evaluate(() => {
          let element = document.activeElement as HTMLElement;
          // A control hidden for looks (the file input) shows its focus on the box around it.
          if (element.getBoundingClientRect().width <= 2) element = element.closest("label") ?? element;
          const style = getComputedStyle(element);
          const marked = (style.outlineStyle !== "none" && style.outlineWidth !== "0px") || style.boxShadow !== "none";
          return {
            marked,
            what: `${element.tagName} ${element.getAttribute("aria-label") ?? element.id ?? ""} ${element.textContent?.trim().slice(0, 40)}`,
          };
        });
        if (!focused.marked) unmarked.push(focused.what);
      }
      return unmarked;
    }
    expect(await tabThrough(40)).toEqual([]);

    const title = (await posts(page).nth(1).getByRole("heading").textContent())!;
    await posts(page).nth(1).getByRole("link", { name: title, exact: true }).focus();
    await page.keyboard.press("Enter");
    await page.getByRole("dialog", { name: title }).waitFor();
    expect(await tabThrough(12)).toEqual([]);
    await page.keyboard.press("Escape");
    await dialog(page).waitFor({ state: "detached" });
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe(title);

    await page.getByRole("link", { name: "Create Post" }).focus();
    await page.keyboard.press("Enter");
    await dialog(page).getByRole("heading", { name: "Create Post" }).waitFor();
    // Every field of the dialog, round to the close button again (focus stays in the dialog).
    expect(await tabThrough(25)).toEqual([]);
    await page.keyboard.press("Escape");
    await dialog(page).waitFor({ state: "detached" });
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent?.trim())).toBe("Create Post");
  });
});

for (const javaScriptEnabled of [true, false]) {
  it(`pages a search by 10 with Load more (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async () => {
    const author = await memberNamed(`Zeb Pager ${javaScriptEnabled ? "js" : "nojs"}`);
    const word = javaScriptEnabled ? "Zebrawood" : "Zirconwood";
    for (let i = 1; i <= 12; i++)
      await publish(author.token, { title: `${word} offcut ${i}`, content: "Small pieces for small boxes." });
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
    // A whole PNG and 6 MB of padding after it: enough to take a while at 512 KB/s.
    const big = Buffer.concat([fs.readFileSync(PNG), Buffer.alloc(6 * 1024 * 1024)]);
    await page.locator('input[type="file"]').setInputFiles([{ name: "big.png", mimeType: "image/png", buffer: big }]);
    await form.getByRole("img", { name: "big.png" }).waitFor();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 512 * 1024,
    });
    const postsBefore = postCount();
    const filesBefore = uploads();
    const logFrom = server.logs().length;

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
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await form.getByRole("button", { name: "Publish" }).click();
    await dialog(page).waitFor({ state: "detached" });
    await expect(posts(page).first().getByRole("heading").textContent()).resolves.toBe("Slow line upload");
    expect(postCount()).toBe(postsBefore + 1);
    expect(uploads().filter((file) => !filesBefore.includes(file))).toHaveLength(1);
    // The cut-off request ended quietly on the server.
    expect(
      server
        .logs()
        .slice(logFrom)
        .split("\n")
        .filter((line) => /error/i.test(line)),
    ).toEqual([]);
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
          document.addEventListener("securitypolicyviolation", (event) =>
            violations.push(`${event.violatedDirective} ${event.blockedURI}`),
          );
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

describe("counts in words", () => {
  it("says 1 like, 1 comment, 1 share and 1 view", async () => {
    const post = await publish((await memberNamed("Uma Onesworth")).token, {
      title: "Singularia seed swap",
      content: "One of each.",
    });
    const { page } = await openCommunity(true, "/app/community?search=singularia", {
      before: (context) => context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.url }),
    });
    const card = posts(page).first();
    await card.getByRole("button", { name: `Like, ${countOf(0, "like")}` }).click();
    await card.getByRole("button", { name: "Like, 1 like", exact: true }).waitFor();
    await card.getByRole("button", { name: "Share, 0 shares", exact: true }).click();
    await card.getByRole("button", { name: "Share, 1 share", exact: true }).waitFor();
    await card.getByRole("link", { name: "Comments, 0 comments", exact: true }).click();
    const opened = page.getByRole("dialog", { name: post.title });
    await opened.getByLabel("Your comment").fill("Just one.");
    await opened.getByRole("button", { name: "Comment", exact: true }).click();
    await opened.getByText("1 like · 1 comment · 1 share · 1 view", { exact: true }).waitFor();
    await opened
      .getByText(/^· (just now|1 minute ago)$/)
      .first()
      .waitFor();
    await page.keyboard.press("Escape");
    await card.getByRole("link", { name: "Comments, 1 comment", exact: true }).waitFor();
    await card.getByText("1 view", { exact: true }).waitFor();
  });
});

describe("the post view", () => {
  it("likes and unlikes as the card does, the card following, and lists comments oldest first", async () => {
    const author = await memberNamed("Lia Likewise");
    const post = await publish(author.token, { title: "Numbatvale tool shed", content: "Open Sundays." });
    const { page } = await openCommunity(true, "/app/community?search=numbatvale");
    const card = posts(page).first();
    await card.getByRole("link", { name: post.title, exact: true }).click();
    const opened = page.getByRole("dialog", { name: post.title });
    await opened.getByRole("button", { name: `Like, ${countOf(0, "like")}`, exact: true, pressed: false }).click();
    await opened.getByRole("button", { name: "Like, 1 like", exact: true, pressed: true }).waitFor();
    await opened.getByText("1 like · 0 comments", { exact: false }).waitFor();
    await expect
      .poll(async () => (await api(server, `/api/posts/${post.id}`, { token: author.token })).json.data.post.likes_count)
      .toBe(1);

    // A question, then its answer: the answer comes below it, by the reply box.
    for (const text of ["Is the drill there?", "Yes, by the door."]) {
      await opened.getByLabel("Your comment").fill(text);
      await opened.getByRole("button", { name: "Comment", exact: true }).click();
      await opened.getByText(text, { exact: true }).waitFor();
    }
    const comments = await opened.getByRole("listitem").allTextContents();
    expect(comments.findIndex((item) => item.includes("Is the drill there?"))).toBeLessThan(
      comments.findIndex((item) => item.includes("Yes, by the door.")),
    );

    await page.keyboard.press("Escape");
    await card.getByRole("button", { name: "Like, 1 like", exact: true, pressed: true }).waitFor();
    await card.getByRole("link", { name: post.title, exact: true }).click();
    await opened.getByRole("button", { name: "Like, 1 like", exact: true, pressed: true }).click();
    await opened.getByRole("button", { name: `Like, ${countOf(0, "like")}`, exact: true, pressed: false }).waitFor();
    await expect
      .poll(async () => (await api(server, `/api/posts/${post.id}`, { token: author.token })).json.data.post.likes_count)
      .toBe(0);
  });
});

describe("accessibility (axe)", () => {
  /**
   * Serious and critical findings on the community page.
   */
  const findings = (page: Page) => seriousAxeFindings(page);

  for (const width of [375, 1280]) {
    it(`finds nothing serious at ${width}px: the feed, the filter panel, the post dialog and the Create Post dialog`, async () => {
      const { page } = await openCommunity(true, "/app/community", { viewport: { width, height: 800 }, bypassCSP: true });
      expect(await findings(page)).toEqual([]);
      await page.getByText("Filters", { exact: true }).click();
      await page.getByRole("button", { name: "Apply Filters" }).waitFor();
      expect(await findings(page)).toEqual([]);
      const title = (await posts(page).nth(1).getByRole("heading").textContent())!;
      await posts(page).nth(1).getByRole("link", { name: title, exact: true }).click();
      await page.getByRole("dialog", { name: title }).waitFor();
      expect(await findings(page)).toEqual([]);
      await page.keyboard.press("Escape");
      await dialog(page).waitFor({ state: "detached" });
      await page.getByRole("link", { name: "Create Post" }).click();
      await dialog(page).getByRole("button", { name: "Publish" }).click();
      await dialog(page).getByText("Title is required").waitFor();
      expect(await findings(page)).toEqual([]);
    });
  }
});
