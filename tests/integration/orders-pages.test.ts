import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addListing as insertListing, requestOrder as orderThroughApi } from "../support/factories";
import { api, registerMember, startServer, type TestServer } from "../support/server";

/**
 * My orders and the order page as a browser without JavaScript meets them: pages of HTML, and
 * forms posted to the page's action that answer with a redirect and a flash toast, or the page
 * again with the reason beside the form when refused.
 */

let server: TestServer;
type Member = Awaited<ReturnType<typeof registerMember>>;
let seller: Member;
let buyer: Member;
let stranger: Member;
let sellerName: string;
let buyerName: string;

beforeAll(async () => {
  server = await startServer();
  [seller, buyer, stranger] = [await registerMember(server), await registerMember(server), await registerMember(server)];
  sellerName = (await api(server, "/api/users/profile", { token: seller.token })).json.user.username;
  buyerName = (await api(server, "/api/users/profile", { token: buyer.token })).json.user.username;
});

afterAll(async () => {
  await server?.stop();
});

function addListing(owner: Member, title: string, quantity = 3) {
  const columns = { description: "From a refit.", material: "wood", weight_per_unit_kg: 20, price_cents: 1250 };
  return insertListing(server, owner.id, {
    ...columns,
    title,
    quantity,
    location: undefined,
    status: undefined,
    is_sample: undefined,
  });
}

async function page(member: Member, pathname: string) {
  const response = await fetch(server.url + pathname, {
    redirect: "manual",
    headers: { cookie: `session=${member.token}`, "x-forwarded-for": member.address },
  });
  // React marks where one text ends and the next begins; a reader sees neither.
  return { status: response.status, html: (await response.text()).replaceAll("<!-- -->", "") };
}

/** A form posted to the order page's action, as a browser without JavaScript sends it. */
async function post(member: Member, orderId: number, fields: Record<string, string>) {
  const response = await fetch(`${server.url}/app/orders/${orderId}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      cookie: `session=${member.token}`,
      origin: server.url,
      "x-forwarded-for": member.address,
    },
    body: new URLSearchParams({ returnTo: `/app/orders/${orderId}`, ...fields }),
  });
  const text = (await response.text()).replaceAll("<!-- -->", "");
  return { status: response.status, location: response.headers.get("location"), html: text };
}

async function requestOrder(member: Member, listingId: number, quantity = 2) {
  return (await orderThroughApi(server, member, listingId, { quantity, message: "Could I collect on Friday?" })).id;
}

describe("My orders", () => {
  it("lists buying and selling with the listing, the other party, quantity, total and state, and filters by state", async () => {
    const orderId = await requestOrder(buyer, addListing(seller, "Oak desk"));

    const buying = await page(buyer, "/app/orders");
    expect(buying.status).toBe(200);
    expect(buying.html).toContain("My orders");
    expect(buying.html).toContain(`href="/app/orders/${orderId}"`);
    expect(buying.html).toContain("Oak desk");
    expect(buying.html).toContain(sellerName);
    expect(buying.html).toContain("2 pieces");
    expect(buying.html).toContain("$25<");
    expect(buying.html).toContain("Requested");

    const selling = await page(seller, "/app/orders?role=selling");
    expect(selling.html).toContain(buyerName);
    expect(selling.html).toContain("Oak desk");
    expect((await page(seller, "/app/orders?role=buying")).html).toContain("No orders here yet");
    const none = await page(buyer, "/app/orders?role=buying&state=completed");
    expect(none.html).toContain("No orders here yet");
    expect(none.html).not.toContain("Oak desk");
    expect((await page(stranger, "/app/orders")).html).not.toContain("Oak desk");
  });
});

describe("the order page", () => {
  it("is a 404 for anyone but the two parties, like a missing order", async () => {
    const orderId = await requestOrder(buyer, addListing(seller, "Filing cabinet"));
    const foreign = await page(stranger, `/app/orders/${orderId}`);
    expect(foreign.status).toBe(404);
    expect(foreign.html).toContain("Order not found");
    expect(foreign.html).not.toContain("Filing cabinet");
    expect((await page(stranger, "/app/orders/99999999")).status).toBe(404);
    expect((await page(stranger, "/app/orders/nope")).status).toBe(404);
    const posted = await post(stranger, orderId, { intent: "message", body: "Hello" });
    expect(posted.status).toBe(404);
  });

  it("takes an order from request to reviews with JavaScript off, and shows each refusal beside its form", async () => {
    const orderId = await requestOrder(buyer, addListing(seller, "Beech shelves"));

    const asSeller = await page(seller, `/app/orders/${orderId}`);
    expect(asSeller.status).toBe(200);
    expect(asSeller.html).toContain("Beech shelves");
    expect(asSeller.html).toContain("Payment happens between the two of you");
    // Contact details wait for the acceptance; the thread is the way to talk until then.
    expect(asSeller.html).not.toContain(buyer.email);
    expect(asSeller.html).toContain("Could I collect on Friday?");
    expect(asSeller.html).toContain("$12.50");
    expect(asSeller.html).toContain("$25<");
    expect(asSeller.html).toMatch(/name="action" value="accept"/);
    expect(asSeller.html).toMatch(/name="action" value="decline"/);

    // The buyer's page offers no accept; a hand-made POST is refused with the reason on the page.
    const asBuyer = await page(buyer, `/app/orders/${orderId}`);
    expect(asBuyer.html).not.toContain(seller.email);
    expect(asBuyer.html).not.toMatch(/name="action" value="accept"/);
    const refused = await post(buyer, orderId, { intent: "move", action: "accept" });
    expect(refused.status).toBe(403);
    expect(refused.html).toContain("Only the seller can accept this request.");

    const accepted = await post(seller, orderId, { intent: "move", action: "accept" });
    expect(accepted.status).toBe(302);
    expect(accepted.location).toBe(`/app/orders/${orderId}`);
    const afterAcceptance = (await page(buyer, `/app/orders/${orderId}`)).html;
    expect(afterAcceptance).toContain("accepted the request");
    expect(afterAcceptance).toContain(seller.email);

    const empty = await post(buyer, orderId, { intent: "message", body: "   " });
    expect(empty.status).toBe(400);
    expect(empty.html).toContain("Write a message");
    // Low on the page: the refusal comes back as a summary the page lands on, linking the field.
    const summaryOf = (html: string) => /<div[^>]*data-error-summary[^>]*>[\s\S]*?<\/div>/.exec(html)?.[0] ?? "";
    expect(empty.html).toMatch(/<div[^>]*autofocus[^>]*data-error-summary/);
    expect(summaryOf(empty.html)).toContain('href="#message-body"');
    expect((await post(buyer, orderId, { intent: "message", body: "See you at <9>" })).status).toBe(302);
    const thread = await page(seller, `/app/orders/${orderId}`);
    expect(thread.html).toContain("See you at &lt;9&gt;");

    const badWeight = await post(buyer, orderId, { intent: "move", action: "complete", weight_kg: "heavy" });
    expect(badWeight.status).toBe(400);
    expect(badWeight.html).toContain("Give the weight in kg as a number");
    expect(summaryOf(badWeight.html)).toContain('href="#weight-complete"');
    expect((await post(buyer, orderId, { intent: "move", action: "complete", weight_kg: "41.5" })).status).toBe(302);
    expect((await page(buyer, `/app/orders/${orderId}`)).html).toContain("the order completes when the seller confirms too");
    // The weighed total comes with the first confirmation; the second agrees to it and cannot replace it.
    expect((await page(seller, `/app/orders/${orderId}`)).html).toContain(
      "The other party recorded a weighed total of 41.5 kg; confirming agrees to it.",
    );
    expect((await post(seller, orderId, { intent: "move", action: "complete", weight_kg: "40" })).status).toBe(409);
    expect((await post(seller, orderId, { intent: "move", action: "complete", weight_kg: "" })).status).toBe(302);

    const completed = await page(buyer, `/app/orders/${orderId}`);
    expect(completed.html).toContain("Completed");
    expect(completed.html).toContain("41.5 kg");
    expect(completed.html).toContain("Publish review");
    expect(completed.html).toMatch(/<input type="radio"[^>]*name="rating"[^>]*value="5"/);

    const noStars = await post(buyer, orderId, { intent: "review", text: "Solid shelves" });
    expect(noStars.status).toBe(400);
    expect(noStars.html).toContain("Choose 1 to 5 stars");
    expect(summaryOf(noStars.html)).toContain('href="#review-rating-1"');
    expect(noStars.html).toContain("Solid shelves");
    expect((await post(buyer, orderId, { intent: "review", rating: "5", text: "Solid shelves" })).status).toBe(302);
    const reviewed = await page(buyer, `/app/orders/${orderId}`);
    expect(reviewed.html).toContain(`Your review of ${sellerName}`);
    expect(reviewed.html).not.toContain("Publish review");
    const again = await post(buyer, orderId, { intent: "review", rating: "1", text: "Again" });
    expect(again.status).toBe(409);
    expect(again.html).toContain("You have already reviewed this order.");
    expect((await page(seller, `/app/orders/${orderId}`)).html).toContain(`${buyerName}&#x27;s review of you`);
  });

  it("declines with a reason that shows in the history", async () => {
    const orderId = await requestOrder(buyer, addListing(seller, "Pine bench"));
    const declined = await post(seller, orderId, { intent: "move", action: "decline", reason: "Promised to a school" });
    expect(declined.status).toBe(302);
    const shown = await page(buyer, `/app/orders/${orderId}`);
    expect(shown.html).toContain("declined the request");
    expect(shown.html).toContain("Reason: Promised to a school");
    expect(shown.html).toContain("Nothing more can happen to this order.");
  });
});
