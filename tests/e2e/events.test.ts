import type { Browser } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { moderateAxeFindings, sidewaysOverflow, type AxeFinding } from "../support/a11y";
import { closeContexts, errorsOf, launchBrowser, newContext } from "../support/browser";
import { api, newClientAddress, registerMember, startServer, type TestServer } from "../support/server";

/**
 * The events' pages in Chromium: a member organises an event and another says they are going
 * with JavaScript off, through the forms alone; every page of events, members' and visitors',
 * has no moderate or worse axe finding and fits a 320 px phone.
 */

let server: TestServer;
let browser: Browser;
type Member = Awaited<ReturnType<typeof registerMember>>;
let organiser: Member;
let eventId = 0;
const DAY = 86_400_000;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  organiser = await registerMember(server);
  const starts = new Date(Math.floor((Date.now() + 6 * DAY) / 3_600_000) * 3_600_000);
  const created = await api(server, "/api/events", {
    method: "POST",
    token: organiser.token,
    headers: { "x-forwarded-for": organiser.address },
    body: {
      title: "Community fridge stock-take with a rather long title to wrap on a phone",
      kind: "workshop",
      starts_at: starts.toISOString(),
      ends_at: new Date(starts.getTime() + 2 * 3_600_000).toISOString(),
      time_zone: "Europe/London",
      place: "St Aidan's Church Hall, Roundhay Road, Leeds",
      description: "Sort, label and log what came in this week.",
      capacity: 12,
    },
  });
  expect(created.status).toBe(201);
  eventId = created.json.data.event.id;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

afterEach(() => closeContexts(browser));

async function signedIn(member: Member, options: Parameters<typeof newContext>[1]) {
  const context = await newContext(browser, options);
  await context.addCookies([{ name: "session", value: member.token, url: server.url }]);
  return context;
}

describe("events without JavaScript", () => {
  it("organises an event through the form and another member says they are going", async () => {
    const context = await signedIn(organiser, { javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${server.url}/app/events/new`);
    await page.getByLabel("Title").fill("Repair café in the park");
    await page.getByLabel("Kind").selectOption("repair_cafe");
    const day = new Date(Date.now() + 10 * DAY).toISOString().slice(0, 10);
    await page.getByLabel("Starts").fill(`${day}T10:00`);
    await page.getByLabel("Ends").fill(`${day}T13:00`);
    await page.getByLabel("Time zone").selectOption("Europe/Lisbon");
    await page.getByLabel("Place").fill("Roundhay Park bandstand");
    await page.getByLabel("Capacity (optional)").fill("5");
    await page.getByRole("button", { name: "Publish the event" }).click();
    await page.waitForURL(/\/app\/events\/\d+$/);
    await page.getByRole("heading", { name: "Repair café in the park" }).waitFor();
    expect(await page.getByText("10:00 – 13:00 (Europe/Lisbon").isVisible()).toBe(true);
    const address = page.url();

    const goer = await registerMember(server);
    const other = await signedIn(goer, { javaScriptEnabled: false });
    const theirs = await other.newPage();
    await theirs.goto(address);
    await theirs.getByRole("button", { name: "I'm going" }).click();
    await theirs.getByText("Your answer: Going").waitFor();
    await theirs.getByRole("button", { name: "I can't go after all" }).click();
    await theirs.getByText("Your answer: Not going").waitFor();
    expect(errorsOf(page)).toEqual([]);
  });
});

describe("events with JavaScript", () => {
  it("takes an answer on the event's page, with a message saying so", async () => {
    const goer = await registerMember(server);
    const context = await signedIn(goer, {});
    const page = await context.newPage();
    await page.goto(`${server.url}/app/events/${eventId}`);
    await page.locator('input[name="_enhanced"]').first().waitFor({ state: "attached" });
    await page.getByRole("button", { name: "I'm going" }).click();
    await page.getByText("Your answer: Going").waitFor();
    await page.getByText("You are going.").first().waitFor();
    expect(errorsOf(page)).toEqual([]);
  });
});

describe("the events' pages", () => {
  for (const width of [320, 1280]) {
    it(`have no moderate, serious or critical axe finding and fit the screen at ${width} px`, async () => {
      const member = await registerMember(server);
      const found: Record<string, AxeFinding[]> = {};
      const overflow: Record<string, number> = {};
      const month = new Date(Date.now() + 6 * DAY).toISOString().slice(0, 7);
      const pages: [Member | null, string][] = [
        [member, "/app/events"],
        [member, `/app/events?view=month&month=${month}`],
        [member, "/app/events/new"],
        [member, `/app/events/${eventId}`],
        [organiser, `/app/events/${eventId}`],
        [organiser, `/app/events/${eventId}/edit`],
        [null, "/events"],
        [null, `/events/${eventId}`],
        [null, "/"],
      ];
      for (const [who, pathname] of pages) {
        const options = { bypassCSP: true, viewport: { width, height: 800 } };
        const context = who ? await signedIn(who, options) : await newContext(browser, options);
        const page = await context.newPage();
        await page.goto(server.url + pathname);
        const findings = await moderateAxeFindings(page);
        if (findings.length) found[`${pathname} at ${width}`] = findings;
        const by = await sidewaysOverflow(page);
        if (by > 0) overflow[`${pathname} at ${width}`] = by;
        expect(errorsOf(page)).toEqual([]);
        await context.close();
      }
      expect(found).toEqual({});
      expect(overflow).toEqual({});
    });
  }
});

/** A name of 60 characters with a word of 45 without a break: what real members write. */
const LONG_NAME = "Maximilian Polyethyleneterephthalatebottlereprocessingxx Ltd";

/** A new event of `organiser`'s, in six days, for `capacity` people. */
async function newEvent(capacity: number) {
  const starts = new Date(Math.floor((Date.now() + 6 * DAY) / 3_600_000) * 3_600_000);
  const created = await api(server, "/api/events", {
    method: "POST",
    token: organiser.token,
    headers: { "x-forwarded-for": organiser.address },
    body: {
      title: "Seed swap",
      kind: "workshop",
      starts_at: starts.toISOString(),
      ends_at: new Date(starts.getTime() + 3_600_000).toISOString(),
      time_zone: "Europe/London",
      place: "Chapeltown library",
      capacity,
    },
  });
  expect(created.status).toBe(201);
  return created.json.data.event.id as number;
}

const answer = (member: Member, id: number, status: string) =>
  api(server, `/api/events/${id}/rsvp`, { method: "PUT", token: member.token, body: { status } });

describe("the organiser's page with a long name among who answered", () => {
  it("fits a 320 px phone", async () => {
    const id = await newEvent(10);
    const registered = await api(server, "/api/auth/register", {
      method: "POST",
      body: { username: LONG_NAME, email: "long.attendee@example.org", password: "compost-heap-7" },
      headers: { "x-forwarded-for": newClientAddress() },
    });
    expect(registered.status).toBe(201);
    expect((await answer({ ...organiser, token: registered.json.token }, id, "going")).status).toBe(200);
    const context = await signedIn(organiser, { viewport: { width: 320, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${server.url}/app/events/${id}`);
    await page.getByRole("heading", { name: "Who answered" }).waitFor();
    await page.getByText(LONG_NAME).waitFor();
    expect(await sidewaysOverflow(page)).toBe(0);
    expect(errorsOf(page)).toEqual([]);
  });
});

describe("an answer with JavaScript", () => {
  /** Whether the focus fell to the page's body, and the text of what holds it. */
  const focus = (page: import("playwright-core").Page) =>
    page.evaluate(() => ({
      onBody: !document.activeElement || document.activeElement === document.body,
      text: document.activeElement?.textContent?.trim() ?? "",
    }));

  it("keeps the focus in the panel when the pressed button goes: joining and leaving the waiting list", async () => {
    const id = await newEvent(1);
    expect((await answer(await registerMember(server), id, "going")).status).toBe(200);
    const context = await signedIn(await registerMember(server), {});
    const page = await context.newPage();
    await page.goto(`${server.url}/app/events/${id}`);
    await page.locator('input[name="_enhanced"]').first().waitFor({ state: "attached" });

    await page.getByRole("button", { name: "Join the waiting list" }).focus();
    await page.keyboard.press("Enter");
    await page.getByText("Your answer: On the waiting list").waitFor();
    await page.getByRole("button", { name: "Leave the waiting list" }).waitFor();
    let now = await focus(page);
    expect(now.onBody).toBe(false);
    expect(now.text).toMatch(/^Your answer: On the waiting list/);
    // The next stop is the panel's button.
    await page.keyboard.press("Tab");
    expect((await focus(page)).text).toBe("Leave the waiting list");

    await page.keyboard.press("Enter");
    await page.getByText("Your answer: Not going").waitFor();
    now = await focus(page);
    expect(now.onBody).toBe(false);
    expect(now.text).toBe("Your answer: Not going");
    expect(errorsOf(page)).toEqual([]);
  });

  it('keeps the focus in the panel after "Not going"', async () => {
    const context = await signedIn(await registerMember(server), {});
    const page = await context.newPage();
    await page.goto(`${server.url}/app/events/${eventId}`);
    await page.locator('input[name="_enhanced"]').first().waitFor({ state: "attached" });
    await page.getByRole("button", { name: "Not going" }).click();
    await page.getByText("Your answer: Not going").waitFor();
    await page.getByRole("button", { name: "I'm going" }).waitFor();
    const now = await focus(page);
    expect(now.onBody).toBe(false);
    expect(now.text).toBe("Your answer: Not going");
    expect(errorsOf(page)).toEqual([]);
  });
});
