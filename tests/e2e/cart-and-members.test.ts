import type { Browser } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { seriousAxeFindings, sidewaysOverflow } from "../support/a11y";
import { closeContexts, errorsOf, launchBrowser, signedInContext } from "../support/browser";
import { withDatabase } from "../support/database";
import { addListing as insertListing } from "../support/factories";
import { registerMember, startServer, type TestServer } from "../support/server";

/** The cart page and a member's page in a real browser: JavaScript on, a phone's width, axe-core. */

let server: TestServer;
let browser: Browser;
let seller: Awaited<ReturnType<typeof registerMember>>;

const LONG_NAME = "Maximiliana Wolkenkratzerbauer-Schmidt";
const LONG_WORD = "Polyethyleneterephthalatebottleflakes".repeat(2);

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  seller = await registerMember(server);
  withDatabase(server, (db) =>
    db
      .prepare("UPDATE users SET username = ?, company = ?, location = 'Ghent' WHERE id = ?")
      .run(LONG_NAME, LONG_WORD, seller.id),
  );
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

afterEach(() => closeContexts(browser));

/** A listing written straight into the server's database (the listings API is tested on its own). */
function addListing(title: string, quantity = 5): number {
  const columns = {
    description: "Described.",
    category: "plastics",
    material: "plastics",
    weight_per_unit_kg: 2,
    price_cents: 1250,
  };
  return insertListing(server, seller.id, {
    ...columns,
    title,
    quantity,
    location: "Ghent",
    status: undefined,
    is_sample: undefined,
  });
}

describe("the cart with JavaScript", () => {
  it("changes a quantity and removes a line in place with toasts, fits 320 px and passes axe", async () => {
    const { context, member } = await signedInContext(browser, server, {
      viewport: { width: 320, height: 740 },
      bypassCSP: true,
    });
    const page = await context.newPage();
    const flakes = addListing(`Clear ${LONG_WORD}`);
    const crates = addListing("Stacking crates");
    withDatabase(server, (db) => {
      const insert = db.prepare("INSERT INTO cart_lines (user_id, listing_id, quantity) VALUES (?, ?, ?)");
      insert.run(member.id, flakes, 1);
      insert.run(member.id, crates, 2);
    });

    await page.goto(`${server.url}/app/cart`);
    await page.getByRole("heading", { name: "Your cart" }).waitFor();
    expect(await page.getByTestId("cart-total").textContent()).toBe("$37.50");
    expect(await sidewaysOverflow(page)).toBe(0);
    expect(await seriousAxeFindings(page)).toEqual([]);

    await page.getByLabel("Quantity of Stacking crates (pieces)").fill("4");
    await page.getByRole("button", { name: "Update the quantity of Stacking crates" }).click();
    await page.getByText("Your cart now holds 4 pieces of Stacking crates.").waitFor();
    await expect.poll(() => page.getByTestId("cart-total").textContent()).toBe("$62.50");
    expect(page.url()).toBe(`${server.url}/app/cart`);

    await page.getByLabel("Quantity of Stacking crates (pieces)").fill("9");
    await page.getByRole("button", { name: "Update the quantity of Stacking crates" }).click();
    await page.getByText("Only 5 pieces left.").waitFor();

    await page.getByRole("button", { name: "Remove Stacking crates" }).click();
    await page.getByText("Removed from your cart.").waitFor();
    await expect.poll(() => page.getByTestId("cart-total").textContent()).toBe("$12.50");
    expect(await page.getByRole("link", { name: "Stacking crates" }).count()).toBe(0);
    expect(errorsOf(page)).toEqual([]);
  });

  it("sends the requests and leaves for the orders", async () => {
    const { context, member } = await signedInContext(browser, server);
    const page = await context.newPage();
    const crates = addListing("Bread crates");
    withDatabase(server, (db) =>
      db.prepare("INSERT INTO cart_lines (user_id, listing_id, quantity) VALUES (?, ?, 1)").run(member.id, crates),
    );
    await page.goto(`${server.url}/app/cart`);
    await page.getByLabel("Message to the sellers (optional)").fill("Could I collect on Friday?");
    await page.getByRole("button", { name: "Send requests" }).click();
    await page.waitForURL((url) => url.pathname !== "/app/cart");
    const orders = withDatabase(server, (db) =>
      db.prepare("SELECT listing_id, message FROM orders WHERE buyer_id = ?").all(member.id),
    );
    expect(orders).toEqual([{ listing_id: crates, message: "Could I collect on Friday?" }]);
  });
});

describe("a member's page with JavaScript", () => {
  it("follows, unfollows, blocks and unblocks in place, fits 320 px with a long name and passes axe", async () => {
    const { context } = await signedInContext(browser, server, { viewport: { width: 320, height: 740 }, bypassCSP: true });
    const page = await context.newPage();
    addListing(`Baled ${LONG_WORD}`);
    await page.goto(`${server.url}/app/members/${seller.id}`);
    await page.getByRole("heading", { level: 2, name: LONG_NAME }).waitFor();
    expect(await sidewaysOverflow(page)).toBe(0);
    expect(await seriousAxeFindings(page)).toEqual([]);

    await page.getByRole("button", { name: `Follow ${LONG_NAME}` }).click();
    await page.getByText(`You now follow ${LONG_NAME}`).waitFor();
    await expect.poll(() => page.getByTestId("followers").textContent()).toBe("1 follower");
    await page.getByRole("button", { name: `Unfollow ${LONG_NAME}` }).click();
    await page.getByText(`You no longer follow ${LONG_NAME}`).waitFor();
    await expect.poll(() => page.getByTestId("followers").textContent()).toBe("0 followers");

    // Blocking says so in place, empties their lists, and still fits and passes axe.
    await page.getByRole("button", { name: `Block ${LONG_NAME}` }).click();
    await page.getByText(`You blocked ${LONG_NAME}: you no longer see their posts, comments or listings.`).waitFor();
    await page.getByTestId("blocked-note").waitFor();
    await page.getByText("Not shown: you blocked this member.").first().waitFor();
    expect(await sidewaysOverflow(page)).toBe(0);
    expect(await seriousAxeFindings(page)).toEqual([]);
    await page.getByRole("button", { name: `Unblock ${LONG_NAME}` }).click();
    await page.getByText(`You unblocked ${LONG_NAME}.`).waitFor();
    await page.getByRole("button", { name: `Follow ${LONG_NAME}` }).waitFor();
    expect(page.url()).toBe(`${server.url}/app/members/${seller.id}`);
    expect(errorsOf(page)).toEqual([]);
  });
});
