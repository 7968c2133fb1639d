import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { sidewaysOverflow } from "../support/a11y";
import { closeContexts, errorsOf, launchBrowser, newContext, signedInContext } from "../support/browser";
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

async function openLanding(options: Parameters<typeof newContext>[1] & { reducedMotion?: "reduce" } = {}) {
  const context = await newContext(browser, options);
  const page = await context.newPage();
  if (options.reducedMotion) await page.emulateMedia({ reducedMotion: options.reducedMotion });
  return { page, context };
}

const FINAL_STATS = ["2,500+", "15,000+", "98%", "$45M"];
const slideName = (page: Page) => page.locator("[aria-roledescription='slide'] figcaption span span").first().textContent();

describe("landing page", () => {
  it("links to the marketplace, sign-in and sign-up, and its anchors and menus work", async () => {
    const { page } = await openLanding();
    await page.goto(server.url);
    const header = page.getByRole("banner");
    expect(await header.getByRole("link", { name: "Visit Marketplace" }).getAttribute("href")).toBe("/marketplace");
    expect(await header.getByRole("link", { name: "Login" }).getAttribute("href")).toBe("/auth/login");
    expect(await header.getByRole("link", { name: "Get Started" }).getAttribute("href")).toBe("/auth/register");
    const main = page.getByRole("navigation", { name: "Main" });
    for (const [name, href] of [
      ["Home", "#home"],
      ["Network", "#network"],
      ["Downloads", "#downloads"],
    ]) {
      expect(await main.getByRole("link", { name }).getAttribute("href")).toBe(href);
      expect(await page.locator(href).count()).toBe(1);
    }
    // Dropdowns open on click and close on Escape, giving focus back.
    await main.getByText("We Serve").click();
    await main.getByRole("link", { name: "Logistics firms" }).waitFor();
    await page.keyboard.press("Escape");
    await main.getByRole("link", { name: "Logistics firms" }).waitFor({ state: "hidden" });
    await main.getByText("Language").click();
    expect(await main.getByRole("link", { name: "English" }).getAttribute("aria-current")).toBe("true");
    await page.getByRole("heading", { name: "Everything a circular operation needs" }).click();
    await main.getByRole("link", { name: "English" }).waitFor({ state: "hidden" });

    await page.getByRole("link", { name: "Start Your Journey" }).click();
    await page.waitForURL(/\/auth\/register$/);
    await page.goto(server.url);
    await page.getByRole("link", { name: "Watch Demo" }).click();
    await page.waitForURL(/#demo$/);
    await page.goto(server.url);
    await header.getByRole("link", { name: "Visit Marketplace" }).click();
    // Visitors read the public marketplace without signing in.
    await page.waitForURL(/\/marketplace$/);
    await page.getByRole("heading", { level: 1, name: "Marketplace" }).waitFor();
    expect(errorsOf(page)).toEqual([]);
  });

  it("switches the demo's tabs by click and by arrow keys, and refreshes its figures every 3 seconds", async () => {
    const { page } = await openLanding();
    await page.clock.install();
    await page.goto(server.url);
    const tablist = page.getByRole("tablist", { name: "Platform demo" });
    await tablist.waitFor();
    const dashboard = page.getByRole("tab", { name: "Live Dashboard" });
    expect(await dashboard.getAttribute("aria-selected")).toBe("true");

    const collected = page.getByTestId("demo-collected");
    const before = await collected.textContent();
    expect((await textsOverRefreshes(page, collected, [before])).size).toBeGreaterThan(1);

    await page.getByRole("tab", { name: "Fleet Tracking" }).click();
    const panel = page.getByRole("tabpanel", { name: "Fleet Tracking" });
    await panel.waitFor();
    const trucks = panel.getByTestId("demo-truck");
    expect(await trucks.count()).toBe(6);
    for (const truck of await trucks.all()) {
      const text = (await truck.textContent())!;
      expect(text).toMatch(/^TRK-\d{3}(collecting|full|returning)\d+%-?\d+\.\d{4}, -?\d+\.\d{4}$/);
      const capacity = Number(await truck.getByRole("meter").getAttribute("aria-valuenow"));
      const tone = await truck.locator("[data-tone]").getAttribute("data-tone");
      expect(tone).toBe(capacity > 80 ? "red" : capacity > 60 ? "orange" : "green");
    }

    await page.keyboard.press("ArrowRight");
    const analytics = page.getByRole("tab", { name: "Analytics" });
    expect(await analytics.getAttribute("aria-selected")).toBe("true");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain("Analytics");
    const routes = page.getByRole("tabpanel", { name: "Analytics" });
    for (const [route, value] of [
      ["Route A", "92%"],
      ["Route B", "87%"],
      ["Route C", "94%"],
      ["Route D", "89%"],
    ]) {
      expect(await routes.getByText(route).locator("..").textContent()).toBe(`${route}${value}`);
    }
    expect(await routes.getByRole("list", { name: "Tons collected per weekday" }).getByRole("listitem").count()).toBe(7);
    await page.keyboard.press("ArrowRight");
    expect(await dashboard.getAttribute("aria-selected")).toBe("true");
    // Efficiency never shows above 95.
    for (let tick = 0; tick < 5; tick++) {
      await page.clock.runFor(3000);
      expect(Number((await page.getByTestId("demo-efficiency").textContent())!.replace("%", ""))).toBeLessThanOrEqual(95);
    }
    expect(errorsOf(page)).toEqual([]);
  });

  it("counts the stats up over 2 seconds once they come into view", async () => {
    const { page } = await openLanding();
    await page.clock.install();
    await page.goto(server.url);
    await page.getByRole("tablist", { name: "Platform demo" }).waitFor();
    const values = page.getByTestId("stat-value");
    expect(await values.allTextContents()).toEqual(["0+", "0+", "0%", "$0M"]);
    await page.locator("#network").scrollIntoViewIfNeeded();
    // The visibility observer reports on the next rendering step, outside the fake clock.
    await page.waitForTimeout(200);
    await page.clock.runFor(1000);
    const halfway = await values.allTextContents();
    expect(halfway).not.toEqual(FINAL_STATS);
    expect(Number(halfway[0]!.replace(/\D/g, ""))).toBeGreaterThan(0);
    await page.clock.runFor(1100);
    expect(await values.allTextContents()).toEqual(FINAL_STATS);
  });

  it("shows the final stats at once with reduced motion, and without JavaScript", async () => {
    const reduced = await openLanding({ reducedMotion: "reduce" });
    await reduced.page.goto(server.url);
    await reduced.page.getByRole("tablist", { name: "Platform demo" }).waitFor();
    expect(await reduced.page.getByTestId("stat-value").allTextContents()).toEqual(FINAL_STATS);

    const plain = await openLanding({ javaScriptEnabled: false });
    await plain.page.goto(server.url);
    expect(await plain.page.getByTestId("stat-value").allTextContents()).toEqual(FINAL_STATS);
    // Every demo panel and every testimonial reads without JavaScript.
    for (const heading of ["Live Dashboard", "Fleet Tracking", "Analytics"]) {
      await plain.page.locator("#demo").getByRole("heading", { name: heading }).waitFor();
    }
    expect(await plain.page.getByTestId("demo-truck").count()).toBe(6);
    for (const name of ["Sarah Johnson", "Michael Chen", "Amara Okafor", "Lukas Berg"]) {
      await plain.page.getByText(name, { exact: true }).waitFor();
    }
  });

  it("draws its icons from the sprite, with and without JavaScript", async () => {
    for (const javaScriptEnabled of [true, false]) {
      const { page } = await openLanding({ javaScriptEnabled });
      const sprites: string[] = [];
      page.on("response", (response) => {
        if (/\/assets\/icons-[\w-]+\.svg$/.test(response.url()))
          sprites.push(`${response.status()} ${response.headers()["content-type"]}`);
      });
      await page.goto(server.url, { waitUntil: "load" });
      // The brand mark's recycle icon: a <use> of the sprite's symbol that drew a shape.
      const drawn = await page
        .locator("header svg > use")
        .first()
        .evaluate((use) => {
          const box = (use as SVGUseElement).getBBox();
          return { href: use.getAttribute("href"), width: box.width, height: box.height };
        });
      expect(drawn.href).toMatch(/^\/assets\/icons-[\w-]+\.svg#recycle$/);
      expect(drawn.width).toBeGreaterThan(10);
      expect(drawn.height).toBeGreaterThan(10);
      expect(sprites).toEqual(["200 image/svg+xml"]);
      // Lucide's stroke comes from the `icon` class: the text colour, 2 wide, no fill; a fill
      // utility still fills (the testimonials' stars).
      const paint = await page
        .locator("header svg.icon")
        .first()
        .evaluate((svg) => {
          const style = getComputedStyle(svg);
          return {
            stroke: style.stroke,
            color: style.color,
            width: style.strokeWidth,
            fill: style.fill,
            cap: style.strokeLinecap,
          };
        });
      expect(paint).toEqual({ stroke: paint.color, color: paint.color, width: "2px", fill: "none", cap: "round" });
      const star = await page
        .locator("svg.icon.fill-current")
        .first()
        .evaluate((svg) => getComputedStyle(svg).fill);
      expect(star).not.toBe("none");
    }
  });

  it("turns the carousel every 5 seconds until the member takes over", async () => {
    const { page } = await openLanding();
    await page.clock.install();
    await page.goto(server.url);
    const carousel = page.getByRole("region", { name: "Testimonials" });
    await carousel.waitFor();
    const slide = carousel.locator("[aria-roledescription='slide']");
    expect(await slideName(page)).toBe("Sarah Johnson");
    expect(await slide.getAttribute("aria-live")).toBe("off");
    await page.clock.runFor(5000);
    expect(await slideName(page)).toBe("Michael Chen");

    // Pause and resume.
    await carousel.getByRole("button", { name: "Pause auto-play" }).click();
    await page.clock.runFor(15000);
    expect(await slideName(page)).toBe("Michael Chen");
    await carousel.getByRole("button", { name: "Start auto-play" }).click();
    await page.clock.runFor(5000);
    expect(await slideName(page)).toBe("Amara Okafor");

    // Manual navigation wraps both ways, jumps by dots, and stops auto-play.
    await carousel.getByRole("button", { name: "Next testimonial" }).click();
    expect(await slideName(page)).toBe("Lukas Berg");
    await carousel.getByRole("button", { name: "Start auto-play" }).waitFor();
    expect(await slide.getAttribute("aria-live")).toBe("polite");
    await carousel.getByRole("button", { name: "Next testimonial" }).click();
    expect(await slideName(page)).toBe("Sarah Johnson");
    await carousel.getByRole("button", { name: "Previous testimonial" }).click();
    expect(await slideName(page)).toBe("Lukas Berg");
    await carousel.getByRole("button", { name: /^Show testimonial 2/ }).click();
    expect(await slideName(page)).toBe("Michael Chen");
    await page.clock.runFor(20000);
    expect(await slideName(page)).toBe("Michael Chen");

    const card = slide.getByRole("figure");
    expect(await card.getByRole("img", { name: "Rated 5 out of 5" }).count()).toBe(1);
    for (const label of ["Waste reduced", "Cost saved", "Efficiency"]) await card.getByText(label).waitFor();
    expect(errorsOf(page)).toEqual([]);
  });

  it("fits a 375 px phone without sideways scrolling, with a menu toggle", async () => {
    const { page } = await openLanding({ viewport: { width: 375, height: 800 } });
    await page.goto(server.url);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    const mobile = page.getByRole("navigation", { name: "Mobile" });
    expect(await mobile.isVisible()).toBe(false);
    await page.getByLabel("Menu").click();
    await mobile.getByRole("link", { name: "Visit Marketplace" }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    // The open menu covers the page below the header, as on a phone: close it with its button first.
    await page.getByLabel("Menu").click();
    await mobile.waitFor({ state: "hidden" });
    for (const tab of ["Fleet Tracking", "Analytics"]) {
      await page.getByRole("tab", { name: tab }).click();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    }
    expect(errorsOf(page)).toEqual([]);
  });
});

/** The pages a visitor reaches without an account. */
const PUBLIC_PAGES = ["/", "/auth/login", "/auth/register", "/auth/forgot-password", "/terms", "/privacy"];

/**
 * The texts `locator` shows over three of the live demo's 3-second refreshes (with `before`): three,
 * since one refresh may draw the same tenth of a tonne again (one in 400), or come before the
 * started timer is set.
 */
async function textsOverRefreshes(page: Page, locator: Locator, before: (string | null)[] = []) {
  const seen = new Set(before);
  for (let tick = 0; tick < 3; tick++) {
    await page.clock.runFor(3000);
    seen.add(await locator.textContent());
  }
  return seen;
}

/** Whether the element shows whole within the width of the window (not cut off at either side). */
async function withinWidth(page: Page, locator: Locator) {
  const box = await locator.boundingBox();
  return box !== null && box.width > 0 && box.x >= 0 && box.x + box.width <= page.viewportSize()!.width;
}

/**
 * Visible elements and text that reach past the right edge of the window, unless a box that
 * scrolls sideways by itself (the demo's tab strip) holds them. Reported even when an ancestor
 * clips them: cut-off content is lost to the reader just as much as content one must scroll
 * sideways to. Text is measured apart from its element, since it can overflow a box that fits.
 */
function elementsPastTheEdge(page: Page) {
  return page.evaluate(() => {
    const edge = document.documentElement.clientWidth + 0.5;
    const scrollsSideways = (element: Element) => ["auto", "scroll"].includes(getComputedStyle(element).overflowX);
    const heldByScroller = (element: Element | null) => {
      for (let holder = element; holder; holder = holder.parentElement) {
        if (scrollsSideways(holder) && holder.getBoundingClientRect().right <= edge) return true;
      }
      return false;
    };
    const past: string[] = [];
    for (const element of document.body.querySelectorAll("*")) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || box.right <= edge || heldByScroller(element.parentElement)) continue;
      past.push(
        `${element.tagName.toLowerCase()} "${(element.textContent ?? "").trim().slice(0, 40)}" ends at ${Math.round(box.right)}`,
      );
    }
    const texts = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let text = texts.nextNode(); text; text = texts.nextNode()) {
      range.selectNodeContents(text);
      const box = range.getBoundingClientRect();
      if (box.width === 0 || box.right <= edge || heldByScroller(text.parentElement)) continue;
      past.push(`text "${text.textContent!.trim().slice(0, 40)}" ends at ${Math.round(box.right)}`);
    }
    return past;
  });
}

/** Whether the focused element shows a focus indicator (an outline or a ring). */
const focusIndicator = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement;
    const style = getComputedStyle(element);
    const box = element.getBoundingClientRect();
    return {
      name: (element.getAttribute("aria-label") ?? element.textContent ?? "").trim().slice(0, 40),
      tag: element.tagName.toLowerCase(),
      shown: (style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== "none",
      visible: box.width > 1 && box.height > 1,
    };
  });

describe("landing page for everyone", () => {
  it.each([320, 375])(
    "keeps the menu button and Login on a %i px screen, signed out and in, without sideways scrolling",
    async (width) => {
      const viewport = { width, height: 700 };
      const { page } = await openLanding({ viewport });
      await page.goto(server.url);
      const header = page.getByRole("banner");
      for (const control of [
        header.getByLabel("Menu"),
        header.getByRole("link", { name: "Login" }),
        header.getByRole("link", { name: "Get Started" }),
      ]) {
        expect(await control.isVisible()).toBe(true);
        expect(await withinWidth(page, control)).toBe(true);
      }
      expect(await sidewaysOverflow(page)).toBe(0);
      expect(await elementsPastTheEdge(page)).toEqual([]);
      await header.getByLabel("Menu").click();
      const mobile = page.getByRole("navigation", { name: "Mobile" });
      for (const link of await mobile.getByRole("link").all()) expect(await withinWidth(page, link)).toBe(true);
      expect(await sidewaysOverflow(page)).toBe(0);

      const { context } = await signedInContext(browser, server, { viewport });
      const member = await context.newPage();
      await member.goto(server.url);
      const memberHeader = member.getByRole("banner");
      for (const control of [memberHeader.getByLabel("Menu"), memberHeader.getByRole("link", { name: "Open Dashboard" })]) {
        expect(await control.isVisible()).toBe(true);
        expect(await withinWidth(member, control)).toBe(true);
      }
      expect(await elementsPastTheEdge(member)).toEqual([]);
      expect(errorsOf(page)).toEqual([]);
    },
  );

  it.each([1024, 1280])("fits its header into %i px with every link reachable", async (width) => {
    const { page } = await openLanding({ viewport: { width, height: 800 } });
    await page.goto(server.url);
    const header = page.getByRole("banner");
    for (const name of ["Visit Marketplace", "Login", "Get Started"]) {
      expect(await withinWidth(page, header.getByRole("link", { name }))).toBe(true);
    }
    expect(await elementsPastTheEdge(page)).toEqual([]);
  });

  it("closes the mobile menu when a link is chosen, on Escape and on a click outside; without JavaScript it still opens", async () => {
    const { page } = await openLanding({ viewport: { width: 375, height: 700 } });
    await page.goto(server.url);
    await page.getByRole("tablist", { name: "Platform demo" }).waitFor();
    const toggle = page.getByRole("banner").getByLabel("Menu");
    const mobile = page.getByRole("navigation", { name: "Mobile" });

    await toggle.click();
    await mobile.getByRole("link", { name: "Network" }).click();
    await page.waitForURL(/#network$/);
    await mobile.waitFor({ state: "hidden" });

    // By keyboard: Enter opens, Escape closes and gives focus back to the toggle.
    await toggle.focus();
    await page.keyboard.press("Enter");
    await mobile.waitFor();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Escape");
    await mobile.waitFor({ state: "hidden" });
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Menu");

    // A tap outside: on the header beside the brand, since the open menu covers the page below.
    await toggle.click();
    await mobile.waitFor();
    const brand = (await page.getByRole("banner").getByRole("link", { name: "Circular Hub" }).boundingBox())!;
    await page.mouse.click(brand.x + brand.width + 8, brand.y + brand.height / 2);
    await mobile.waitFor({ state: "hidden" });
    expect(errorsOf(page)).toEqual([]);

    const plain = await openLanding({ viewport: { width: 375, height: 700 }, javaScriptEnabled: false });
    await plain.page.goto(server.url);
    await plain.page.getByRole("banner").getByLabel("Menu").click();
    await plain.page.getByRole("navigation", { name: "Mobile" }).getByRole("link", { name: "Downloads" }).click();
    await plain.page.waitForURL(/#downloads$/);
  });

  it("closes the header's dropdowns when an item is chosen or focus moves on", async () => {
    const { page } = await openLanding();
    await page.goto(server.url);
    await page.getByRole("tablist", { name: "Platform demo" }).waitFor();
    const main = page.getByRole("navigation", { name: "Main" });
    await main.getByText("We Serve", { exact: true }).click();
    await main.getByRole("link", { name: "Logistics firms" }).click();
    await page.waitForURL(/#demo$/);
    await main.getByRole("link", { name: "Logistics firms" }).waitFor({ state: "hidden" });

    await main.getByText("Language", { exact: true }).focus();
    await page.keyboard.press("Enter");
    const spanish = main.getByRole("link", { name: /Español/ });
    await spanish.waitFor();
    for (let stop = 0; stop < 5; stop++) await page.keyboard.press("Tab");
    await spanish.waitFor({ state: "hidden" });
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Visit Marketplace");
    expect(errorsOf(page)).toEqual([]);
  });

  it.each([
    ["with JavaScript", 1280, true],
    ["with JavaScript", 375, true],
    ["without JavaScript", 375, false],
  ] as const)("brings /#network into view below the header, %s at %i px", async (_, width, javaScriptEnabled) => {
    const { page } = await openLanding({ viewport: { width, height: 700 }, javaScriptEnabled });
    await page.goto(`${server.url}/#network`);
    if (javaScriptEnabled) await page.getByRole("tablist", { name: "Platform demo" }).waitFor();
    // Scrolling to the anchor may finish after the page settles.
    await page.waitForTimeout(300);
    const placement = () =>
      page.evaluate(() => ({
        header: Math.round(document.querySelector("header")!.getBoundingClientRect().bottom),
        section: Math.round(document.getElementById("network")!.getBoundingClientRect().top),
      }));
    const { header, section } = await placement();
    expect(section).toBeGreaterThanOrEqual(header);
    expect(section).toBeLessThanOrEqual(header + 16);

    // Every in-page anchor of the header lands the same way.
    for (const anchor of ["#home", "#downloads", "#network"]) {
      await page.goto(`${server.url}/${anchor}`);
      await page.waitForTimeout(300);
      const top = await page.evaluate(
        (id) => Math.round(document.getElementById(id)!.getBoundingClientRect().top),
        anchor.slice(1),
      );
      const atEnd = await page.evaluate(() => Math.ceil(scrollY + innerHeight) >= document.documentElement.scrollHeight);
      // The last section cannot rise further than the end of the page.
      if (!atEnd) expect(top).toBeGreaterThanOrEqual(header);
      if (!atEnd && anchor !== "#home") expect(top).toBeLessThanOrEqual(header + 16);
    }
  });

  it("pauses and resumes the demo's live figures with a visible control", async () => {
    const { page } = await openLanding();
    await page.clock.install();
    await page.goto(server.url);
    const pause = page.getByRole("button", { name: "Pause live updates" });
    await pause.waitFor();
    const collected = page.getByTestId("demo-collected");
    await pause.click();
    const paused = await collected.textContent();
    for (let tick = 0; tick < 3; tick++) {
      await page.clock.runFor(3000);
      expect(await collected.textContent()).toBe(paused);
    }
    await page.getByRole("button", { name: "Play live updates" }).click();
    expect((await textsOverRefreshes(page, collected)).size).toBeGreaterThan(1);
    expect(errorsOf(page)).toEqual([]);
  });

  it("keeps the demo and the carousel still with reduced motion until the member starts them", async () => {
    const { page } = await openLanding({ reducedMotion: "reduce" });
    await page.clock.install();
    await page.goto(server.url);
    const play = page.getByRole("button", { name: "Play live updates" });
    await play.waitFor();
    const collected = page.getByTestId("demo-collected");
    const first = await collected.textContent();
    await page.clock.runFor(15000);
    expect(await collected.textContent()).toBe(first);
    expect(await slideName(page)).toBe("Sarah Johnson");
    await page.getByRole("region", { name: "Testimonials" }).getByRole("button", { name: "Start auto-play" }).waitFor();

    await play.click();
    expect((await textsOverRefreshes(page, collected, [first])).size).toBeGreaterThan(1);
    expect(errorsOf(page)).toEqual([]);
  });

  it("holds the carousel while focus is inside it or the pointer rests on it, and gives its dots room", async () => {
    const { page } = await openLanding();
    await page.clock.install();
    await page.goto(server.url);
    const carousel = page.getByRole("region", { name: "Testimonials" });
    await carousel.waitFor();
    await carousel.getByRole("button", { name: /^Show testimonial 3/ }).focus();
    await page.clock.runFor(15000);
    expect(await slideName(page)).toBe("Sarah Johnson");
    // The live region speaks while the slides hold still.
    expect(await carousel.locator("[aria-roledescription='slide']").getAttribute("aria-live")).toBe("polite");
    await page.getByRole("link", { name: "Watch Demo" }).focus();
    await page.clock.runFor(5000);
    expect(await slideName(page)).toBe("Michael Chen");

    await carousel.locator("[aria-roledescription='slide']").hover();
    await page.clock.runFor(15000);
    expect(await slideName(page)).toBe("Michael Chen");
    await page.mouse.move(0, 0);
    await page.clock.runFor(5000);
    expect(await slideName(page)).toBe("Amara Okafor");

    for (const dot of await carousel.getByRole("button", { name: /^Show testimonial/ }).all()) {
      const box = (await dot.boundingBox())!;
      expect(box.width).toBeGreaterThanOrEqual(24);
      expect(box.height).toBeGreaterThanOrEqual(24);
    }
    expect(errorsOf(page)).toEqual([]);
  });

  it.each([...PUBLIC_PAGES, "/auth/reset-password"])(
    "offers Skip to main content as the first Tab stop of %s",
    async (pathname) => {
      const { page } = await openLanding({ viewport: { width: 375, height: 700 } });
      await page.goto(server.url + pathname);
      await page.keyboard.press("Tab");
      const skip = page.getByRole("link", { name: "Skip to main content" });
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Skip to main content");
      expect(await skip.getAttribute("href")).toBe("#main");
      expect(await withinWidth(page, skip)).toBe(true);
      expect((await focusIndicator(page)).shown).toBe(true);
      await page.keyboard.press("Enter");
      expect(await page.evaluate(() => `${document.activeElement?.tagName}#${document.activeElement?.id}`)).toBe("MAIN#main");
    },
  );

  it.each([375, 1280])("shows where focus is on every Tab stop of the landing page at %i px", async (width) => {
    const { page } = await openLanding({ viewport: { width, height: 800 } });
    await page.goto(server.url);
    await page.getByRole("tablist", { name: "Platform demo" }).waitFor();
    const missing: string[] = [];
    let stops = 0;
    for (; stops < 150; stops++) {
      await page.keyboard.press("Tab");
      const focus = await focusIndicator(page);
      if (focus.tag === "body") break;
      if (!focus.shown || !focus.visible) missing.push(`${focus.tag} "${focus.name}"`);
    }
    expect(stops).toBeGreaterThan(20);
    expect(missing).toEqual([]);
  });

  // A long word: a German compound, as a translation or a company name may bring.
  const LONG_WORD = "Kreislaufwirtschaftsgenossenschaftsmitgliederversammlung";
  // Without JavaScript nothing rewrites the words put in; the landing page also once hydrated,
  // where the demo and the carousel take their scripted form.
  it.each([...PUBLIC_PAGES.map((pathname) => [pathname, false] as const), ["/", true] as const])(
    "keeps long words and names on %s inside a 320 px screen (JavaScript: %s)",
    async (pathname, javaScriptEnabled) => {
      const { page } = await openLanding({ viewport: { width: 320, height: 700 }, javaScriptEnabled });
      await page.goto(server.url + pathname);
      if (javaScriptEnabled) await page.getByRole("tablist", { name: "Platform demo" }).waitFor();
      // Into every piece of text but the figures (<dd>), which are numbers and stay on one line.
      await page.evaluate((word) => {
        for (const element of document.querySelectorAll(
          "main :is(h1, h2, h3, p, li, dt, blockquote, label, figcaption span), footer :is(p, h2, a)",
        )) {
          const text = [...element.childNodes].find((node) => node.nodeType === Node.TEXT_NODE && node.textContent!.trim());
          if (text) text.textContent += ` ${word}`;
        }
      }, LONG_WORD);
      expect(await elementsPastTheEdge(page)).toEqual([]);
      expect(await sidewaysOverflow(page)).toBe(0);
    },
  );
});
