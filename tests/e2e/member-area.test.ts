import Database from "better-sqlite3";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { seriousAxeFindings } from "../support/a11y";
import { closeContexts, errorsOf, launchBrowser, signedInContext } from "../support/browser";
import { startServer, type TestServer } from "../support/server";

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

async function signedInPage(javaScriptEnabled = true, viewport?: { width: number; height: number }) {
  const { context, member } = await signedInContext(browser, server, { javaScriptEnabled, viewport });
  return { page: await context.newPage(), member };
}

const productNames = (page: Page) =>
  page.getByRole("list", { name: "Products" }).getByRole("heading", { level: 3 }).allTextContents();
const showing = (page: Page) => page.getByText(/^Showing \d+ of \d+ products?$/).textContent();

describe("member area with JavaScript", () => {
  it("greets on the dashboard, invites a new member to record a first load, and switches the period", async () => {
    const { page } = await signedInPage();
    await page.goto(`${server.url}/app/dashboard`);
    // Registered a moment ago: a first visit, not a return.
    await page.getByRole("heading", { name: /^Welcome, Member \d+!$/ }).waitFor();
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Dashboard");
    expect(
      await page
        .getByText(/^Good (morning|afternoon|evening), /)
        .first()
        .textContent(),
    ).toMatch(/^Good (morning|afternoon|evening), Member \d+ · \w+day, \w+ \d+, \d{4}$/);
    // A member without entries is shown how to start, not a row of zeros.
    await page.getByRole("heading", { name: "Nothing recorded yet" }).waitFor();
    expect(await page.getByRole("link", { name: "Record your first load" }).getAttribute("href")).toBe("/app/impact/new");
    expect(await page.getByRole("list", { name: "Key figures" }).count()).toBe(0);
    await page.getByRole("heading", { name: "Your last 30 days" }).waitFor();
    await page.getByRole("navigation", { name: "Period" }).getByRole("link", { name: "7 days" }).click();
    await page.waitForURL(/period=7/);
    await page.getByRole("heading", { name: "Your last 7 days" }).waitFor();
    expect(await page.getByRole("link", { name: /View Reports/ }).getAttribute("href")).toBe("/app/reports");
    expect(await page.getByRole("link", { name: /Process Waste/ }).getAttribute("href")).toBe("/app/impact/new");
    expect(errorsOf(page)).toEqual([]);
  });

  it("browses the marketplace: search, category, sort, layout and Load More", async () => {
    const { page } = await signedInPage();
    await page.goto(`${server.url}/app/marketplace`);
    expect(await showing(page)).toBe("Showing 12 of 16 products");
    await page.getByRole("link", { name: "Load More Products" }).click();
    await expect.poll(() => showing(page)).toBe("Showing 16 of 16 products");
    expect(await page.getByRole("link", { name: "Load More Products" }).count()).toBe(0);

    await page.getByLabel("Category").selectOption("garden");
    await page.waitForURL(/category=garden/);
    await expect.poll(() => showing(page)).toBe("Showing 3 of 3 products");
    await page.getByLabel("Sort by").selectOption("price_asc");
    await page.waitForURL(/sort=price_asc/);
    await expect
      .poll(() => productNames(page))
      .toEqual(["Solar Garden Lights (set of 6)", "Compost Bin from Recycled Plastic", "Rain Barrel Kit"]);

    await page.getByLabel("Search", { exact: true }).fill("barrel");
    await page.getByLabel("Search", { exact: true }).press("Enter");
    await expect.poll(() => productNames(page)).toEqual(["Rain Barrel Kit"]);
    await page.getByRole("link", { name: "List view" }).click();
    await page.waitForURL(/view=list/);
    // The URL changes as the client navigation starts; the page marks the view once it has rendered.
    await expect.poll(() => page.getByRole("link", { name: "List view" }).getAttribute("aria-current")).toBe("true");
    expect(errorsOf(page)).toEqual([]);
  });

  it("opens a sample listing: marked as such, with its pictures and sample reviews, and no way to order it", async () => {
    const { page } = await signedInPage();
    await page.goto(`${server.url}/app/marketplace?q=hand+tool`);
    await page.getByRole("link", { name: "Restored Hand Tool Set" }).click();
    await page.waitForURL(/\/app\/marketplace\/\d+$/);
    await page.getByRole("heading", { name: "Restored Hand Tool Set", level: 2 }).waitFor();
    const breadcrumb = page.getByRole("navigation", { name: "Breadcrumb" });
    expect(await breadcrumb.textContent()).toBe("MarketplaceToolsRestored Hand Tool Set");
    await page.getByText("This is a sample listing and cannot be ordered.").waitFor();
    await page.getByRole("heading", { name: "Sample reviews" }).waitFor();
    expect(await page.getByText("Verified Purchase").count()).toBe(0);
    expect(await page.getByRole("button", { name: "Buy Now" }).count()).toBe(0);

    await page.getByRole("link", { name: "Show picture 2" }).click();
    await page.getByRole("img", { name: "Restored Hand Tool Set, picture 2" }).waitFor();
    expect(errorsOf(page)).toEqual([]);
  });

  it("answers an unknown product with a not-found page", async () => {
    const { page } = await signedInPage();
    const response = await page.goto(`${server.url}/app/marketplace/99999`);
    expect(response?.status()).toBe(404);
    await page.getByRole("heading", { name: "Listing not found" }).waitFor();
    // The old links outside /app lead to the real page.
    await page.goto(`${server.url}/marketplace/1`);
    await page.waitForURL(/\/app\/marketplace\/1$/);
    await page.getByRole("heading", { name: "Reclaimed Oak Desk", level: 2 }).waitFor();
  });

  it("shows a product taken down after the listing loaded as not found inside the shell, whose navigation still works", async () => {
    const { context } = await signedInContext(browser, server, { bypassCSP: true });
    const page = await context.newPage();
    const db = new Database(path.join(server.dataDir, "app.db"));
    try {
      const id = Number(
        db
          .prepare(
            `INSERT INTO listings (seller_id, kind, title, description, category, material, condition, quantity, unit,
               weight_per_unit_kg, price_cents, quantity_left, handover)
             VALUES ((SELECT min(id) FROM users), 'sale', 'Vanishing Vase', 'Blown from bottle glass.', 'home_decor', 'glass',
               'refurbished', 3, 'piece', 0.8, 2500, 3, 'collection')`,
          )
          .run().lastInsertRowid,
      );
      // A search of its own: the marketplace keeps the lists it has just shown for a few seconds.
      await page.goto(`${server.url}/app/marketplace?q=vanishing`);
      const link = page.getByRole("link", { name: "Vanishing Vase", exact: true });
      await link.waitFor();
      db.prepare("DELETE FROM listings WHERE id = ?").run(id);
      // A mark on the window that a full page load would wipe out.
      await page.evaluate(() => Object.assign(window, { sameDocument: true }));
      await link.click();
      await page.waitForURL(new RegExp(`/app/marketplace/${id}$`));
      await page.getByRole("heading", { name: "Listing not found", level: 2 }).waitFor();
      await page.getByText("This listing doesn't exist or isn't yours to see.").waitFor();
      expect(await page.evaluate(() => "sameDocument" in window)).toBe(true);
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Marketplace");
      expect(await seriousAxeFindings(page)).toEqual([]);

      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Education" }).click();
      await page.waitForURL(/\/app\/education$/);
      await page.getByRole("heading", { name: "Education Hub", level: 1 }).waitFor();
      await page.goBack();
      await page.getByRole("link", { name: "Back to the marketplace" }).click();
      await page.waitForURL(/\/app\/marketplace$/);
      expect(await page.getByRole("link", { name: "Vanishing Vase", exact: true }).count()).toBe(0);
      expect(errorsOf(page)).toEqual([]);
    } finally {
      db.close();
      await context.close();
    }
  });

  it("searches and filters the education hub and enrols in a course", async () => {
    const { page } = await signedInPage();
    await page.goto(`${server.url}/app/education`);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Education Hub");
    await page.getByRole("heading", { name: "Zero Waste Lifestyle Challenge" }).waitFor();
    await page.getByText("30 days", { exact: true }).waitFor();
    // Courses are free: no price anywhere.
    expect(await page.getByText("$", { exact: false }).count()).toBe(0);
    await page
      .getByRole("listitem")
      .filter({ hasText: "Recycling Fundamentals" })
      .getByRole("button", { name: "Start Learning" })
      .click();
    await page.getByText("You are enrolled in Recycling Fundamentals").waitFor();
    await page.getByLabel("Topic").selectOption("composting");
    await page.waitForURL(/topic=composting/);
    await page.getByText("Courses (2)").waitFor();
    await page.getByLabel("Search", { exact: true }).fill("home");
    await page.getByLabel("Search", { exact: true }).press("Enter");
    await page.getByText("Courses (1)").waitFor();
    await page.reload();
    await page.goto(`${server.url}/app/education`);
    // Enrolled, the course's button has become the way into it.
    expect(await page.getByRole("link", { name: /^Open course: / }).count()).toBe(1);
    // The featured course and the five others.
    expect(await page.getByRole("button", { name: "Start Learning" }).count()).toBe(6);
    expect(errorsOf(page)).toEqual([]);
  });

  it("edits the profile, with errors beside the fields, and shows the member's activity", async () => {
    const { page } = await signedInPage();
    await page.goto(`${server.url}/app/community`);
    await page.locator('input[name="_enhanced"]').first().waitFor({ state: "attached" });
    await page.getByRole("list", { name: "Posts" }).getByRole("button", { name: /^Like/ }).first().click();
    // The like button keeps its name ("Like, N likes") and says it is pressed.
    await page
      .getByRole("list", { name: "Posts" })
      .getByRole("button", { name: /^Like, /, pressed: true })
      .first()
      .waitFor();

    await page.getByRole("link", { name: "Profile" }).first().click();
    await page.getByRole("heading", { name: "Achievements" }).waitFor();
    expect(await page.getByRole("heading", { name: "Recent activity" }).locator("..").textContent()).toContain("You liked");
    await page.getByRole("link", { name: "Edit Profile" }).click();
    await page.getByLabel("Name").fill("");
    await page.getByLabel("Website").fill("not a url");
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByText("Name is required").waitFor();
    await page.getByText("Website must be a valid URL, like https://example.org").waitFor();
    await page.getByLabel("Name").fill("Grace Hopper");
    await page.getByLabel("Bio").fill("Collector of bottle caps.");
    await page.getByLabel("Website").fill("example.org");
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByText("Profile saved").waitFor();
    await page.getByRole("heading", { name: "Grace Hopper", level: 2 }).waitFor();
    await page.getByRole("link", { name: "https://example.org/" }).waitFor();
    // The shell shows the new name too.
    await page.getByText(/Grace Hopper ·/).waitFor();
    expect(errorsOf(page)).toEqual([]);
  });

  it("folds the navigation into a menu on a phone", async () => {
    const { page } = await signedInPage(true, { width: 375, height: 800 });
    await page.goto(`${server.url}/app/dashboard`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    const menu = page.getByRole("banner").getByRole("navigation", { name: "Main" });
    expect(await menu.isVisible()).toBe(false);
    await page.getByLabel("Menu").click();
    await menu.getByRole("link", { name: "Education" }).click();
    await page.waitForURL(/\/app\/education$/);
  });
});

describe("listing something with JavaScript", () => {
  it("lists a thing with a photo from the dashboard's Add Product, then pauses and reopens it", async () => {
    const { page } = await signedInPage();
    await page.goto(`${server.url}/app/dashboard`);
    await page.getByRole("link", { name: /Add Product/ }).click();
    await page.waitForURL(/\/app\/marketplace\/new$/);
    await page.getByRole("heading", { name: "List something", level: 2 }).waitFor();
    await page.getByLabel("Free to a good home").check();
    await page.getByLabel("Title").fill("Glass jars, cleaned");
    await page.getByLabel("Description").fill("Sixty jam jars with lids, washed.");
    await page.getByLabel("Category").selectOption("glass");
    await page.getByLabel("Material").selectOption("glass");
    await page.getByLabel("Condition").selectOption("used");
    await page.getByLabel("Quantity").fill("60");
    await page.getByLabel("Weight per piece (kg)").fill("abc");
    await page.getByRole("button", { name: "Publish listing" }).click();
    // Said beside the field and in the summary above the form.
    await page.getByText("Give the weight in kg as a number").first().waitFor();
    expect(await page.getByLabel("Title").inputValue()).toBe("Glass jars, cleaned");

    await page.getByLabel("Weight per piece (kg)").fill("0.25");
    await page.getByLabel("Photos").setInputFiles(path.resolve("db/seed-media/cargo-bike.png"));
    await page.getByRole("button", { name: "Publish listing" }).click();
    await page.waitForURL(/\/app\/marketplace\/\d+$/);
    await page.getByText("Your listing is live.").waitFor();
    await page.getByRole("heading", { name: "Glass jars, cleaned", level: 2 }).waitFor();
    await page.getByRole("img", { name: "Glass jars, cleaned, picture 1" }).waitFor();
    expect(await page.getByText("Free", { exact: true }).count()).toBeGreaterThan(0);

    await page.getByRole("button", { name: "Pause" }).click();
    await page.getByText("The listing is paused: it takes no requests until you reopen it.").waitFor();
    await page.getByRole("button", { name: "Reopen" }).click();
    await page.getByText("The listing is open again.").waitFor();
    await page.goto(`${server.url}/app/marketplace/mine`);
    await page.getByRole("link", { name: "Glass jars, cleaned" }).waitFor();
    expect(errorsOf(page)).toEqual([]);
  });
});

describe("member area without JavaScript", () => {
  it("searches and sorts the marketplace with plain forms", async () => {
    const { page } = await signedInPage(false);
    await page.goto(`${server.url}/app/marketplace`);
    await page.getByLabel("Search", { exact: true }).fill("refurbished");
    await page.getByLabel("Sort by").selectOption("price_desc");
    await page.getByRole("button", { name: "Search" }).click();
    await page.waitForURL(/q=refurbished.*sort=price_desc/);
    const names = await productNames(page);
    expect(names[0]).toBe('Refurbished 14" Laptop');
    expect(names.length).toBe(5);
    await page.getByLabel("Category").selectOption("tools");
    await page.getByRole("button", { name: "Search" }).click();
    expect(await productNames(page)).toEqual(["Refurbished Cordless Drill"]);
    await page.getByRole("list", { name: "Products" }).getByText("Sample listing").waitFor();
  });

  it("saves the profile with a plain form and shows the server's errors", async () => {
    const { page } = await signedInPage(false);
    await page.goto(`${server.url}/app/profile`);
    await page.getByRole("link", { name: "Edit Profile" }).click();
    await page.waitForURL(/edit=1/);
    await page.getByLabel("Bio").fill("x".repeat(10));
    await page.getByLabel("Name").fill("");
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByText("Name is required").waitFor();
    await page.getByLabel("Name").fill("Katherine Johnson");
    await page.getByLabel("Company").fill("Orbit Recycling");
    await page.getByRole("button", { name: "Save" }).click();
    await page.waitForURL(/\/app\/profile$/);
    await page.getByText("Profile saved").waitFor();
    await page.getByRole("heading", { name: "Katherine Johnson", level: 2 }).waitFor();
    await page.getByText("Orbit Recycling").waitFor();
  });
});
