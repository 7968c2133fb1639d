import path from "node:path";
import Database from "better-sqlite3";
import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { co2eGramsOf } from "~/features/impact/factors";
import { addDays, todayIn } from "~/features/impact/periods";
import type { Material, Treatment } from "~/features/impact/vocabulary";
import { seriousAxeFindings, sidewaysOverflow } from "../support/a11y";
import { closeContexts, errorsOf, launchBrowser, signedInContext } from "../support/browser";
import { startServer, type TestServer } from "../support/server";

// The report as members meet it: on a phone and a desktop, in both themes, with axe-core; its
// wide tables scroll in their own boxes, never the page; and on paper it is the report alone.
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

const LOADS: [Material, Treatment, number][] = [
  ["plastics", "recycled", 1234.5],
  ["construction", "reused", 48_000],
  ["organics", "composted", 310],
  ["paper", "landfilled", 72.25],
  ["metals", "collected", 15],
];

function addEntries(memberId: number) {
  const db = new Database(path.join(server.dataDir, "app.db"));
  db.pragma("busy_timeout = 5000");
  const today = todayIn(Intl.DateTimeFormat().resolvedOptions().timeZone);
  try {
    LOADS.forEach(([material, treatment, kg], index) => {
      const weightG = Math.round(kg * 1000);
      db.prepare(
        `INSERT INTO impact_entries (member_id, date, material, treatment, weight_g, revenue_cents, currency, source, co2e_g, factor_table)
         VALUES (?, ?, ?, ?, ?, ?, 'USD', 'recorded', ?, 'epa-warm-v16')`,
      ).run(
        memberId,
        addDays(today, -index),
        material,
        treatment,
        weightG,
        1_999_99 * (index + 1),
        co2eGramsOf(material, treatment, weightG),
      );
    });
  } finally {
    db.close();
  }
}

async function reportPage(options: { width: number; colorScheme: "light" | "dark" }) {
  const { context, member } = await signedInContext(browser, server, {
    viewport: { width: options.width, height: 800 },
    colorScheme: options.colorScheme,
    bypassCSP: true,
  });
  addEntries(member.id);
  const page = await context.newPage();
  const response = await page.goto(`${server.url}/app/reports`);
  expect(response?.status()).toBe(200);
  await page.getByRole("heading", { name: "Impact report", level: 2 }).waitFor();
  return { context, page };
}

const background = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

describe("the report page", () => {
  for (const width of [320, 1280]) {
    for (const colorScheme of ["light", "dark"] as const) {
      it(`passes axe-core and fits the screen at ${width} px (${colorScheme})`, async () => {
        const { context, page } = await reportPage({ width, colorScheme });
        try {
          await page.getByRole("region", { name: "By material: table" }).waitFor();
          await page.getByRole("button", { name: "Print" }).waitFor();
          expect(await seriousAxeFindings(page)).toEqual([]);
          expect(await sidewaysOverflow(page)).toBe(0);
          expect(errorsOf(page)).toEqual([]);
        } finally {
          await context.close();
        }
      });
    }
  }

  it("prints as the report alone, on white, even in the dark theme", async () => {
    const { context, page } = await reportPage({ width: 1280, colorScheme: "dark" });
    try {
      const navigation = page.getByRole("navigation", { name: "Main" });
      const banner = page.getByRole("banner");
      const form = page.getByRole("button", { name: "Show report" });
      expect(await navigation.isVisible()).toBe(true);
      expect(await banner.isVisible()).toBe(true);
      const darkScreen = await background(page);

      await page.emulateMedia({ media: "print" });
      expect(await navigation.isVisible()).toBe(false);
      expect(await banner.isVisible()).toBe(false);
      expect(await form.isVisible()).toBe(false);
      expect(await page.getByRole("link", { name: "Download CSV" }).isVisible()).toBe(false);
      expect(await page.getByRole("heading", { name: "Impact report", level: 2 }).isVisible()).toBe(true);
      expect(await page.getByRole("heading", { name: "Method", level: 3 }).isVisible()).toBe(true);
      expect(await page.getByRole("heading", { name: "By treatment", level: 3 }).isVisible()).toBe(true);
      const printed = await background(page);

      await page.emulateMedia({ media: "screen", colorScheme: "light" });
      expect(printed).toBe(await background(page));
      expect(printed).not.toBe(darkScreen);
    } finally {
      await context.close();
    }
  });

  it("shows a bad range's reason in place with JavaScript, and the report again once the dates are right", async () => {
    const { context, page } = await reportPage({ width: 320, colorScheme: "light" });
    try {
      await page.getByRole("button", { name: "Print" }).waitFor();
      await page.getByLabel("From", { exact: true }).fill("2025-05-10");
      await page.getByLabel("To", { exact: true }).fill("2025-05-01");
      await page.getByRole("button", { name: "Show report" }).click();
      await page.getByRole("alert").filter({ hasText: "The start date must not be after the end date." }).waitFor();
      await page.getByRole("link", { name: "Last 30 days" }).click();
      await page.getByRole("region", { name: "By material: table" }).waitFor();
      expect(await page.getByRole("alert").filter({ hasText: "start date" }).count()).toBe(0);
      expect(errorsOf(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("keeps the page without JavaScript: the dates form reloads the report and a bad range shows its reason", async () => {
    const { context, member } = await signedInContext(browser, server, { javaScriptEnabled: false });
    addEntries(member.id);
    const page = await context.newPage();
    try {
      await page.goto(`${server.url}/app/reports`);
      await page.getByLabel("From", { exact: true }).fill("2025-05-10");
      await page.getByLabel("To", { exact: true }).fill("2025-05-01");
      await page.getByRole("button", { name: "Show report" }).click();
      await page.getByRole("alert").filter({ hasText: "The start date must not be after the end date." }).waitFor();
      expect(page.url()).toContain("from=2025-05-10&to=2025-05-01");
      await page.getByRole("link", { name: "Last 7 days" }).click();
      await page.getByRole("heading", { name: "By material", level: 3 }).waitFor();
      expect(await page.getByRole("button", { name: "Print" }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
