import Database from "better-sqlite3";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { co2eGramsOf } from "~/features/impact/factors";
import type { Material, Treatment } from "~/features/impact/vocabulary";
import { seriousAxeFindings, sidewaysOverflow } from "../support/a11y";
import { closeContexts, errorsOf, launchBrowser, newContext } from "../support/browser";
import { api, newClientAddress, startServer, type TestServer } from "../support/server";

// The dashboard of a member with entries, in a real browser: the period switch with JavaScript,
// and the cards, chart, table and profile at a phone's width with a long name and a long word.
let server: TestServer;
let browser: Browser;
let member: { token: string; id: number };

const LONG_NAME = "Maximiliana Wolkenstein-Frost";
const LONG_WORD = "Polyethyleneterephthalatebottlecollectionandreprocessingline";
const DAY_MS = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString().slice(0, 10);

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  const registered = await api(server, "/api/auth/register", {
    method: "POST",
    body: { username: LONG_NAME, email: "dashboard.e2e@example.org", password: "compost-heap-7" },
    headers: { "x-forwarded-for": newClientAddress() },
  });
  member = { token: registered.json.token, id: registered.json.user.id };
  await api(server, "/api/posts", {
    method: "POST",
    token: member.token,
    body: { title: `${LONG_WORD} opened`, content: "A new line for bottles.", category: "recycling" },
  });
  const db = new Database(path.join(server.dataDir, "app.db"));
  const add = (days: number, material: Material, treatment: Treatment, kg: number, revenueCents: number | null = null) =>
    db
      .prepare(
        `INSERT INTO impact_entries (member_id, date, material, treatment, weight_g, revenue_cents, currency, source, counts_once,
           co2e_g, factor_table)
         VALUES (?, ?, ?, ?, ?, ?, ?, 'recorded', 1, ?, 'epa-warm-v16')`,
      )
      .run(
        member.id,
        daysAgo(days),
        material,
        treatment,
        kg * 1000,
        revenueCents,
        revenueCents === null ? null : "USD",
        co2eGramsOf(material, treatment, kg * 1000),
      );
  add(1, "plastics", "recycled", 2400, 1_234_567_89);
  add(2, "organics", "composted", 300);
  add(5, "wood", "energy_recovery", 120);
  add(20, "electronics", "reused", 45.5);
  add(60, "mixed", "landfilled", 800);
  db.close();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

afterEach(() => closeContexts(browser));

async function pageAt(width: number, colorScheme: "light" | "dark", javaScriptEnabled = true): Promise<Page> {
  const context = await newContext(browser, {
    bypassCSP: true,
    colorScheme,
    javaScriptEnabled,
    viewport: { width, height: 900 },
  });
  // Days are counted on the member's clock: UTC here, as the entries' dates are written.
  await context.addCookies([
    { name: "session", value: member.token, url: server.url },
    { name: "tz", value: "UTC", url: server.url },
  ]);
  return context.newPage();
}

const tableBodyRows = (page: Page) => page.locator("#trends table tbody tr").count();

describe("the dashboard with JavaScript", () => {
  it("switches the period of the cards, the chart and the table", async () => {
    const page = await pageAt(1280, "light");
    await page.goto(`${server.url}/app/dashboard`);
    const figures = page.getByRole("list", { name: "Key figures" });
    for (const title of ["Waste Processed", "Revenue Generated", "Active Users", "CO2 Saved"]) {
      await figures.getByRole("heading", { name: title }).waitFor();
    }
    expect(await figures.getByRole("listitem").first().textContent()).toContain("2,865.5 kg");
    await page.getByRole("img", { name: /^Weight per day by treatment over the last 30 days, 2,865\.5 kg in all\./ }).waitFor();
    await page.getByText("Show the figures as a table").click();
    expect(await tableBodyRows(page)).toBe(30);

    await page.getByRole("navigation", { name: "Period" }).getByRole("link", { name: "7 days" }).click();
    await page.waitForURL(/period=7/);
    await page.getByRole("heading", { name: "Your last 7 days" }).waitFor();
    await page.getByRole("img", { name: /over the last 7 days, 2,820 kg in all/ }).waitFor();
    expect(await figures.getByRole("listitem").first().textContent()).toContain("2,820 kg");

    await page.getByRole("navigation", { name: "Period" }).getByRole("link", { name: "90 days" }).click();
    await page.waitForURL(/period=90/);
    await page.getByRole("img", { name: /^Weight per week by treatment over the last 90 days, 3,665\.5 kg in all\./ }).waitFor();
    await expect.poll(() => tableBodyRows(page)).toBe(13);
    expect(await page.getByRole("list", { name: "Treatments" }).getByRole("listitem").allTextContents()).toEqual([
      "Reused",
      "Recycled",
      "Composted",
      "Energy recovery",
      "Landfilled",
    ]);
    expect(errorsOf(page)).toEqual([]);
  });
});

describe("at 320 px with a long name and a long word", () => {
  for (const colorScheme of ["light", "dark"] as const) {
    it(`keeps the dashboard and the profile accessible and within the screen (${colorScheme})`, async () => {
      const page = await pageAt(320, colorScheme);
      const found: Record<string, unknown> = {};
      const overflow: Record<string, number> = {};
      for (const pathname of ["/app/dashboard", "/app/dashboard?period=90", "/app/profile"]) {
        await page.goto(server.url + pathname);
        if (pathname.startsWith("/app/dashboard")) {
          await page.getByText(`Posted “${LONG_WORD} opened”`).waitFor();
          await page.getByText("Show the figures as a table").click();
        }
        const findings = await seriousAxeFindings(page);
        if (findings.length) found[pathname] = findings;
        const by = await sidewaysOverflow(page);
        if (by > 0) overflow[pathname] = by;
      }
      expect(found).toEqual({});
      expect(overflow).toEqual({});
      expect(errorsOf(page)).toEqual([]);
    });
  }

  it("reads without JavaScript: the chart is an image with its table", async () => {
    const page = await pageAt(320, "light", false);
    await page.goto(`${server.url}/app/dashboard`);
    await page.getByRole("img", { name: /^Weight per day by treatment/ }).waitFor();
    await page.getByText("Show the figures as a table").click();
    expect(await tableBodyRows(page)).toBe(30);
    expect(await sidewaysOverflow(page)).toBe(0);
  });
});
