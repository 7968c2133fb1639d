import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withDatabase } from "../support/database";
import { registerAdmin } from "../support/moderation";
import { api, registerMember, startServer, type TestServer } from "../support/server";

/**
 * The words of every page as a reader meets them, with a member's real data (orders, listings, a
 * post with a comment and a like, notifications): each page's title names the page, a count of
 * one is never "1 orders", words of two elements never run together ("No reviews yetReport"), a
 * free listing's price reads "Free", and a first visit is not greeted as a return.
 */

let server: TestServer;
type Member = Awaited<ReturnType<typeof registerMember>>;
let reader: Member;
let seller: Member;
let admin: Member;
/** The reader's dashboard before anyone else was active: one member, on a first visit. */
let firstDashboard: string;
const ids = { freeListing: 0, pricedListing: 0, ownListing: 0, freeOrder: 0, pricedOrder: 0, post: 0, entry: 0, enquiry: 0 };

const call = (member: Member, pathname: string, init: { method?: string; body?: unknown } = {}) =>
  api(server, pathname, { ...init, token: member.token, headers: { "x-forwarded-for": member.address } });

async function created(member: Member, pathname: string, body: unknown) {
  const response = await call(member, pathname, { method: "POST", body });
  if (response.status !== 201 && response.status !== 200) throw new Error(`${pathname}: ${response.status} ${response.text}`);
  return response.json.data;
}

async function html(member: Member | null, pathname: string) {
  const response = await fetch(server.url + pathname, {
    redirect: "manual",
    headers: member ? { cookie: `session=${member.token}`, "x-forwarded-for": member.address } : {},
  });
  return { status: response.status, html: await response.text() };
}

beforeAll(async () => {
  server = await startServer();
  reader = await registerMember(server);
  firstDashboard = (await html(reader, "/app/dashboard")).html;
  [seller, admin] = [await registerMember(server), await registerAdmin(server)];

  const listing = {
    category: "furniture",
    material: "wood",
    condition: "used",
    unit: "piece",
    weight_per_unit_kg: 12,
    handover: "collection",
  };
  ids.freeListing = (
    await created(seller, "/api/listings", {
      ...listing,
      kind: "free",
      title: "Free pallets",
      description: "Sound.",
      quantity: 5,
    })
  ).listing.id;
  ids.pricedListing = (
    await created(seller, "/api/listings", {
      ...listing,
      kind: "sale",
      title: "Oak shelves",
      description: "From a refit.",
      quantity: 4,
      price_cents: 1250,
    })
  ).listing.id;
  ids.ownListing = (
    await created(reader, "/api/listings", {
      kind: "sale",
      title: "Glass jars",
      description: "Washed.",
      category: "glass",
      material: "glass",
      condition: "used",
      unit: "kg",
      quantity: 30,
      price_cents: 90,
      handover: "delivery",
    })
  ).listing.id;

  // One order of a free listing, completed by both; one of a priced one, waiting.
  ids.freeOrder = (await created(reader, "/api/orders", { listing_id: ids.freeListing, quantity: 1 })).order.id;
  await created(seller, `/api/orders/${ids.freeOrder}/transitions`, { action: "accept" });
  await created(seller, `/api/orders/${ids.freeOrder}/transitions`, { action: "complete" });
  await created(reader, `/api/orders/${ids.freeOrder}/transitions`, { action: "complete" });
  ids.pricedOrder = (await created(reader, "/api/orders", { listing_id: ids.pricedListing, quantity: 1 })).order.id;
  // One question before an order, and its answer.
  ids.enquiry = (await created(reader, `/api/listings/${ids.pricedListing}/enquiries`, { body: "Still there?" })).enquiry.id;
  await created(seller, `/api/enquiries/${ids.enquiry}/messages`, { body: "Yes." });
  await call(reader, "/api/cart", { method: "PUT", body: { listing_id: ids.freeListing, quantity: 1 } });

  // A post with one comment and one like, and one follower: the notifications and counts of one.
  ids.post = (
    await created(reader, "/api/posts", { title: "Who takes old bricks?", content: "A pile from a wall.", category: "recycling" })
  ).post.id;
  await created(seller, `/api/posts/${ids.post}/comments`, { content: "Try the reuse yard on Mill Road." });
  await created(seller, `/api/posts/${ids.post}/interactions`, { type: "like" });
  await created(seller, `/api/users/${reader.id}/follow`, {});
  const today = new Date().toISOString().slice(0, 10);
  ids.entry = (
    await created(reader, "/api/impact/entries", { date: today, material: "glass", weight_kg: 12, treatment: "recycled" })
  ).entry.id;
});

afterAll(async () => {
  await server?.stop();
});

/** Elements a reader sees as a box of their own: text on either side of one never runs together. */
const BLOCKS = new Set(
  (
    "address article aside blockquote body br button dd details dialog div dl dt fieldset figcaption figure footer form " +
    "h1 h2 h3 h4 h5 h6 header hr html img input li main nav ol option p pre search section select summary table tbody " +
    "td textarea tfoot th thead tr ul"
  ).split(" "),
);
/** Where two inline elements meet with nothing between them. */
const SEAM = "\u0001";

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };
const decode = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) =>
    name.startsWith("#x") || name.startsWith("#X")
      ? String.fromCodePoint(parseInt(name.slice(2), 16))
      : name.startsWith("#")
        ? String.fromCodePoint(Number(name.slice(1)))
        : (ENTITIES[name.toLowerCase()] ?? entity),
  );

/**
 * The body's text as a reader meets it: a block's edge is a space, the edge of an inline element
 * (a link, a span) is a SEAM, which is nothing to the eye. React's `<!-- -->` between two texts of
 * one element is dropped (that is one element's text, written in parts).
 */
function readerText(page: string) {
  const body = page.slice(page.indexOf("<body"));
  return decode(
    body
      .replace(/<!--[\s\S]*?-->/g, "")
      .replace(/<(script|style|template|svg)\b[\s\S]*?<\/\1>/gi, " ")
      .replace(/<\/?([a-zA-Z][a-zA-Z0-9-]*)\b[^>]*>/g, (_tag, name: string) => (BLOCKS.has(name.toLowerCase()) ? " " : SEAM)),
  );
}

const titleOf = (page: string) => decode(/<title>([^<]*)<\/title>/.exec(page)?.[1] ?? "");

const PLURAL_NOUNS =
  "members|pieces|orders|posts|comments|likes|followers|reviews|requests|sellers|days|entries|notifications|views|shares|listings|lessons|items|products|results|replies|others|sessions";
const ONE_AS_MANY = new RegExp(`(^|[^\\d.,])1 (${PLURAL_NOUNS})\\b`);
/** A lower-case letter, then an upper-case one from the next element, with no space between. */
const RUN_TOGETHER = new RegExp(`\\S{0,20}[a-z]${SEAM}+[A-Z]\\S{0,20}`, "g");

/** What is wrong with a page's words: its title, a count of one as many, words run together. */
function slipsOf(pathname: string, page: string) {
  const slips: string[] = [];
  const title = titleOf(page);
  if (pathname === "/" ? !title.startsWith("Circular Hub") : !title.endsWith(" · Circular Hub") || title === "Circular Hub")
    slips.push(`title "${title}"`);
  const text = readerText(page);
  const plain = text.replaceAll(SEAM, "").replace(/\s+/g, " ");
  const one = ONE_AS_MANY.exec(plain);
  if (one) slips.push(`"${plain.slice(Math.max(0, one.index - 30), one.index + 40)}"`);
  for (const run of text.match(RUN_TOGETHER) ?? []) slips.push(`runs together: "${run.replaceAll(SEAM, "|")}"`);
  return slips;
}

const publicPages = [
  "/",
  "/terms",
  "/privacy",
  "/auth/login",
  "/auth/register",
  "/auth/forgot-password",
  "/auth/reset-password?token=not-a-token",
];
/** Links from mails that no longer (or never did) work: refused, in words. */
const refusedPublicPages = ["/auth/confirm-email?token=not-a-token", "/notifications/unsubscribe?token=not-a-token"];
const memberPages = () => [
  "/app/dashboard",
  "/app/marketplace",
  `/app/marketplace/${ids.freeListing}`,
  `/app/marketplace/${ids.pricedListing}`,
  `/app/marketplace/${ids.ownListing}`,
  "/app/marketplace/1",
  "/app/marketplace/new",
  "/app/marketplace/mine",
  "/app/community",
  `/app/community?post=${ids.post}`,
  `/app/community?likes=${ids.post}`,
  "/app/community?compose=1",
  `/app/community/posts/${ids.post}/edit`,
  "/app/education",
  "/app/education/articles/1",
  "/app/education/courses/1",
  "/app/profile",
  "/app/profile?edit=1",
  "/app/cart",
  `/app/members/${seller.id}`,
  `/app/members/${reader.id}`,
  "/app/settings",
  "/app/settings/preferences",
  "/app/settings/password",
  "/app/settings/email",
  "/app/settings/organisation",
  "/app/settings/sessions",
  "/app/settings/delete-account",
  "/app/settings/notifications",
  "/app/settings/blocked",
  "/app/settings/calendar",
  "/app/settings/badge",
  "/app/notifications",
  "/app/orders",
  "/app/orders?role=selling",
  `/app/orders/${ids.freeOrder}`,
  `/app/orders/${ids.pricedOrder}`,
  "/app/enquiries",
  "/app/saved-searches",
  `/app/enquiries/${ids.enquiry}`,
  "/app/impact",
  "/app/impact/new",
  `/app/impact/${ids.entry}`,
  "/app/reports",
  `/app/report/listing/${ids.freeListing}`,
];
/** Pages that are not there, or asked for wrongly: their words and titles count too. */
const refusedPages = [
  "/app/orders/999999",
  "/app/enquiries/999999",
  "/app/marketplace/999999",
  "/app/members/999999",
  "/app/impact/999999",
  "/app/community/posts/999999/edit",
  "/app/education/courses/99",
  "/app/report/post/999999",
];
const adminPages = () => ["/app/admin/reports", "/app/admin/members", `/app/admin/members/${reader.id}`, "/app/admin/audit"];

describe("the words of every page", () => {
  it("name each page in its title, count one as one and never run two elements' words together", async () => {
    const found: Record<string, string[]> = {};
    const walk = async (member: Member | null, pages: string[], refused = false) => {
      for (const pathname of pages) {
        const { status, html: page } = await html(member, pathname);
        const slips = slipsOf(pathname, page);
        if (refused ? status < 400 || status >= 500 : status !== 200) slips.unshift(`status ${status}`);
        if (slips.length) found[pathname] = slips;
      }
    };
    await walk(null, publicPages);
    await walk(reader, memberPages());
    await walk(seller, [
      `/app/enquiries/${ids.enquiry}`,
      `/app/marketplace/${ids.pricedListing}`,
      `/app/orders/${ids.freeOrder}`,
      "/app/orders?role=selling",
      "/app/notifications",
      "/app/dashboard",
    ]);
    await walk(admin, adminPages());
    await walk(reader, refusedPages, true);
    await walk(null, refusedPublicPages, true);
    expect(found).toEqual({});
  });

  it("finds words run together and a count of one as many (the check itself)", () => {
    const page = `<html><head><title>X · Circular Hub</title></head><body><a><span>No reviews yet</span></a><a>Report</a>
      <p>1 members were active</p><p>1 member was active, <span>Rated </span>4.5</p></body></html>`;
    const slips = slipsOf("/x", page);
    expect(slips).toHaveLength(2);
    expect(slips[0]).toContain("1 members were active");
    expect(slips[1]).toBe('runs together: "yet|||Report|"');
    expect(slipsOf("/x", "<title>Circular Hub</title><body><div>No reviews yet</div><div>Report</div></body>")).toEqual([
      'title "Circular Hub"',
    ]);
  });
});

describe("a count of one on the dashboard, and the greeting", () => {
  it("says one member was active and welcomes a member on their first visit, not back", () => {
    const text = readerText(firstDashboard).replaceAll(SEAM, "").replace(/\s+/g, " ");
    expect(text).toContain("1 member was active on the platform in the last 30 days.");
    expect(text).toMatch(/Welcome, Member \d+!/);
    expect(text).not.toContain("Welcome back");
  });

  it("welcomes back a member who was active on an earlier day, from their next sign-in", async () => {
    const returning = await registerMember(server);
    const dayMs = 24 * 60 * 60 * 1000;
    const yesterday = new Date(Date.now() - dayMs).toISOString().slice(0, 10);
    withDatabase(server, (db) => {
      db.prepare("UPDATE users SET created_at = ? WHERE id = ?").run(Date.now() - 2 * dayMs, returning.id);
      db.prepare("INSERT INTO activity_days (day, user_id) VALUES (?, ?)").run(yesterday, returning.id);
    });
    const signedIn = await api(server, "/api/auth/login", {
      method: "POST",
      body: { email: returning.email, password: returning.password },
      headers: { "x-forwarded-for": returning.address },
    });
    expect(signedIn.status).toBe(200);
    const text = readerText((await html({ ...returning, token: signedIn.json.token }, "/app/dashboard")).html);
    expect(text).toMatch(/Welcome back, Member \d+!/);
  });
});

describe("a free listing's price", () => {
  it("reads Free on its card, its page, in the cart and on its order, never $0", async () => {
    const pages = {
      card: "/app/marketplace?search=pallets",
      detail: `/app/marketplace/${ids.freeListing}`,
      cart: "/app/cart",
      orders: "/app/orders",
      order: `/app/orders/${ids.freeOrder}`,
    };
    for (const [where, pathname] of Object.entries(pages)) {
      const text = readerText((await html(reader, pathname)).html)
        .replaceAll(SEAM, "")
        .replace(/\s+/g, " ");
      expect(text, where).toContain("Free");
      expect(text, where).not.toMatch(/\$0(?![.,]?\d)/);
    }
    const cart = readerText((await html(reader, "/app/cart")).html)
      .replaceAll(SEAM, "")
      .replace(/\s+/g, " ");
    expect(cart).toContain("Free · 4 pieces left");
    const order = readerText((await html(reader, `/app/orders/${ids.freeOrder}`)).html)
      .replaceAll(SEAM, "")
      .replace(/\s+/g, " ");
    expect(order).toContain("Price per unit Free Total Free");
  });
});

describe("the moderator's note", () => {
  it("says it is required when restoring hidden content, and the refusal says so too", async () => {
    const report = await created(reader, "/api/reports", {
      target_type: "listing",
      target_id: ids.pricedListing,
      reason: "spam",
    });
    await created(admin, `/api/admin/reports/${report.report.id}/resolve`, { action: "hide", note: "Spam listing." });
    const queue = (await html(admin, "/app/admin/reports?state=hidden")).html;
    expect(readerText(queue).replaceAll(SEAM, "")).toContain("Note for restoring (required; the author is told)");
    expect(queue).toMatch(
      /<textarea[^>]*name="note"[^>]*required=""[^>]*aria-required="true"|<textarea[^>]*aria-required="true"[^>]*name="note"[^>]*required=""/,
    );

    const refused = await fetch(`${server.url}/app/admin/reports?state=hidden`, {
      method: "POST",
      redirect: "manual",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        cookie: `session=${admin.token}`,
        "x-forwarded-for": admin.address,
        "sec-fetch-site": "same-origin",
      },
      body: new URLSearchParams({ intent: "restore", type: "listing", id: String(ids.pricedListing), note: " ", card: "1" }),
    });
    expect(refused.status).toBe(400);
    expect(readerText(await refused.text())).toContain("A note is required: write why.");
  });
});
