import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { newClientAddress, registerMember, type TestServer } from "./server";

/** Debian's Chromium, started headless with the flags this sandboxed, offline machine needs. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--disable-dev-shm-usage",
    ],
  });
}

/**
 * A browser context of its own (cookies, JavaScript on or off) with its own client address,
 * so rate limits of one journey never touch another. Page errors fail the test.
 */
export async function newContext(
  browser: Browser,
  {
    javaScriptEnabled = true,
    viewport = { width: 1280, height: 800 },
    ignoreHTTPSErrors = false,
    bypassCSP = false,
    colorScheme = "light",
  }: {
    javaScriptEnabled?: boolean;
    viewport?: { width: number; height: number };
    ignoreHTTPSErrors?: boolean;
    /** Lets a test inject a script (axe-core) into pages whose CSP allows only their own. */
    bypassCSP?: boolean;
    colorScheme?: "light" | "dark";
  } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    javaScriptEnabled,
    viewport,
    ignoreHTTPSErrors,
    bypassCSP,
    colorScheme,
    extraHTTPHeaders: { "x-forwarded-for": newClientAddress() },
  });
  context.on("page", watchPage);
  return context;
}

/**
 * Closes every context the browser still has open: for an afterEach. A page left open keeps
 * running its timers (the landing page's demo, its carousel) and holds memory for the rest of
 * the file, and the files run on 2 cores beside the server.
 */
export async function closeContexts(browser: Browser | undefined) {
  await Promise.all((browser?.contexts() ?? []).map((context) => context.close()));
}

const pageErrors = new WeakMap<Page, string[]>();
function watchPage(page: Page) {
  const errors: string[] = [];
  pageErrors.set(page, errors);
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error" && !/Failed to load resource/.test(message.text())) errors.push(message.text());
  });
}

/** The scripting errors a page raised so far (hydration mismatches, exceptions). */
export function errorsOf(page: Page) {
  return pageErrors.get(page) ?? [];
}

/**
 * A context signed in as a new member: registered through the API and handed the session
 * cookie directly, so journeys do not click through the sign-in form each time.
 */
export async function signedInContext(browser: Browser, server: TestServer, options: Parameters<typeof newContext>[1] = {}) {
  const member = await registerMember(server);
  const context = await newContext(browser, options);
  await context.addCookies([{ name: "session", value: member.token, url: server.url }]);
  return { context, member };
}
