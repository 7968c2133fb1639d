import type { Browser } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { closeContexts, errorsOf, launchBrowser, signedInContext } from "../support/browser";
import { addTransferNote } from "../support/factories";
import { pdfText } from "../support/pdf-text";
import { registerMember, startServer, type TestServer } from "../support/server";

// A transfer note's page as its parties print it: one A4 sheet, the app around it left out; and
// the register's filters as a form that works without JavaScript.
let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterEach(async () => {
  await closeContexts(browser);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const LONG_WORD = "Polyethyleneterephthalatebottlecollectionandreprocessingline";

describe("/app/transfer-notes/:id", () => {
  it("prints on one A4 sheet with the note's words and none of the app's navigation", async () => {
    const { context, member } = await signedInContext(browser, server, { viewport: { width: 1280, height: 900 } });
    const seller = await registerMember(server);
    const first = addTransferNote(server, { transferorId: seller.id, transfereeId: member.id });
    const note = addTransferNote(server, {
      transferorId: seller.id,
      transfereeId: member.id,
      replacesNoteId: first.id,
      place: `${LONG_WORD} yard`,
      transferor: { legal_name: `Maximiliana Wolkenstein-Frost ${LONG_WORD} Limited` },
      waste: {
        description: `${LONG_WORD} bales`,
        ewc_codes: [
          { code: "150106", description: "mixed packaging" },
          { code: "150102", description: "plastic packaging" },
        ],
      },
    });
    const page = await context.newPage();
    await page.goto(`${server.url}/app/transfer-notes/${note.id}`);
    await page.emulateMedia({ media: "print" });
    // Chromium's own printing, at the page's CSS size.
    const printed = await pdfText(new Uint8Array(await page.pdf({ preferCSSPageSize: true, printBackground: true })));
    expect(printed.pages).toBe(1);
    const text = printed.text.replace(/\s+/g, " ");
    for (const expected of [note.number, `Replaces ${first.number}`, "Second Life Plastics Ltd", "150102 plastic packaging"])
      expect(text).toContain(expected);
    for (const shell of ["Dashboard", "Marketplace", "Download the PDF", "Sign Out"]) expect(text).not.toContain(shell);
    expect(errorsOf(page)).toEqual([]);
  });
});

describe("/app/transfer-notes", () => {
  it("filters by part and dates without JavaScript", async () => {
    const { context, member } = await signedInContext(browser, server, { javaScriptEnabled: false });
    const other = await registerMember(server);
    const gave = addTransferNote(server, { transferorId: member.id, transfereeId: other.id });
    const took = addTransferNote(server, { transferorId: other.id, transfereeId: member.id });
    const page = await context.newPage();
    await page.goto(`${server.url}/app/transfer-notes`);
    await page.getByLabel("Your part").selectOption("transferee");
    await page.getByRole("button", { name: "Filter" }).click();
    await page.waitForURL(/role=transferee/);
    expect(await page.getByRole("link", { name: took.number }).count()).toBe(1);
    expect(await page.getByRole("link", { name: gave.number }).count()).toBe(0);
  });
});

describe("/app/transfer-notes, refused filters", () => {
  for (const javaScriptEnabled of [true, false]) {
    it(`says a first day after the last beside the dates, in the page's words, with JavaScript ${javaScriptEnabled ? "on" : "off"}`, async () => {
      const { context } = await signedInContext(browser, server, { javaScriptEnabled });
      const page = await context.newPage();
      await page.goto(`${server.url}/app/transfer-notes`);
      if (javaScriptEnabled) await page.locator('input[name="_enhanced"]').first().waitFor({ state: "attached" });
      const from = page.getByLabel("Transferred from (UTC)");
      const to = page.getByLabel("Transferred to (UTC)");
      await from.fill("2026-03-31");
      await to.fill("2026-03-01");
      await page.getByRole("button", { name: "Filter" }).click();
      await page.waitForURL(/from=2026-03-31/);
      const message = page.getByText("The first day must not be after the last");
      await message.waitFor();
      // Beside the first day, which it describes, and both days marked.
      expect(await from.getAttribute("aria-invalid")).toBe("true");
      expect(await to.getAttribute("aria-invalid")).toBe("true");
      const described = await from.evaluate((field) =>
        (field.getAttribute("aria-describedby") ?? "")
          .split(" ")
          .map((id) => document.getElementById(id)?.textContent)
          .join(" "),
      );
      expect(described).toContain("The first day must not be after the last");
      expect(await message.evaluate((node) => node.closest("div")?.contains(document.getElementById("filter-from")))).toBe(true);
      expect(await page.getByText("from must not be after to").count()).toBe(0);
      expect(errorsOf(page)).toEqual([]);
    });
  }

  it("says a part that is not one beside the part's field, not the API's words", async () => {
    const { context } = await signedInContext(browser, server, { javaScriptEnabled: false });
    const page = await context.newPage();
    const response = await page.goto(`${server.url}/app/transfer-notes?role=carrier`);
    expect(response?.status()).toBe(400);
    const part = page.getByLabel("Your part");
    await page.getByText("Choose handed over, received or both").waitFor();
    expect(await part.getAttribute("aria-invalid")).toBe("true");
    expect(await page.locator(`#${await part.getAttribute("aria-describedby")}`).textContent()).toBe(
      "Choose handed over, received or both",
    );
    expect(await page.getByText("role must be transferor or transferee").count()).toBe(0);
  });
});
