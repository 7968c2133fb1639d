import fs from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

export type AxeFinding = { id: string; impact: string; help: string; targets: string[] };

/** axe's impacts, mildest first. */
const IMPACTS = ["minor", "moderate", "serious", "critical"];

/**
 * Runs axe-core (the npm package) in the page and answers its serious and critical findings
 * against WCAG 2.2 A/AA. The page's CSP allows only scripts with its nonce: the browser context
 * must be created with `bypassCSP: true` for the script to be injected.
 */
export function seriousAxeFindings(page: Page): Promise<AxeFinding[]> {
  return axeFindings(page, "serious");
}

/**
 * The moderate findings too (two search landmarks with one name, for one): what every page of
 * the accessibility walk must be free of.
 */
export function moderateAxeFindings(page: Page, { rules }: { rules?: readonly string[] } = {}): Promise<AxeFinding[]> {
  return axeFindings(page, "moderate", rules);
}

/**
 * The rules whose outcome depends on colours alone. The dark theme changes only the palette
 * (app/app.css: every colour is a light-dark() pair), so a page already checked whole in the light
 * theme needs only these again in the dark one.
 */
export const COLOUR_RULES = ["color-contrast", "link-in-text-block"] as const;

async function axeFindings(page: Page, least: "moderate" | "serious", rules?: readonly string[]): Promise<AxeFinding[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.addScriptTag({ content: axeSource });
  const runOnly = rules
    ? { type: "rule", values: [...rules] }
    : { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"] };
  const violations = await page.evaluate(async (runOnly) => {
    const axe = (
      window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: unknown[] }> } }
    ).axe;
    const result = await axe.run(document, { runOnly, resultTypes: ["violations"] });
    return result.violations as { id: string; impact: string; help: string; nodes: { target: string[] }[] }[];
  }, runOnly);
  return violations
    .filter((violation) => IMPACTS.indexOf(violation.impact) >= IMPACTS.indexOf(least))
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.slice(0, 5).map((node) => node.target.join(" ")),
    }));
}

/** How far the page scrolls sideways at its current width (0 when it fits). */
export function sidewaysOverflow(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}
