import type { Browser } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { sidewaysOverflow } from "../support/a11y";
import { closeContexts, errorsOf, launchBrowser, newContext } from "../support/browser";
import { registerAdmin } from "../support/moderation";
import { api, registerMember, startServer, type TestServer } from "../support/server";

/**
 * A lesson's pages, the member's and the admin's editor, with a course whose title has a word of
 * 45 letters: "Back to {the course}" wraps inside a 320 px phone, its arrow kept whole.
 */

let server: TestServer;
let browser: Browser;
let admin: Awaited<ReturnType<typeof registerAdmin>>;
let member: Awaited<ReturnType<typeof registerMember>>;
let courseId = 0;
let lessonId = 0;

const WORD = "Polyethyleneterephthalatebottlereprocessingxx";
const TITLE = `Understanding ${WORD} recycling: duty of care, transfer notes and the waste hierarchy`;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  [admin, member] = await Promise.all([registerAdmin(server), registerMember(server)]);
  const course = await api(server, "/api/admin/education/courses", {
    method: "POST",
    token: admin.token,
    body: { title: TITLE, summary: `A course on ${WORD}.`, topic: "recycling", level: "Beginner" },
  });
  expect(course.status).toBe(201);
  courseId = course.json.data.course.id;
  const lesson = await api(server, `/api/admin/education/courses/${courseId}/lessons`, {
    method: "POST",
    token: admin.token,
    body: { title: `Lesson one: ${WORD} basics`, body_markdown: `Body ${WORD}` },
  });
  expect(lesson.status).toBe(201);
  lessonId = lesson.json.data.lesson.id;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

afterEach(() => closeContexts(browser));

describe("a lesson's pages with a long course title", () => {
  for (const width of [320, 1280]) {
    it(`fit ${width} px, "Back to" the course wrapping with its arrow whole`, async () => {
      const overflow: Record<string, number> = {};
      for (const [who, pathname] of [
        [member, `/app/education/courses/${courseId}/lessons/${lessonId}`],
        [admin, `/app/admin/education/courses/${courseId}/lessons/${lessonId}`],
      ] as const) {
        const context = await newContext(browser, { viewport: { width, height: 800 } });
        await context.addCookies([{ name: "session", value: who.token, url: server.url }]);
        const page = await context.newPage();
        await page.goto(server.url + pathname);
        const back = page.getByRole("link", { name: `Back to ${TITLE}` });
        await back.waitFor();
        const by = await sidewaysOverflow(page);
        if (by > 0) overflow[pathname] = by;
        const arrow = back.locator("svg");
        if (await arrow.count()) {
          const box = await arrow.boundingBox();
          expect([box!.width, box!.height]).toEqual([16, 16]);
        }
        expect(errorsOf(page)).toEqual([]);
        await context.close();
      }
      expect(overflow).toEqual({});
    });
  }
});
