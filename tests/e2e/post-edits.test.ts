import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { seriousAxeFindings, sidewaysOverflow } from "../support/a11y";
import { closeContexts, errorsOf, launchBrowser, signedInContext } from "../support/browser";
import { multipart, type Part } from "../support/multipart";
import { api, startServer, type TestServer } from "../support/server";

/**
 * The author's journey through their own post, with JavaScript off and on: edit it (text and
 * media), see it marked edited, then delete it; nobody else is offered either. The edit form and
 * the Saved view fit a 320 px phone and pass axe.
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

const PNG = fs.readFileSync(path.resolve("db/seed-media/cargo-bike.png"));
const phone = { width: 320, height: 800 };

function rowsOf(sql: string, ...params: unknown[]) {
  const db = new Database(path.join(server.dataDir, "app.db"), { readonly: true });
  try {
    return db.prepare(sql).all(...params);
  } finally {
    db.close();
  }
}

async function publish(token: string, word: string, withPicture = false) {
  const form = multipart([
    ["title", `Bottle bank ${word}`],
    ["content", `Where the ${word} bottle bank stands.`],
    ["category", "recycling"],
    ...(withPicture ? [["media_0", PNG, "bank.png", "image/png"] satisfies Part] : []),
  ]);
  const response = await fetch(`${server.url}/api/posts`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  expect(response.status).toBe(201);
  return (await response.json()).data.post as { id: number; title: string; media_urls: string[] };
}

const card = (page: Page, word: string) =>
  page.getByRole("list", { name: "Posts" }).getByRole("article").filter({ hasText: word });
/** Where a page says how a form went: the toaster's list, or without JavaScript the banner at the top. */
const messagesToast = (page: Page) =>
  page.getByRole("list", { name: "Messages", exact: true }).or(page.locator("#flash-message"));

for (const javaScriptEnabled of [false, true]) {
  describe(`editing and deleting a post with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    it("the author edits the post and its media, sees it marked edited, then deletes it with everything on it", async () => {
      const { context, member } = await signedInContext(browser, server, { javaScriptEnabled });
      const word = `kelpie${javaScriptEnabled ? "on" : "off"}`;
      const post = await publish(member.token, word, true);
      const file = post.media_urls[0].split("/").pop()!;
      const page = await context.newPage();
      await page.goto(`${server.url}/app/community?search=${word}`);
      if (javaScriptEnabled) await page.locator('input[name="_enhanced"]').first().waitFor({ state: "attached" });

      await card(page, word)
        .getByRole("link", { name: `Edit post: ${post.title}` })
        .click();
      await page.getByRole("heading", { level: 2, name: "Edit your post" }).waitFor();
      // A field emptied is refused beside it, and nothing is saved.
      await page.getByLabel("Title").fill("");
      await page.getByRole("button", { name: "Save changes" }).click();
      await page.getByText("Title is required").first().waitFor();
      expect(rowsOf("SELECT title FROM posts WHERE id = ?", post.id)).toEqual([{ title: post.title }]);

      await page.getByLabel("Title").fill(`Bottle bank ${word} moved`);
      await page.getByLabel("Content").fill(`The ${word} bottle bank moved to the library car park.`);
      await page.getByLabel("Tags").fill("glass, bottles");
      await page.getByLabel("Remove picture 1").check();
      await page.getByRole("button", { name: "Save changes" }).click();

      const opened = page.getByRole("dialog");
      await opened.getByRole("heading", { name: `Bottle bank ${word} moved` }).waitFor();
      await opened.getByText("moved to the library car park").waitFor();
      await expect(opened.getByText(/Edited/).count()).resolves.toBeGreaterThan(0);
      await messagesToast(page).getByText("Post updated").waitFor();
      expect(fs.existsSync(path.join(server.dataDir, "uploads", file))).toBe(false);

      const title = `Bottle bank ${word} moved`;
      if (javaScriptEnabled) {
        // Asked inside the card; the card leaves the list once the server confirms.
        await page.goto(`${server.url}/app/community?search=${word}`);
        await page.locator('input[name="_enhanced"]').first().waitFor({ state: "attached" });
        await card(page, word)
          .getByRole("link", { name: `Delete post: ${title}` })
          .click();
        await card(page, word).getByRole("button", { name: "Keep it" }).click();
        expect(rowsOf("SELECT id FROM posts WHERE id = ?", post.id)).toHaveLength(1);
        await card(page, word)
          .getByRole("link", { name: `Delete post: ${title}` })
          .click();
        await card(page, word).getByRole("button", { name: "Delete post" }).click();
        await messagesToast(page).getByText("Post deleted").waitFor();
        await card(page, word).waitFor({ state: "detached" });
      } else {
        await opened.getByRole("link", { name: `Delete post: ${title}` }).click();
        await page.getByRole("heading", { level: 2, name: "Delete this post?" }).waitFor();
        await page.getByRole("button", { name: "Delete post" }).click();
        await page.waitForURL(`${server.url}/app/community`);
        await messagesToast(page).getByText("Post deleted").waitFor();
      }
      expect(rowsOf("SELECT id FROM posts WHERE id = ?", post.id)).toEqual([]);
      expect(rowsOf("SELECT count(*) AS n FROM post_media WHERE post_id = ?", post.id)).toEqual([{ n: 0 }]);
      expect(errorsOf(page)).toEqual([]);
      await context.close();
    });

    it("shows another member's post without Edit or Delete, and its edit page refuses them", async () => {
      const { member: author } = await signedInContext(browser, server);
      const word = `whippet${javaScriptEnabled ? "on" : "off"}`;
      const post = await publish(author.token, word);
      const { context } = await signedInContext(browser, server, { javaScriptEnabled });
      const page = await context.newPage();
      await page.goto(`${server.url}/app/community?search=${word}`);
      await card(page, word).waitFor();
      await expect(
        card(page, word)
          .getByRole("link", { name: /Edit post|Delete post/ })
          .count(),
      ).resolves.toBe(0);
      const response = await page.goto(`${server.url}/app/community/posts/${post.id}/edit?delete`);
      expect(response?.status()).toBe(403);
      await page.getByText("Only its author can edit this post.").waitFor();
      expect(rowsOf("SELECT id FROM posts WHERE id = ?", post.id)).toHaveLength(1);
      await context.close();
    });
  });
}

for (const javaScriptEnabled of [false, true]) {
  describe(`comments and likes with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    it("the commenter edits then deletes their comment, and the like count opens who liked the post", async () => {
      const { member: author } = await signedInContext(browser, server);
      const word = `beagle${javaScriptEnabled ? "on" : "off"}`;
      const post = await publish(author.token, word);
      const { context, member } = await signedInContext(browser, server, { javaScriptEnabled });
      await api(server, `/api/posts/${post.id}/interactions`, { method: "POST", token: member.token, body: { type: "like" } });
      const written = await api(server, `/api/posts/${post.id}/comments`, {
        method: "POST",
        token: member.token,
        body: { content: "Is it open on Sundays?" },
      });
      const commentId = written.json.data.comment.id;
      const page = await context.newPage();
      await page.goto(`${server.url}/app/community?search=${word}&post=${post.id}`);
      if (javaScriptEnabled) await page.locator('input[name="_enhanced"]').first().waitFor({ state: "attached" });
      const opened = page.getByRole("dialog");
      await opened.getByText("Is it open on Sundays?").waitFor();

      await opened.getByRole("link", { name: "Edit this comment" }).click();
      await opened.getByLabel("Change the comment").fill("Is it open on Sunday mornings?");
      await opened.getByRole("button", { name: "Save comment" }).click();
      await page.getByRole("dialog").getByText("Is it open on Sunday mornings?").waitFor();
      await messagesToast(page).getByText("Comment updated").waitFor();
      expect(rowsOf("SELECT content FROM post_comments WHERE id = ?", commentId)).toEqual([
        { content: "Is it open on Sunday mornings?" },
      ]);

      await page.getByRole("dialog").getByRole("link", { name: "Delete this comment" }).click();
      await page.getByRole("dialog").getByRole("button", { name: "Delete comment" }).click();
      await messagesToast(page).getByText("Comment deleted").waitFor();
      await page.getByRole("dialog").getByText("Sunday mornings").waitFor({ state: "detached" });
      expect(rowsOf("SELECT comments_count AS n FROM posts WHERE id = ?", post.id)).toEqual([{ n: 0 }]);

      await page.goto(`${server.url}/app/community?search=${word}`);
      await card(page, word).getByRole("link", { name: "Liked by 1 member" }).click();
      const likes = page.getByRole("dialog", { name: "Liked by" });
      const { username } = (await api(server, "/api/users/profile", { token: member.token })).json.user;
      await likes.getByRole("link", { name: username, exact: true }).waitFor();
      expect(errorsOf(page)).toEqual([]);
      await context.close();
    });
  });
}

describe("on a 320 px phone", () => {
  it("the edit form and the Saved view fit and pass axe", async () => {
    const { context, member } = await signedInContext(browser, server, { viewport: phone, bypassCSP: true });
    const word = "Schwarzwaldhochstraßenmeistereiverwaltung";
    const post = await publish(member.token, word, true);
    const page = await context.newPage();
    await page.goto(`${server.url}/app/community/posts/${post.id}/edit`);
    await page.getByRole("heading", { level: 2, name: "Edit your post" }).waitFor();
    expect(await sidewaysOverflow(page)).toBe(0);
    expect(await seriousAxeFindings(page)).toEqual([]);

    await page.goto(`${server.url}/app/community?tab=saved`);
    await page.getByText("No saved posts yet").waitFor();
    await api(server, `/api/posts/${post.id}/interactions`, { method: "POST", token: member.token, body: { type: "save" } });
    await page.goto(`${server.url}/app/community?tab=saved`);
    await card(page, word).waitFor();
    await page.getByRole("navigation", { name: "Feeds" }).locator('[aria-current="page"]', { hasText: "Saved" }).waitFor();
    expect(await sidewaysOverflow(page)).toBe(0);
    expect(await seriousAxeFindings(page)).toEqual([]);
    expect(errorsOf(page)).toEqual([]);
    await context.close();
  });
});
