import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, registerMember, startServer, type TestServer } from "../support/server";

/**
 * The ledger's pages as a browser without JavaScript meets them: the list with its filters and
 * empty state, the Process Waste form posted to its action (a redirect and a flash toast, or the
 * form again with its errors and a 400), the edit form and the deletion's confirmation page.
 */

let server: TestServer;
type Member = Awaited<ReturnType<typeof registerMember>>;
let member: Member;
let other: Member;

beforeAll(async () => {
  server = await startServer();
  [member, other] = [await registerMember(server), await registerMember(server)];
});

afterAll(async () => {
  await server?.stop();
});

async function page(pathname: string, who: Member = member) {
  const response = await fetch(server.url + pathname, {
    redirect: "manual",
    headers: { cookie: `session=${who.token}`, "x-forwarded-for": who.address },
  });
  // React marks where one text ends and the next begins; a reader sees neither.
  return { status: response.status, html: (await response.text()).replaceAll("<!-- -->", "") };
}

/** A form posted to a page's action, as a browser without JavaScript sends it. */
async function post(pathname: string, body: URLSearchParams, who: Member = member) {
  const response = await fetch(server.url + pathname, {
    method: "POST",
    redirect: "manual",
    headers: { cookie: `session=${who.token}`, origin: server.url, "x-forwarded-for": who.address },
    body,
  });
  const cookie = /(?:^|,\s*)toast=([^;]+)/.exec(response.headers.get("set-cookie") ?? "")?.[1];
  // The flash toast is signed JSON in base64: its words are what the next page shows.
  const toast = cookie ? Buffer.from(decodeURIComponent(cookie).split(".")[0]!, "base64").toString("utf8") : undefined;
  const html = (await response.text()).replaceAll("<!-- -->", "");
  return { status: response.status, location: response.headers.get("location"), toast, html };
}

const form = {
  date: "2025-06-02",
  material: "organics",
  weight_kg: "1200",
  treatment: "composted",
  money: "cost",
  amount: "85.50",
  note: "Café grounds from the high street",
};

describe("the ledger without JavaScript", () => {
  let id: number;

  it("greets a new member with how to record a first load, not zeros", async () => {
    const { status, html } = await page("/app/impact");
    expect(status).toBe(200);
    expect(html).toContain("Your ledger is empty");
    expect(html).toContain('href="/app/impact/new"');
    expect(html).not.toContain("Showing");
  });

  it("offers the Process Waste form with today's date", async () => {
    const { status, html } = await page("/app/impact/new");
    expect(status).toBe(200);
    expect(html).toContain("Record a load");
    expect(html).toMatch(/name="date"[^>]*value="\d{4}-\d{2}-\d{2}"/);
    expect(html).toContain("Amount (USD)");
  });

  it("shows each field's error with a 400, keeps what was typed, and records nothing", async () => {
    const refused = await post(
      "/app/impact/new",
      new URLSearchParams({ ...form, weight_kg: "-3", date: "2999-01-01", amount: "lots", material: "gold" }),
    );
    expect(refused.status).toBe(400);
    expect(refused.html).toContain("The load was not recorded");
    expect(refused.html).toContain("The weight must be above zero");
    expect(refused.html).toContain("The date cannot be in the future.");
    expect(refused.html).toContain("Give the amount as a number with at most two decimals");
    expect(refused.html).toContain("Choose one of the materials");
    expect(refused.html).toContain("Café grounds from the high street");
    const tooHeavy = await post("/app/impact/new", new URLSearchParams({ ...form, weight_kg: "100000001" }));
    expect(tooHeavy.status).toBe(400);
    expect(tooHeavy.html).toContain("A single entry can weigh at most 100,000 t.");
    expect((await api(server, "/api/impact/entries", { token: member.token })).json.data.pagination.total).toBe(0);
  });

  it("records the load and lands on the ledger with a toast", async () => {
    const response = await post("/app/impact/new", new URLSearchParams(form));
    expect(response.status).toBe(302);
    expect(response.location).toBe("/app/impact");
    expect(response.toast).toMatch(/Load recorded: [\d,.]+ kg CO2e avoided\./);
    const entry = (await api(server, "/api/impact/entries", { token: member.token })).json.data.entries[0];
    expect(entry).toMatchObject({ date: "2025-06-02", material: "organics", weight_kg: 1200, revenue_cents: -8550 });
    id = entry.id;

    const { html } = await page("/app/impact");
    expect(html).toContain("Showing 1–1 of 1 entry");
    expect(html).toContain("Organics: composted");
    expect(html).toContain("1,200 kg");
    expect(html).toContain("Self-reported");
    expect(html).toContain("$85.50");
    expect(html).toContain("Café grounds from the high street");
    expect(html).toContain(`href="/app/impact/${id}"`);
  });

  it("records a load once when its form is sent twice (a double click without JavaScript)", async () => {
    const twice = await registerMember(server);
    const formPage = await page("/app/impact/new", twice);
    const key = /name="submission_key" value="([^"]+)"/.exec(formPage.html)?.[1];
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    const body = () => new URLSearchParams({ ...form, submission_key: key! });
    const answers = await Promise.all([post("/app/impact/new", body(), twice), post("/app/impact/new", body(), twice)]);
    expect(answers.map((answer) => answer.status)).toEqual([302, 302]);
    const listed = await api(server, "/api/impact/entries", { token: twice.token });
    expect(listed.json.data.pagination.total).toBe(1);
    // A fresh form is a fresh key: the same load recorded on purpose counts again.
    expect((await page("/app/impact/new", twice)).html).not.toContain(key!);
  });

  it("filters, and answers a bad filter with its reason", async () => {
    expect((await page("/app/impact?material=glass")).html).toContain("No entries match these filters");
    expect((await page("/app/impact?material=organics&from=2025-06-01&to=2025-06-30")).html).toContain("Showing 1–1 of 1 entry");
    const bad = await page("/app/impact?from=2025-02-30");
    expect(bad.status).toBe(400);
    expect(bad.html).toContain("from must be a real calendar date");
    expect((await page("/app/impact?material=gold")).html).toContain("Choose a material from the list");
  });

  it("says plainly that a page past the end is not there", async () => {
    for (const pageNumber of ["2", "1000000000"]) {
      const { status, html } = await page(`/app/impact?page=${pageNumber}`);
      expect(status).toBe(200);
      expect(html).toMatch(/There is no page [\d,]+/);
      expect(html).toContain("1 entry fits on 1 page.");
      expect(html).not.toContain("Showing");
      expect(html).toMatch(/<a[^>]*href="\/app\/impact"[^>]*>Go to the first page<\/a>/);
    }
  });

  it("edits the entry from its prefilled form", async () => {
    const edit = await page(`/app/impact/${id}`);
    expect(edit.status).toBe(200);
    expect(edit.html).toContain('value="1200"');
    expect(edit.html).toContain('value="85.50"');
    const refused = await post(`/app/impact/${id}`, new URLSearchParams({ ...form, intent: "edit", weight_kg: "0" }));
    expect(refused.status).toBe(400);
    expect(refused.html).toContain("The weight must be above zero");
    const saved = await post(`/app/impact/${id}`, new URLSearchParams({ ...form, intent: "edit", weight_kg: "900", amount: "" }));
    expect(saved.status).toBe(302);
    expect(saved.toast).toContain("Entry updated");
    expect((await api(server, `/api/impact/entries/${id}`, { token: member.token })).json.data.entry).toMatchObject({
      weight_kg: 900,
      revenue_cents: null,
    });
  });

  it("shows another member's entry as not found", async () => {
    expect((await page(`/app/impact/${id}`, other)).status).toBe(404);
    expect((await post(`/app/impact/${id}`, new URLSearchParams({ intent: "delete" }), other)).status).toBe(404);
    expect((await page("/app/impact/99999999")).status).toBe(404);
    expect((await page("/app/impact/nope")).status).toBe(404);
  });

  it("asks before deleting, then deletes", async () => {
    const confirm = await page(`/app/impact/${id}?delete`);
    expect(confirm.html).toContain("Delete this entry?");
    expect(confirm.html).toContain("Keep it");
    const deleted = await post(`/app/impact/${id}`, new URLSearchParams({ intent: "delete" }));
    expect(deleted.status).toBe(302);
    expect(deleted.location).toBe("/app/impact");
    expect(deleted.toast).toContain("Entry deleted.");
    expect((await page("/app/impact")).html).toContain("Your ledger is empty");
  });
});

describe("an entry from an order", () => {
  it("shows as confirmed by the other party, linked to its order, and cannot be edited from its page", async () => {
    const [seller, buyer] = [await registerMember(server), await registerMember(server)];
    const call = (who: Member, pathname: string, body: unknown) =>
      api(server, pathname, { method: "POST", body, token: who.token, headers: { "x-forwarded-for": who.address } });
    const listing = await call(seller, "/api/listings", {
      kind: "sale",
      title: "Oak offcuts",
      description: "Kiln-dried oak offcuts from a joinery.",
      category: "furniture",
      material: "wood",
      condition: "used",
      quantity: 10,
      unit: "kg",
      price_cents: 300,
      location: "Bath",
      handover: "collection",
    });
    expect(listing.status).toBe(201);
    const order = await call(buyer, "/api/orders", { listing_id: listing.json.data.listing.id, quantity: 10 });
    const orderId = order.json.data.order.id;
    for (const [who, body] of [
      [seller, { action: "accept" }],
      [seller, { action: "complete" }],
      [buyer, { action: "complete" }],
    ] as const) {
      expect((await call(who, `/api/orders/${orderId}/transitions`, body)).status).toBe(200);
    }

    const { html } = await page("/app/impact", buyer);
    expect(html).toContain("Wood: reused");
    expect(html).toContain(`href="/app/orders/${orderId}"`);
    expect(html).toContain("Confirmed by the other party");
    expect(html).not.toContain("Self-reported");
    expect(html).toContain("$30");
    const id = (await api(server, "/api/impact/entries", { token: buyer.token })).json.data.entries[0].id;
    expect(html).not.toContain(`href="/app/impact/${id}"`);

    const entryPage = await page(`/app/impact/${id}`, buyer);
    expect(entryPage.status).toBe(200);
    expect(entryPage.html).toContain("cannot be changed or deleted");
    expect(entryPage.html).not.toContain("Save changes");
    const refused = await post(`/app/impact/${id}`, new URLSearchParams({ ...form, intent: "edit" }), buyer);
    expect(refused.status).toBe(403);
    expect((await post(`/app/impact/${id}`, new URLSearchParams({ intent: "delete" }), buyer)).status).toBe(403);
    expect((await api(server, `/api/impact/entries/${id}`, { token: buyer.token })).json.data.entry).toMatchObject({
      weight_kg: 10,
      revenue_cents: -3000,
    });
  });
});

describe("numbers on the Process Waste form, as people write them", () => {
  it("reads thousands separators and a decimal point, and asks for a point instead of a decimal comma", async () => {
    const offered = await page("/app/impact/new", other);
    expect(offered.html).toContain("Use a point for decimals: 1,250.5");

    const comma = await post("/app/impact/new", new URLSearchParams({ ...form, weight_kg: "1,5" }), other);
    expect(comma.status).toBe(400);
    expect(comma.html).toContain("There is a problem");
    expect(comma.html).toMatch(/<a href="#entry-weight"[^>]*>Use a point for decimals, like 1\.5/);
    expect(comma.html).toContain('id="entry-weight-error"');

    for (const weight of ["1,250.5", "1 250.5", "1\u00a0250.5", "1\u202f250.5"]) {
      const recorded = await post(
        "/app/impact/new",
        new URLSearchParams({ ...form, weight_kg: weight, amount: "1,000.50" }),
        other,
      );
      expect(recorded.status, weight).toBe(302);
    }
    const entries = (await api(server, "/api/impact/entries", { token: other.token })).json.data.entries;
    expect(entries.map((entry: { weight_kg: number; revenue_cents: number }) => [entry.weight_kg, entry.revenue_cents])).toEqual(
      Array(4).fill([1250.5, -100_050]),
    );
  });
});
