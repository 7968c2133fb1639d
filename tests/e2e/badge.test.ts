import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { badgeSvg, BADGE_WIDTH } from "~/features/badges/svg";
import { closeContexts, errorsOf, launchBrowser, newContext } from "../support/browser";
import { registerAdmin } from "../support/moderation";
import { api, newClientAddress, startServer, type TestServer } from "../support/server";

/**
 * The impact badge as Chromium draws it, with the fonts this machine has (DejaVu Sans, wider than
 * most): its heading, the site's name as its admins set it and a member's name, ends inside the
 * badge, with the ellipsis that says it was shortened there to be seen.
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

const WORD = "Polyethyleneterephthalatebottlereprocessingxx";
/** Names of 60 characters with a word of 45: what members and operators write. */
const LONG_NAME = `Maximilian ${WORD} Ltd`;
const SITE_NAME = `The ${WORD} Circular E`;
/** The room the heading has: the badge's width less its margin of 16 px each side. */
const ROOM = BADGE_WIDTH - 32;

/** The heading's words and the width Chromium draws them at, in the SVG document the page shows. */
function heading(page: Page) {
  return page.evaluate(() => {
    const text = document.querySelector("text") as SVGTextElement;
    return { words: text.textContent ?? "", width: text.getComputedTextLength() };
  });
}

describe("the impact badge's heading", () => {
  it("names the site its admins set and ends in a visible ellipsis inside the badge, at /badge/members/:id.svg", async () => {
    const admin = await registerAdmin(server);
    const current = (await api(server, "/api/admin/site", { token: admin.token })).json.site;
    const { name: _name, tagline, contact_email, reply_to, brand_colour, about, mail_footer, landing } = current;
    const saved = await api(server, "/api/admin/site", {
      method: "PUT",
      token: admin.token,
      body: {
        name: SITE_NAME,
        tagline,
        contact_email,
        reply_to,
        brand_colour,
        about,
        mail_footer,
        landing: { show_demo: landing.show_demo, show_testimonials: landing.show_testimonials, counters: null },
      },
    });
    expect(saved.status).toBe(200);

    const registered = await api(server, "/api/auth/register", {
      method: "POST",
      body: { username: LONG_NAME, email: "maximilian@example.org", password: "compost-heap-7" },
      headers: { "x-forwarded-for": newClientAddress() },
    });
    expect(registered.status).toBe(201);
    const on = await api(server, "/api/users/badge", { method: "PUT", token: registered.json.token, body: { enabled: true } });
    expect(on.status).toBe(200);

    const context = await newContext(browser);
    const page = await context.newPage();
    for (const theme of ["light", "dark"]) {
      await page.goto(`${server.url}/badge/members/${registered.json.user.id}.svg?theme=${theme}`);
      const { words, width } = await heading(page);
      expect(width).toBeLessThanOrEqual(ROOM);
      expect(words).toMatch(/…$/);
      expect(words).not.toContain("Circular Hub ·");
      // As much of each name as fits, the subject keeping at least half the line.
      const [site, subject] = words.split(" · ");
      expect(SITE_NAME.startsWith(site.replace(/…$/, ""))).toBe(true);
      expect(site.length).toBeGreaterThan(8);
      expect(LONG_NAME.startsWith(subject.replace(/…$/, ""))).toBe(true);
      expect(subject.length).toBeGreaterThan(site.length);
    }
    expect(errorsOf(page)).toEqual([]);
  });

  it("fits names of the widest letters, and other scripts, as Chromium draws them", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const content = { figures: { weight_kg: 12.5, co2e_kg: 3.4 }, factorTable: "U.S. EPA Waste Reduction Model (WARM)" };
    for (const [site, subject] of [
      ["Circular Hub", LONG_NAME],
      [SITE_NAME, LONG_NAME],
      ["W".repeat(60), "M".repeat(60)],
      ["Circular Hub", "m".repeat(60)],
      ["Circular Hub", "ŴŴŴŴŴŴŴŴŴŴ ÆÆÆÆÆÆÆÆ ŒŒŒŒŒŒŒŒŒŒ ШШШШШШШШ ЖЖЖЖЖЖЖЖЖЖЖЖ"],
      ["Circular Hub", "@%&@%&@%&@%&@%&@%&@%&@%&@%&@%&@%&@%&"],
    ]) {
      await page.setContent(badgeSvg({ site, subject, ...content } as Parameters<typeof badgeSvg>[0], "light"));
      const { words, width } = await heading(page);
      expect({ words, fits: width <= ROOM }).toEqual({ words, fits: true });
      expect(words).toMatch(/…$/);
    }
  });
});
