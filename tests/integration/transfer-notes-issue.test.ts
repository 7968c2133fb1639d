import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withDatabase } from "../support/database";
import { addListing, requestOrder } from "../support/factories";
import { api, registerMember, startServer, type TestServer } from "../support/server";
import { startSmtpSink } from "../support/smtp-sink";

/**
 * Issuing a waste order's transfer note: the completion form without JavaScript, what each party
 * owes, the note as stored, its mail, its survival of an account's deletion, and its correction.
 */

type Member = Awaited<ReturnType<typeof registerMember>>;

let server: TestServer;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let seller: Member;
let buyer: Member;
let stranger: Member;
const names = new Map<number, string>();

const organisation = (legalName: string) => ({
  legal_name: legalName,
  address: "1 Mill Lane, Leeds",
  postcode: "LS1 4AP",
  country: "GB",
  sic_code: "38110",
  roles: ["producer"],
});

async function member(legalName?: string) {
  const created = await registerMember(server);
  names.set(created.id, (await api(server, "/api/users/profile", { token: created.token })).json.user.username);
  if (legalName) {
    const saved = await api(server, "/api/users/organisation", {
      method: "PUT",
      token: created.token,
      body: organisation(legalName),
      headers: { "x-forwarded-for": created.address },
    });
    expect(saved.status).toBe(200);
  }
  return created;
}

beforeAll(async () => {
  smtp = await startSmtpSink();
  server = await startServer({ SMTP_URL: smtp.url, APP_URL: "http://hub.example.test", MAIL_FROM: "hub@example.test" });
  seller = await member("Mill Lane Packaging Ltd");
  buyer = await member("Green Loop Recycling Ltd");
  stranger = await member("Elsewhere Ltd");
});

afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

/** Two tonnes of baled cardboard from a waste listing (codes 15 01 01 and 20 01 01), accepted. */
async function acceptedWasteOrder(
  from: Member,
  to: Member,
  { handover = "collection", waste = true }: { handover?: string; waste?: boolean } = {},
) {
  const listingId = addListing(server, from.id, {
    title: "Baled cardboard",
    material: "paper",
    category: "paper",
    condition: "scrap",
    unit: "t",
    quantity: 5,
    weight_per_unit_kg: null,
    handover: handover as "collection",
    ...(waste
      ? {
          ewc_codes: JSON.stringify(["150101", "200101"]),
          waste_description: "Baled brown cardboard, dry",
          physical_form: "Solid",
          container_type: "BAL",
          containers: 8,
        }
      : {}),
  });
  const order = await requestOrder(server, to, listingId, { quantity: 2 });
  expect((await move(from, order.id, { action: "accept" })).status).toBe(200);
  return order.id;
}

const move = (who: Member, orderId: number, body: Record<string, unknown>) =>
  api(server, `/api/orders/${orderId}/transitions`, {
    method: "POST",
    token: who.token,
    body,
    headers: { "x-forwarded-for": who.address },
  });

const carrier = {
  name: "Loop Haulage Ltd",
  registration_number: "CBDU123456",
  means_of_transport: "Road",
  vehicle_registration: "YX21 ABC",
};

async function page(who: Member, pathname: string) {
  const response = await fetch(server.url + pathname, {
    redirect: "manual",
    headers: { cookie: `session=${who.token}`, "x-forwarded-for": who.address },
  });
  return { status: response.status, html: (await response.text()).replaceAll("<!-- -->", "") };
}

/** The order page's completion form, as a browser without JavaScript posts it. */
async function postForm(who: Member, orderId: number, fields: Record<string, string>) {
  const response = await fetch(`${server.url}/app/orders/${orderId}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      cookie: `session=${who.token}`,
      origin: server.url,
      "x-forwarded-for": who.address,
    },
    body: new URLSearchParams({ returnTo: `/app/orders/${orderId}`, intent: "move", action: "complete", ...fields }),
  });
  return { status: response.status, html: (await response.text()).replaceAll("<!-- -->", "") };
}

type NoteRow = Record<string, unknown> & { id: number; number: string };

/** The notes stored for an order (originals and corrections), oldest first, their JSON read. */
function notesOf(orderId: number): NoteRow[] {
  return withDatabase(server, (db) =>
    (db.prepare("SELECT * FROM transfer_notes WHERE order_id = ? ORDER BY id").all(orderId) as NoteRow[]).map((row) => ({
      ...row,
      ...Object.fromEntries(
        ["transferor", "transferee", "carrier", "waste", "signatures"].map((key) => [key, JSON.parse(row[key] as string)]),
      ),
    })),
  );
}

const noteMail = (to: Member, number: string) => (mail: { to: string[]; subject: string }) =>
  mail.to.includes(to.email) && mail.subject === `Transfer note ${number} issued`;

describe("completing a waste order", () => {
  it("through the order page's forms without JavaScript issues exactly one note with every field, and mails both parties", async () => {
    const orderId = await acceptedWasteOrder(seller, buyer);

    // Each party's form asks only for what they owe: the transferor the declaration and the place, the collecting buyer the carrier.
    const sellersForm = (await page(seller, `/app/orders/${orderId}`)).html;
    expect(sellersForm).toContain('name="hierarchy_declaration"');
    expect(sellersForm).toContain('name="place"');
    expect(sellersForm).not.toContain('name="carrier.name"');
    const buyersForm = (await page(buyer, `/app/orders/${orderId}`)).html;
    expect(buyersForm).toContain('name="carrier.name"');
    expect(buyersForm).not.toContain('name="hierarchy_declaration"');

    const unsaid = await postForm(seller, orderId, {});
    expect(unsaid.status).toBe(400);
    expect(unsaid.html).toContain("Declare that you applied the waste hierarchy");
    expect(unsaid.html).toContain("Say where the waste changed hands");

    expect((await postForm(seller, orderId, { hierarchy_declaration: "true", place: "Unit 4, Mill Lane, Leeds" })).status).toBe(
      302,
    );
    const noCarrier = await postForm(buyer, orderId, {});
    expect(noCarrier.status).toBe(400);
    expect(noCarrier.html).toContain("Name who carried the waste");
    expect(notesOf(orderId)).toEqual([]);

    const completed = await postForm(buyer, orderId, {
      "carrier.name": carrier.name,
      "carrier.registration_number": carrier.registration_number,
      "carrier.reason_for_no_registration": "",
      "carrier.means_of_transport": "Road",
      "carrier.vehicle_registration": carrier.vehicle_registration,
    });
    expect(completed.status).toBe(302);

    const [note, ...more] = notesOf(orderId);
    expect(more).toEqual([]);
    const confirmations = withDatabase(server, (db) =>
      db.prepare("SELECT buyer_confirmed_at AS buyer, seller_confirmed_at AS seller FROM orders WHERE id = ?").get(orderId),
    ) as { buyer: number; seller: number };
    const transferredAt = Math.max(confirmations.buyer, confirmations.seller);
    expect(note.number).toMatch(/^CH-\d{4}-\d{6}$/);
    expect(note).toMatchObject({
      order_id: orderId,
      transferor_id: seller.id,
      transferee_id: buyer.id,
      place: "Unit 4, Mill Lane, Leeds",
      hierarchy_declaration: 1,
      transferred_at: transferredAt,
      replaces_note_id: null,
      weight_kg: 2000,
      transferor: {
        member_id: seller.id,
        member_name: names.get(seller.id),
        legal_name: "Mill Lane Packaging Ltd",
        address: "1 Mill Lane, Leeds",
        postcode: "LS1 4AP",
        country: "GB",
        sic_code: "38110",
        roles: ["producer"],
      },
      transferee: { member_id: buyer.id, member_name: names.get(buyer.id), legal_name: "Green Loop Recycling Ltd" },
      carrier: { ...carrier, reason_for_no_registration: null },
      waste: {
        ewc_codes: [
          { code: "150101", description: expect.stringMatching(/paper and cardboard packaging/i) },
          { code: "200101", description: expect.stringMatching(/paper and cardboard/i) },
        ],
        description: "Baled brown cardboard, dry",
        physical_form: "Solid",
        container_type: "BAL",
        containers: 8,
        quantity: 2,
        unit: "t",
        weight_kg: 2000,
        // Nobody weighed it: two tonnes is the quantity agreed.
        weight_is_estimate: true,
      },
      signatures: [
        { party: "transferor", name: names.get(seller.id), at: new Date(confirmations.seller).toISOString() },
        { party: "transferee", name: names.get(buyer.id), at: new Date(confirmations.buyer).toISOString() },
      ],
    });
    const retained = new Date(transferredAt);
    retained.setUTCFullYear(retained.getUTCFullYear() + 2);
    expect(note.retain_until).toBe(retained.getTime());
    expect(
      withDatabase(server, (db) =>
        db.prepare("SELECT code FROM transfer_note_codes WHERE note_id = ? ORDER BY code").all(note.id),
      ),
    ).toEqual([{ code: "150101" }, { code: "200101" }]);

    // The order page links it, and the order's answer names it.
    expect((await page(seller, `/app/orders/${orderId}`)).html).toContain(`href="/app/transfer-notes/${note.id}"`);
    expect((await page(buyer, `/app/orders/${orderId}`)).html).toContain(`Transfer note ${note.number}`);
    const answer = await api(server, `/api/orders/${orderId}`, { token: buyer.token });
    expect(answer.json.data.order.transfer_note).toEqual({ id: note.id, number: note.number });

    // Both parties hear of it, by mail and in the app, with a link to the note.
    for (const party of [seller, buyer]) {
      const [mail] = await smtp.waitForMails(noteMail(party, note.number));
      expect(mail.text).toContain("http://hub.example.test/app/notifications/");
      const listed = await api(server, "/api/notifications", { token: party.token });
      expect(listed.json.data.notifications).toContainEqual(
        expect.objectContaining({
          type: "transfer_note_issued",
          text: `Transfer note ${note.number} issued`,
          subject: { type: "transfer_note", id: note.id },
          url: `/app/transfer-notes/${note.id}`,
        }),
      );
    }

    // A second completion is refused by the state table, and no second note is issued.
    const again = await move(buyer, orderId, { action: "complete", carrier });
    expect(again.status).toBe(409);
    expect(notesOf(orderId)).toHaveLength(1);
  });

  it("refuses with 400 naming each part the confirming party owes and left out", async () => {
    const collected = await acceptedWasteOrder(seller, buyer);
    const buyerWithout = await move(buyer, collected, { action: "complete", hierarchy_declaration: true, place: "Leeds" });
    expect(buyerWithout.status).toBe(400);
    expect(Object.keys(buyerWithout.json.errors)).toEqual(["carrier"]);
    const sellerWithout = await move(seller, collected, { action: "complete", carrier });
    expect(sellerWithout.status).toBe(400);
    expect(Object.keys(sellerWithout.json.errors).sort()).toEqual(["hierarchy_declaration", "place"]);
    const halfCarrier = await move(buyer, collected, { action: "complete", carrier: { name: "Loop Haulage Ltd" } });
    expect(halfCarrier.status).toBe(400);
    expect(Object.keys(halfCarrier.json.errors).sort()).toEqual(["carrier.means_of_transport", "carrier.registration_number"]);

    // On delivery the seller carries it, so the seller owes the carrier too and the buyer owes nothing.
    const delivered = await acceptedWasteOrder(seller, buyer, { handover: "delivery" });
    const sellerOnDelivery = await move(seller, delivered, { action: "complete", hierarchy_declaration: true, place: "Leeds" });
    expect(sellerOnDelivery.status).toBe(400);
    expect(Object.keys(sellerOnDelivery.json.errors)).toEqual(["carrier"]);
    expect((await move(buyer, delivered, { action: "complete", weight_kg: 1985.5 })).status).toBe(200);
    const done = await move(seller, delivered, {
      action: "complete",
      hierarchy_declaration: true,
      place: "Green Loop yard, Bradford",
      carrier: { name: "Mill Lane Packaging Ltd", reason_for_no_registration: "ONE_OFF", means_of_transport: "Road" },
    });
    expect(done.status).toBe(200);
    const [note] = notesOf(delivered);
    expect(done.json.data.order.transfer_note).toEqual({ id: note.id, number: note.number });
    expect(note).toMatchObject({
      place: "Green Loop yard, Bradford",
      carrier: { name: "Mill Lane Packaging Ltd", registration_number: null, reason_for_no_registration: "ONE_OFF" },
      waste: { weight_kg: 1985.5, weight_is_estimate: false },
    });
  });

  it("issues no note for an order of a listing that is not waste", async () => {
    const orderId = await acceptedWasteOrder(seller, buyer, { waste: false });
    expect((await move(seller, orderId, { action: "complete" })).status).toBe(200);
    const done = await move(buyer, orderId, { action: "complete" });
    expect(done.status).toBe(200);
    expect(done.json.data.order.transfer_note).toBeNull();
    expect(notesOf(orderId)).toEqual([]);
  });

  it("is refused with 409 when a party's organisation is gone, and issues nothing", async () => {
    const gone = await member("Short Lived Ltd");
    const orderId = await acceptedWasteOrder(seller, gone);
    expect((await move(seller, orderId, { action: "complete", hierarchy_declaration: true, place: "Leeds" })).status).toBe(200);
    withDatabase(server, (db) => db.prepare("DELETE FROM organisations WHERE user_id = ?").run(gone.id));
    const refused = await move(gone, orderId, { action: "complete", carrier });
    expect(refused.status).toBe(409);
    expect(refused.json.message).toBe("Add your organisation's details first.");
    expect(notesOf(orderId)).toEqual([]);
    expect((await api(server, `/api/orders/${orderId}`, { token: gone.token })).json.data.order.state).toBe("accepted");

    // The transferor's organisation gone after they confirmed: the buyer's completion cannot issue a whole note.
    const leaving = await member("Gone Meanwhile Ltd");
    const second = await acceptedWasteOrder(leaving, buyer);
    expect((await move(leaving, second, { action: "complete", hierarchy_declaration: true, place: "Leeds" })).status).toBe(200);
    withDatabase(server, (db) => db.prepare("DELETE FROM organisations WHERE user_id = ?").run(leaving.id));
    const blocked = await move(buyer, second, { action: "complete", carrier });
    expect(blocked.status).toBe(409);
    expect(blocked.json.message).toBe(
      "The seller has no organisation details any more: the transfer note cannot be issued until they add them again.",
    );
    expect(notesOf(second)).toEqual([]);
    expect((await api(server, `/api/orders/${second}`, { token: buyer.token })).json.data.order.confirmed_by).toEqual({
      buyer: false,
      seller: true,
    });
  });

  it("mails no note to a member who turned those mails off, and still shows it in the app", async () => {
    const quiet = await member("Quiet Traders Ltd");
    const off = await api(server, "/api/notifications/preferences", {
      method: "PUT",
      token: quiet.token,
      body: { transfer_note_issued: { email: "off" } },
    });
    expect(off.status).toBe(200);
    const orderId = await acceptedWasteOrder(seller, quiet);
    expect((await move(quiet, orderId, { action: "complete", carrier })).status).toBe(200);
    // The seller completes last: the buyer's mail of the completion is queued after the note's would have been.
    expect((await move(seller, orderId, { action: "complete", hierarchy_declaration: true, place: "Leeds" })).status).toBe(200);
    const [note] = notesOf(orderId);
    await smtp.waitForMails(noteMail(seller, note.number));
    await smtp.waitForMails((mail) => mail.to.includes(quiet.email) && mail.text.includes("is completed"));
    expect(smtp.mails.filter(noteMail(quiet, note.number))).toEqual([]);
    const listed = await api(server, "/api/notifications", { token: quiet.token });
    expect(listed.json.data.notifications.map((n: { type: string }) => n.type)).toContain("transfer_note_issued");
  });
});

describe("a transfer note and the accounts", () => {
  it("outlives the transferor's account: the other party keeps it, naming them as they were at the transfer", async () => {
    const leaving = await member("Closing Down Ltd");
    const orderId = await acceptedWasteOrder(leaving, buyer);
    expect((await move(leaving, orderId, { action: "complete", hierarchy_declaration: true, place: "Leeds" })).status).toBe(200);
    expect((await move(buyer, orderId, { action: "complete", carrier })).status).toBe(200);
    const [before] = notesOf(orderId);

    const deleted = await api(server, "/api/users/me", {
      method: "DELETE",
      token: leaving.token,
      body: { password: leaving.password },
      headers: { "x-forwarded-for": leaving.address },
    });
    expect(deleted.status).toBe(200);

    const [after] = notesOf(orderId);
    expect(after).toEqual(before);
    expect(after.transferor).toMatchObject({ member_name: names.get(leaving.id), legal_name: "Closing Down Ltd" });
    expect(after.signatures).toContainEqual(expect.objectContaining({ party: "transferor", name: names.get(leaving.id) }));
    // The other party still reaches it from their order; the deleted member's token opens nothing.
    const kept = await api(server, `/api/orders/${orderId}`, { token: buyer.token });
    expect(kept.json.data.order.transfer_note).toEqual({ id: before.id, number: before.number });
    expect(
      (
        await api(server, `/api/transfer-notes/${before.id}/correction`, {
          method: "POST",
          token: leaving.token,
          body: { place: "Leeds" },
        })
      ).status,
    ).toBe(401);
  });
});

describe("POST /api/transfer-notes/:id/correction", () => {
  it("issues a new note that replaces the old one, signed by the corrector, and tells the other party", async () => {
    const orderId = await acceptedWasteOrder(seller, buyer);
    expect((await move(seller, orderId, { action: "complete", hierarchy_declaration: true, place: "Leeds" })).status).toBe(200);
    expect((await move(buyer, orderId, { action: "complete", carrier })).status).toBe(200);
    const [original] = notesOf(orderId);
    const correct = (who: Member, id: number, body: unknown) =>
      api(server, `/api/transfer-notes/${id}/correction`, {
        method: "POST",
        token: who.token,
        body,
        headers: { "x-forwarded-for": who.address },
      });

    expect((await correct(stranger, original.id, { weight_kg: 1950 })).status).toBe(404);
    expect((await correct(buyer, 99_999_999, { weight_kg: 1950 })).status).toBe(404);
    expect((await correct(buyer, original.id, {})).status).toBe(400);
    expect((await correct(buyer, original.id, { waste: { physical_form: "Liquid" } })).status).toBe(400);
    // What the order's completion refuses, a correction refuses too, and one that changes nothing is no correction.
    const refused = [
      { place: "Unit 4\nMill Lane" },
      { place: "Leeds\u0000" },
      { waste: { description: "Baled\u202e cardboard" } },
      { waste: { description: "x".repeat(1001) } },
      { weight_kg: 1e-320 },
      { place: "Leeds", weight_kg: 2000, weight_is_estimate: true, carrier },
    ];
    for (const body of refused) {
      const answer = await correct(buyer, original.id, body);
      expect([body, answer.status]).toEqual([body, 400]);
    }
    expect((await correct(buyer, original.id, { place: " Leeds " })).json.message).toBe(
      "The correction changes nothing: the note already says that.",
    );
    expect(notesOf(orderId)).toHaveLength(1);

    const corrected = await correct(buyer, original.id, {
      weight_kg: 1950,
      weight_is_estimate: false,
      waste: { description: "Baled brown cardboard, slightly damp" },
    });
    expect(corrected.status).toBe(201);
    const note = corrected.json.data.note;
    expect(note.number).not.toBe(original.number);
    expect(note).toMatchObject({
      order_id: orderId,
      replaces: { id: original.id, number: original.number },
      replaced_by: null,
      place: "Leeds",
      transferor: original.transferor as object,
      transferee: original.transferee as object,
      carrier: original.carrier as object,
      transferred_at: new Date(original.transferred_at as number).toISOString(),
      retain_until: new Date(original.retain_until as number).toISOString(),
      waste: { weight_kg: 1950, weight_is_estimate: false, description: "Baled brown cardboard, slightly damp", containers: 8 },
    });
    const originalSignatures = original.signatures as { party: string }[];
    expect(note.signatures).toEqual([
      originalSignatures.find((signature) => signature.party === "transferor"),
      { party: "transferee", name: names.get(buyer.id), at: note.issued_at },
    ]);
    // The old note stays as it was, and the order still names its original.
    const stored = notesOf(orderId);
    expect(stored).toHaveLength(2);
    expect(stored[0]).toEqual(original);
    expect(stored[1].replaces_note_id).toBe(original.id);
    expect((await api(server, `/api/orders/${orderId}`, { token: seller.token })).json.data.order.transfer_note.number).toBe(
      original.number,
    );
    await smtp.waitForMails(noteMail(seller, note.number));

    // The replaced note cannot be corrected again; the newest can, by either party.
    const stale = await correct(seller, original.id, { place: "Mill Lane, Leeds" });
    expect(stale.status).toBe(409);
    expect(stale.json.message).toContain(note.number);
    const again = await correct(seller, note.id, { place: "Mill Lane, Leeds" });
    expect(again.status).toBe(201);
    expect(again.json.data.note).toMatchObject({
      replaces: { id: note.id },
      place: "Mill Lane, Leeds",
      waste: { weight_kg: 1950 },
    });
  });
});

describe("/app/transfer-notes/:id/correct", () => {
  /** The correction form as a browser without JavaScript posts it: every field as the page filled it in, some changed. */
  async function postCorrection(who: Member, noteId: number, fields: Record<string, string>) {
    const response = await fetch(`${server.url}/app/transfer-notes/${noteId}/correct`, {
      method: "POST",
      redirect: "manual",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        cookie: `session=${who.token}`,
        origin: server.url,
        "x-forwarded-for": who.address,
      },
      body: new URLSearchParams(fields),
    });
    return {
      status: response.status,
      location: response.headers.get("location"),
      html: (await response.text()).replaceAll("<!-- -->", ""),
    };
  }

  it("issues only what the member changed, refuses an unchanged form and a bad weight, and is no one else's", async () => {
    const orderId = await acceptedWasteOrder(seller, buyer);
    expect((await move(seller, orderId, { action: "complete", hierarchy_declaration: true, place: "Leeds" })).status).toBe(200);
    expect((await move(buyer, orderId, { action: "complete", carrier })).status).toBe(200);
    const [original] = notesOf(orderId);

    const form = await page(seller, `/app/transfer-notes/${original.id}/correct`);
    expect(form.status).toBe(200);
    expect(form.html).toContain(`Correct ${original.number}`);
    expect(form.html).toContain('value="Leeds"');
    expect(form.html).toContain(`value="${carrier.name}"`);
    expect((await page(seller, `/app/transfer-notes/${original.id}`)).html).toContain("Correct this note");
    expect((await page(stranger, `/app/transfer-notes/${original.id}/correct`)).status).toBe(404);

    const waste = original.waste as { description: string; weight_is_estimate: boolean };
    // An unticked box is not sent at all, as a browser does.
    const asShown: Record<string, string> = {
      ...(waste.weight_is_estimate ? { weight_is_estimate: "true" } : {}),
      place: "Leeds",
      description: waste.description,
      weight_kg: "2000",
      "carrier.name": carrier.name,
      "carrier.registration_number": carrier.registration_number,
      "carrier.reason_for_no_registration": "",
      "carrier.means_of_transport": carrier.means_of_transport,
      "carrier.vehicle_registration": carrier.vehicle_registration,
    };
    const unchanged = await postCorrection(seller, original.id, asShown);
    expect(unchanged.status).toBe(400);
    expect(unchanged.html).toContain("Name at least one field to correct");
    const badWeight = await postCorrection(seller, original.id, { ...asShown, weight_kg: "heavy" });
    expect(badWeight.status).toBe(400);
    expect(badWeight.html).toContain("Give the weight in kg as a number");
    expect(badWeight.html).toContain('value="heavy"');
    expect((await postCorrection(stranger, original.id, { ...asShown, place: "Elsewhere" })).status).toBe(404);
    expect(notesOf(orderId)).toHaveLength(1);

    const done = await postCorrection(seller, original.id, { ...asShown, place: "Unit 4, Mill Lane, Leeds" });
    expect(done.status).toBe(302);
    const [, correction, ...more] = notesOf(orderId);
    expect(more).toEqual([]);
    expect(done.location).toBe(`/app/transfer-notes/${correction!.id}`);
    expect(correction).toMatchObject({ replaces_note_id: original.id, place: "Unit 4, Mill Lane, Leeds", weight_kg: 2000 });
    expect(correction!.carrier).toEqual(original.carrier);

    // The replaced note's form points to the newest instead of offering a second correction.
    const stale = await page(seller, `/app/transfer-notes/${original.id}/correct`);
    expect(stale.html).toContain("This note was already corrected by");
    expect(stale.html).not.toContain('name="place"');
  });
});
