import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { COLOUR_RULES, moderateAxeFindings, sidewaysOverflow, type AxeFinding } from "../support/a11y";
import { closeContexts, launchBrowser, newContext } from "../support/browser";
import { handOverRows } from "../support/lot-rows";
import { registerAdmin } from "../support/moderation";
import { withDatabase } from "../support/database";
import { addTransferNote } from "../support/factories";
import { api, newClientAddress, startServer, type TestServer } from "../support/server";

// Every page, as everyone meets it: axe-core at a phone's and a desktop's width (the dark theme's
// colours at the desktop's, and the phone's own header and menus), with each menu and dialog
// open; no sideways scrolling with real people's long names and words (at 320 and 375 px); and a
// keyboard alone.
let server: TestServer;
let browser: Browser;
/** Filled in beforeAll; the page lists are also read when the tests are collected, for their lengths. */
let member = { token: "", id: 0 };
let postId: number;
/** A seller's listing the member ordered, and the member's own ledger entry: their pages. */
const data = { sellerId: 0, listingId: 0, orderId: 0, entryId: 0, noteId: 0, lotId: 0, enquiryId: 0, eventId: 0 };
let admin = { token: "" };

/** A name of 30 characters and a word of 60 without a break: what real members write. */
const LONG_NAME = "Maximiliana Wolkenstein-Frost";
const LONG_WORD = "Polyethyleneterephthalatebottlecollectionandreprocessingline";

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  const address = newClientAddress();
  const registered = await api(server, "/api/auth/register", {
    method: "POST",
    body: { username: `${LONG_NAME}x`, email: "long.name@example.org", password: "compost-heap-7" },
    headers: { "x-forwarded-for": address },
  });
  member = { token: registered.json.token, id: registered.json.user.id };
  // The profile form, as the member would fill it.
  const saved = await fetch(`${server.url}/app/profile`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      cookie: `session=${member.token}`,
      "sec-fetch-site": "same-origin",
    },
    body: new URLSearchParams({
      name: `${LONG_NAME}x`,
      bio: `I run the ${LONG_WORD}.`,
      location: LONG_WORD,
      company: LONG_WORD,
      website: "https://example.org",
    }),
  });
  expect(saved.status).toBe(302);
  const post = await api(server, "/api/posts", {
    method: "POST",
    token: member.token,
    body: {
      title: `${LONG_WORD} title`,
      content: `Read this: ${LONG_WORD} ${LONG_WORD}`,
      category: "recycling",
      tags: [LONG_WORD.slice(0, 30), "bales"],
      location_name: LONG_WORD,
    },
  });
  postId = post.json.data.post.id;
  await api(server, `/api/posts/${postId}/comments`, {
    method: "POST",
    token: member.token,
    body: { content: `A comment with ${LONG_WORD} in it` },
  });

  const seller = await api(server, "/api/auth/register", {
    method: "POST",
    body: { username: "Sam Seller", email: "sam.seller@example.org", password: "compost-heap-7" },
    headers: { "x-forwarded-for": newClientAddress() },
  });
  data.sellerId = seller.json.user.id;
  const listing = await api(server, "/api/listings", {
    method: "POST",
    token: seller.json.token,
    body: {
      kind: "sale",
      title: "Oak offcuts",
      description: "From a refit.",
      category: "wood",
      material: "wood",
      condition: "used",
      quantity: 40,
      unit: "kg",
      price_cents: 150,
      handover: "collection",
    },
  });
  data.listingId = listing.json.data.listing.id;
  const order = await api(server, "/api/orders", {
    method: "POST",
    token: member.token,
    body: { listing_id: data.listingId, quantity: 5, message: "Friday suits me." },
  });
  data.orderId = order.json.data.order.id;
  // Completed: its page then links to the ledger from a sentence.
  for (const [token, action] of [
    [seller.json.token, "accept"],
    [seller.json.token, "complete"],
    [member.token, "complete"],
  ])
    await api(server, `/api/orders/${data.orderId}/transitions`, { method: "POST", token, body: { action } });
  // A question before an order, with a long word, and the seller's answer.
  const enquiry = await api(server, `/api/listings/${data.listingId}/enquiries`, {
    method: "POST",
    token: member.token,
    body: { body: `Is the ${LONG_WORD} still there?` },
  });
  data.enquiryId = enquiry.json.data.enquiry.id;
  await api(server, `/api/enquiries/${data.enquiryId}/messages`, {
    method: "POST",
    token: seller.json.token,
    body: { body: "Yes, until Friday." },
  });
  // A report about the seller, so their admin page names its reporter in a sentence.
  await api(server, "/api/reports", {
    method: "POST",
    token: member.token,
    body: { target_type: "listing", target_id: data.listingId, reason: "spam" },
  });
  admin = await registerAdmin(server);
  await api(server, "/api/cart", { method: "PUT", token: member.token, body: { listing_id: data.listingId, quantity: 2 } });
  const entry = await api(server, "/api/impact/entries", {
    method: "POST",
    token: member.token,
    body: { date: new Date().toISOString().slice(0, 10), material: "glass", weight_kg: 12, treatment: "recycled" },
  });
  data.entryId = entry.json.data.entry.id;
  // A transfer note the member received, with long names and words where members type them.
  data.noteId = addTransferNote(server, {
    transferorId: data.sellerId,
    transfereeId: member.id,
    place: `${LONG_WORD} yard`,
    transferor: { legal_name: `${LONG_NAME} ${LONG_WORD} Limited`, address: LONG_WORD },
    transferee: { legal_name: `${LONG_WORD} Ltd`, site_name: LONG_WORD },
    carrier: { name: `${LONG_NAME} Haulage` },
    waste: { description: `${LONG_WORD} bales` },
  }).id;
  // A lot the member holds, from a business with a long name, and one the member handed on and the
  // seller treated in part: the lot's chain and "where my waste went" have something to show.
  const longBusiness = { id: data.sellerId, name: `${LONG_WORD} Holdings Ltd` };
  data.lotId = handOverRows(
    server,
    longBusiness,
    { id: member.id, name: `${LONG_NAME} Recycling Ltd` },
    { weightKg: 1250.5 },
  ).lotId;
  // An event the member organised, already begun, with results recorded: its results form shows them.
  data.eventId = withDatabase(server, (db) =>
    Number(
      db
        .prepare(
          `INSERT INTO events (organiser_id, title, kind, starts_at, ends_at, time_zone, place)
           VALUES (?, ?, 'repair_cafe', ?, ?, 'UTC', ?)`,
        )
        .run(member.id, `${LONG_WORD} repair café`, Date.now() - 3_600_000, Date.now() + 3_600_000, LONG_WORD).lastInsertRowid,
    ),
  );
  await api(server, `/api/events/${data.eventId}/results`, {
    method: "POST",
    token: member.token,
    body: { collected: [{ material: "electronics", weight_kg: 18.5, treatment: "reused" }], items_repaired: 11, note: LONG_WORD },
  });
  await api(server, "/api/users/badge", { method: "PUT", token: member.token, body: { enabled: true } });
  const handedOn = handOverRows(server, { id: member.id, name: `${LONG_NAME} Recycling Ltd` }, longBusiness, { weightKg: 300 });
  await api(server, `/api/lots/${handedOn.lotId}/operations`, {
    method: "POST",
    token: seller.json.token,
    body: { code: "R3", weight_kg: 120, date: new Date().toISOString().slice(0, 10) },
  });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

afterEach(() => closeContexts(browser));

const publicPages = () => [
  "/",
  "/marketplace",
  `/marketplace/${data.listingId}`,
  "/auth/login",
  "/auth/register",
  "/auth/forgot-password",
  "/auth/reset-password?token=not-a-token",
  "/terms",
  "/privacy",
];
const memberPages = () => [
  "/app/dashboard",
  "/app/marketplace",
  "/app/marketplace?view=list",
  "/app/marketplace/1",
  "/app/marketplace/new",
  "/app/marketplace/mine",
  "/app/saved-searches",
  "/app/community",
  `/app/community?post=${postId}`,
  "/app/community?compose=1",
  "/app/community?tab=trending&search=compost",
  "/app/search?q=cardbord",
  "/app/education",
  "/app/education/articles/1",
  "/app/education/courses/1",
  // A page that is not there: the message inside the member shell.
  "/app/education/courses/99",
  "/app/profile",
  "/app/profile?edit=1",
  "/app/settings",
  "/app/settings/preferences",
  "/app/impact",
  "/app/impact/new",
  "/app/reports",
  "/app/transfer-notes",
  `/app/transfer-notes/${data.noteId}`,
  `/app/transfer-notes/${data.noteId}/dwt`,
  "/app/lots",
  `/app/lots/${data.lotId}`,
  "/app/lots/fates",
];

/** An event's results form, with results recorded, and the badge's settings with the badge on. */
const resultsAndBadgePages = () => [`/app/events/${data.eventId}/results`, "/app/settings/badge"];

/**
 * The rest of the member area, with an order, a cart and a ledger entry: visited at one width in
 * each theme (their headers and menus are the pages' above; colours are what differ by theme).
 */
const moreMemberPages = () => [
  `/app/marketplace/${data.listingId}`,
  "/app/orders",
  `/app/orders/${data.orderId}`,
  "/app/enquiries",
  `/app/enquiries/${data.enquiryId}`,
  "/app/cart",
  `/app/members/${data.sellerId}`,
  `/app/members/${member.id}`,
  "/app/notifications",
  `/app/impact/${data.entryId}`,
  `/app/report/listing/${data.listingId}`,
  "/app/settings/notifications",
  "/app/settings/sessions",
  "/app/settings/password",
  "/app/settings/email",
  "/app/settings/organisation",
  "/app/settings/blocked",
  "/app/settings/calendar",
  "/app/settings/delete-account",
];

const adminPages = () => [
  "/app/admin/reports",
  "/app/admin/members",
  `/app/admin/members/${data.sellerId}`,
  "/app/admin/audit",
  "/app/admin/education",
  "/app/admin/education/courses/1",
  "/app/admin/education/courses/1?delete",
  "/app/admin/education/courses/1/lessons/1",
  "/app/admin/education/articles/new",
  // A lesson's page as members read it (here: the member pages are many already).
  "/app/education/courses/1/lessons/1",
  "/app/admin/education/images",
  "/app/admin/site",
];

async function contextFor(width: number, signedIn: boolean, as: { token: string } = member): Promise<BrowserContext> {
  const context = await newContext(browser, { bypassCSP: true, viewport: { width, height: 900 } });
  if (signedIn) await context.addCookies([{ name: "session", value: as.token, url: server.url }]);
  return context;
}

/**
 * axe's moderate, serious and critical findings on the page as it is and, with `menus`, with each
 * menu of its header opened in turn (the header is the same on every page of a kind, so one page
 * of each is enough). Each state is checked whole in the light theme, then, with `dark`, switched
 * in place to the dark one and checked by the rules colours decide: the dark theme changes only
 * the palette (COLOUR_RULES), so the page need not be loaded again for it.
 */
async function findings(
  page: Page,
  label: string,
  found: Record<string, AxeFinding[]>,
  { menus = false, dark = true }: { menus?: boolean; dark?: boolean } = {},
) {
  const record = async (state: string) => {
    for (const colorScheme of dark ? (["light", "dark"] as const) : (["light"] as const)) {
      await page.emulateMedia({ colorScheme });
      const result = await moderateAxeFindings(page, { rules: colorScheme === "dark" ? COLOUR_RULES : undefined });
      if (result.length) found[`${label}${state} (${colorScheme})`] = result;
    }
    await page.emulateMedia({ colorScheme: "light" });
  };
  await record("");
  if (!menus) return;
  const summaries = page.locator("header details > summary");
  for (let i = 0; i < (await summaries.count()); i++) {
    const summary = summaries.nth(i);
    if (!(await summary.isVisible())) continue;
    const name = (await summary.getAttribute("aria-label")) ?? (await summary.textContent())?.trim();
    await summary.click();
    await record(` with the menu "${name}" open`);
    await summary.click();
  }
}

/** At most this many pages a test: each test stays well inside its time on a busy 2-core machine. */
const PAGES_PER_TEST = 8;

/** Index ranges of a page list in parts of at most PAGES_PER_TEST (the lists' lengths do not depend on the data). */
function parts(pages: () => string[]) {
  const count = pages().length;
  const ranges: [number, number][] = [];
  for (let start = 0; start < count; start += PAGES_PER_TEST) ranges.push([start, Math.min(start + PAGES_PER_TEST, count)]);
  return ranges;
}

for (const width of [375, 1280]) {
  /** Walks pages with axe in a fresh context, in both themes, and expects no finding. */
  async function walk(pathnames: string[], { as = member, signedIn = true, menusOn, then }: WalkOptions = {}) {
    const context = await contextFor(width, signedIn, as);
    const page = await context.newPage();
    const found: Record<string, AxeFinding[]> = {};
    const overflow: Record<string, number> = {};
    for (const pathname of pathnames) {
      await page.goto(server.url + pathname);
      // A page's colours are its palette's whatever the width: the dark theme is checked at the
      // desktop's, where every page is walked, and at the phone's only on the page whose header
      // and menus are opened, the parts a phone shows in its own way.
      const menus = pathname === menusOn;
      await findings(page, pathname, found, { menus, dark: width === 1280 || menus });
      // At the phone's width the page just loaded also must not scroll sideways (at 320 px a walk
      // of its own does the same, below), rather than loading every page once more for it.
      if (width === 375) {
        const by = await sidewaysOverflow(page);
        if (by > 0) overflow[pathname] = by;
      }
    }
    await then?.(page, found);
    await context.close();
    expect(found).toEqual({});
    expect(overflow).toEqual({});
  }
  const which =
    width === 1280
      ? "moderate, serious or critical accessibility issue (nor a contrast one in the dark theme)"
      : "moderate, serious or critical accessibility issue, nor sideways scrolling,";

  describe(`at ${width} px`, () => {
    it(`finds no ${which} on the public pages`, () => walk(publicPages(), { signedIn: false, menusOn: "/" }));

    for (const [start, end] of parts(memberPages))
      it(`finds no ${which} on the member pages (${start + 1} to ${end})`, () =>
        walk(memberPages().slice(start, end), { menusOn: "/app/dashboard" }));

    it(`finds no ${which} on the community's filter panel, opened`, () =>
      walk([], {
        then: async (page, found) => {
          await page.goto(`${server.url}/app/community`);
          await page.getByText("Filters", { exact: true }).click();
          await findings(page, "/app/community with the filters open", found);
        },
      }));

    if (width === 1280)
      for (const [start, end] of parts(moreMemberPages))
        it(`finds no ${which} on the rest of the member area (${start + 1} to ${end})`, () =>
          walk(moreMemberPages().slice(start, end)));

    it(`finds no ${which} on an event's results form and the badge settings`, () => walk(resultsAndBadgePages()));

    if (width === 1280)
      for (const [start, end] of parts(adminPages))
        it(`finds no ${which} on the admin pages (${start + 1} to ${end})`, () =>
          walk(adminPages().slice(start, end), { as: admin }));
  });
}

type WalkOptions = {
  as?: { token: string };
  signedIn?: boolean;
  /** The page whose header menus are opened in turn (the header is the same on every page of a kind). */
  menusOn?: string;
  /** More to check in the same page once the walk is done. */
  then?: (page: Page, found: Record<string, AxeFinding[]>) => Promise<void>;
};

describe("long names and words", () => {
  // At 375 px the accessibility walk above checks it on each page it loads.
  it("never make a page scroll sideways at 320 px", async () => {
    const context = await contextFor(320, true);
    const page = await context.newPage();
    const overflow: Record<string, number> = {};
    for (const pathname of [...publicPages(), ...memberPages(), ...resultsAndBadgePages()]) {
      await page.goto(server.url + pathname);
      const by = await sidewaysOverflow(page);
      if (by > 0) overflow[pathname] = by;
    }
    await context.close();
    expect(overflow).toEqual({});
  });
});

describe("a keyboard alone", () => {
  /** Tabs through the page and answers each stop that shows no focus indicator. */
  async function stopsWithoutVisibleFocus(page: Page, stops: number) {
    const invisible: string[] = [];
    for (let i = 0; i < stops; i++) {
      await page.keyboard.press("Tab");
      const seen = await page.evaluate(() => {
        const element = document.activeElement as HTMLElement | null;
        if (!element || element === document.body) return null;
        const style = getComputedStyle(element);
        const visible = (style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== "none";
        return visible
          ? ""
          : `${element.tagName.toLowerCase()} "${(element.textContent || element.getAttribute("aria-label") || "").trim().slice(0, 40)}"`;
      });
      if (seen) invisible.push(seen);
    }
    return invisible;
  }

  it("starts every page at a skip link that moves focus to the main content", async () => {
    const context = await contextFor(1280, true);
    const page = await context.newPage();
    for (const pathname of ["/", "/auth/login", "/app/dashboard", "/app/community", "/app/marketplace"]) {
      await page.goto(server.url + pathname);
      await page.keyboard.press("Tab");
      const skip = page.locator(":focus");
      expect(await skip.textContent(), pathname).toBe("Skip to main content");
      await page.keyboard.press("Enter");
      expect(
        await page.evaluate(() => document.activeElement?.closest("main") !== null || document.activeElement?.id === "main"),
        pathname,
      ).toBe(true);
    }
    await context.close();
  });

  it("shows where focus is at every stop", async () => {
    const context = await contextFor(1280, true);
    const page = await context.newPage();
    const invisible: Record<string, string[]> = {};
    for (const pathname of [
      "/",
      "/app/dashboard",
      "/app/community",
      "/app/marketplace",
      "/app/profile",
      `/app/lots/${data.lotId}`,
    ]) {
      await page.goto(server.url + pathname);
      const stops = await stopsWithoutVisibleFocus(page, 40);
      if (stops.length) invisible[pathname] = stops;
    }
    await context.close();
    expect(invisible).toEqual({});
  });

  it("opens and closes the dialogs and menus, and gives focus back to what opened them", async () => {
    const context = await contextFor(375, true);
    const page = await context.newPage();
    await page.goto(`${server.url}/app/community`);
    await page.locator('input[name="_enhanced"]').first().waitFor({ state: "attached" });

    const create = page.getByRole("link", { name: "Create Post" });
    await create.focus();
    await page.keyboard.press("Enter");
    await page.getByRole("dialog").getByRole("heading", { name: "Create Post" }).waitFor();
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')))).toBe(true);
    await page.keyboard.press("Escape");
    await page.getByRole("dialog").waitFor({ state: "detached" });
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe("Create Post");

    const menus = page.locator("header details > summary");
    for (let i = 0; i < (await menus.count()); i++) {
      const summary = menus.nth(i);
      if (!(await summary.isVisible())) continue;
      await summary.focus();
      await page.keyboard.press("Enter");
      expect(await summary.evaluate((element) => (element.parentElement as HTMLDetailsElement).open)).toBe(true);
      await page.keyboard.press("Escape");
      expect(await summary.evaluate((element) => (element.parentElement as HTMLDetailsElement).open)).toBe(false);
      expect(await summary.evaluate((element) => element === document.activeElement)).toBe(true);
    }
    await context.close();
  });
});
