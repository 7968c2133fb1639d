import { beforeAll, describe, expect, it } from "vitest";
import { addMember } from "../../../tests/support/unit-factories";
import { giveOrganisation, handOver } from "../../../tests/support/lot-chain";
import { listNotifications, updateNotificationPreferences } from "~/features/notifications/queries.server";
import { createListingFromLot, lotsOf, lotWithChain, recordOperation } from "./lots.server";
import { fatesOf } from "./fates.server";
import { changeListing } from "~/features/exchange/listings.server";
import { chainPage } from "./store/chain.server";
import { lotById } from "./store/lots.server";
import type { Viewer } from "~/services/access.server";
import { getDb } from "~/services/database/db.server";

const today = new Date().toISOString().slice(0, 10);
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

/**
 * A load through three hands: Ashdown Print (a producer) hands 100 kg of paper to Brook Sorting,
 * which lists 60 kg of it on, sorted, and Calder Fibres takes that and recycles 50 kg of it.
 */
let ashdown: { member: Viewer; name: string };
let brook: { member: Viewer; name: string };
let calder: { member: Viewer; name: string };
let outsider: Viewer;

const onlyLot = async (member: Viewer) => {
  const { lots } = await lotsOf(member.id, { state: "open", page: 1 });
  expect(lots).toHaveLength(1);
  return lots[0];
};

const listing = (quantity: number, unit = "kg") => ({
  kind: "sale",
  title: "Sorted paper and card",
  description: "Sorted from mixed office waste.",
  category: "office_supplies",
  condition: "used",
  quantity,
  unit,
  price_cents: 0,
  location: "Bradford",
  handover: "collection",
  // Sorting turned the mixed paper it received (20 01 01) into sorted paper and card (19 12 01).
  ewc_codes: ["191201"],
  waste_description: "Sorted paper and card, baled",
  physical_form: "Solid",
  container_type: "BAL",
  containers: 2,
});

let first: Awaited<ReturnType<typeof handOver>>;
let brookLot: Awaited<ReturnType<typeof onlyLot>>;
let second: Awaited<ReturnType<typeof handOver>>;
let calderLot: Awaited<ReturnType<typeof onlyLot>>;

beforeAll(async () => {
  ashdown = { member: await addMember("ashdown"), name: "Ashdown Print Ltd" };
  brook = { member: await addMember("brook"), name: "Brook Sorting Ltd" };
  calder = { member: await addMember("calder"), name: "Calder Fibres Ltd" };
  outsider = await addMember("outsider");
  await giveOrganisation(ashdown.member, ashdown.name, ["producer"]);
  await giveOrganisation(brook.member, brook.name, ["broker_dealer"]);
  await giveOrganisation(calder.member, calder.name, ["permit_holder"]);

  first = await handOver(ashdown, brook, { weightKg: 100 });
  brookLot = await onlyLot(brook.member);
  const onward = await createListingFromLot(brook.member, brookLot.id, listing(60), []);
  if (!onward.ok) throw new Error(onward.message);
  second = await handOver(brook, calder, { listingId: onward.listing.id, weightKg: 60, codes: ["191201"] });
  calderLot = await onlyLot(calder.member);
});

describe("a lot through three hands", () => {
  it("gives the transferee a lot of the weight received, naming its note", () => {
    expect(brookLot).toMatchObject({
      weight_kg: 100,
      weight_left_kg: 100,
      state: "open",
      parent_lot_id: null,
      note_number: first.number,
    });
    expect(brookLot.holder).toEqual({ member_id: brook.member.id, name: brook.name });
  });

  it("refuses an onward listing over what the lot has left that no listing of it claims, and another member's lot as missing", async () => {
    // Brook listed 60 kg, Calder took it: 40 kg are left, in tonnes 0.04.
    const over = await createListingFromLot(brook.member, brookLot.id, listing(0.041, "t"), []);
    expect(over).toMatchObject({
      ok: false,
      reason: "invalid",
      errors: { quantity: "The quantity is more than this lot has left to list (40 kg)." },
    });
    const wanted = await createListingFromLot(brook.member, brookLot.id, { ...listing(10), kind: "wanted" }, []);
    expect(wanted).toMatchObject({ ok: false, errors: { kind: "A lot is offered, not wanted: list it for sale or free." } });
    const notTheirs = await createListingFromLot(calder.member, brookLot.id, listing(10), []);
    expect(notTheirs).toMatchObject({ ok: false, reason: "not-found" });
    const reserved = await createListingFromLot(brook.member, brookLot.id, listing(30), []);
    if (!reserved.ok) throw new Error(reserved.message);
    // Changed later, it may not claim more than the lot has left either.
    const raised = await changeListing(brook.member, reserved.listing.id, { quantity: 41 });
    expect(raised).toMatchObject({
      ok: false,
      errors: { quantity: "The listings of this lot would claim 41 kg, more than the 40 kg it has left." },
    });
    expect(await changeListing(brook.member, reserved.listing.id, { quantity: 30.5 })).toMatchObject({ ok: true });
    expect(await changeListing(brook.member, reserved.listing.id, { quantity: 30 })).toMatchObject({ ok: true });
    const beyond = await createListingFromLot(brook.member, brookLot.id, listing(11), []);
    expect(beyond).toMatchObject({
      ok: false,
      errors: { quantity: "The quantity is more than this lot has left to list (10 kg)." },
    });
  });

  it("takes the weight handed on out of the parent lot, and names the parent on the new lot", async () => {
    expect((await lotWithChain(brook.member.id, brookLot.id))!.lot.weight_left_kg).toBe(40);
    expect(calderLot).toMatchObject({
      parent_lot_id: brookLot.id,
      weight_kg: 60,
      ewc_codes: ["191201"],
      note_number: second.number,
    });
  });

  it("refuses an operation over the weight left, naming it", async () => {
    const over = await recordOperation(calder.member, calderLot.id, { code: "R3", weight_kg: "60.5", date: today });
    expect(over).toMatchObject({
      ok: false,
      reason: "invalid",
      errors: { weight_kg: "The weight is more than this lot has left (60 kg)." },
    });
    const notHolder = await recordOperation(brook.member, calderLot.id, { code: "R3", weight_kg: 1, date: today });
    expect(notHolder).toMatchObject({ ok: false, reason: "forbidden" });
    const unseen = await recordOperation(outsider, calderLot.id, { code: "R3", weight_kg: 1, date: today });
    expect(unseen).toMatchObject({ ok: false, reason: "not-found" });
    const beforeArrival = await recordOperation(calder.member, calderLot.id, { code: "R3", weight_kg: 1, date: daysAgo(3) });
    expect(beforeArrival).toMatchObject({
      ok: false,
      errors: { date: `The day cannot be before the lot reached you (${today}).` },
    });
  });

  it("records operations: an interim one leaves the weight, a final one takes it, and the lot closes at zero", async () => {
    const stored = await recordOperation(calder.member, calderLot.id, { code: "R13", weight_kg: 60, date: today });
    expect(stored).toMatchObject({
      ok: true,
      operation: { code: "R13", final: false },
      lot: { weight_left_kg: 60, state: "open" },
    });
    const recycled = await recordOperation(calder.member, calderLot.id, { code: "R3", weight_kg: 50, date: today });
    expect(recycled).toMatchObject({
      ok: true,
      operation: { code: "R3", final: true, weight_kg: 50 },
      lot: { weight_left_kg: 10, state: "open" },
    });
    const landfilled = await recordOperation(calder.member, calderLot.id, { code: "D1", weight_kg: 10, date: today });
    expect(landfilled).toMatchObject({ ok: true, lot: { weight_left_kg: 0, state: "closed" } });
    expect((await lotsOf(calder.member.id, { state: "closed", page: 1 })).lots.map((lot) => lot.id)).toEqual([calderLot.id]);
  });

  it("shows the whole chain to every member who held a part of it, and to nobody else", async () => {
    const expected = [
      { type: "handover", from: ashdown.name, to: brook.name, weight_kg: 100, note_number: first.number, code: null },
      { type: "handover", from: brook.name, to: calder.name, weight_kg: 60, note_number: second.number, code: null },
      { type: "operation", from: calder.name, to: null, weight_kg: 60, code: "R13", final: false },
      { type: "operation", from: calder.name, to: null, weight_kg: 50, code: "R3", final: true },
      { type: "operation", from: calder.name, to: null, weight_kg: 10, code: "D1", final: true },
    ];
    for (const member of [ashdown.member, brook.member, calder.member]) {
      for (const lotId of [brookLot.id, calderLot.id]) {
        const seen = await lotWithChain(member.id, lotId);
        expect(seen, `member ${member.id} on lot ${lotId}`).not.toBeNull();
        expect(seen!.chain).toMatchObject(expected);
      }
    }
    expect(await lotWithChain(outsider.id, brookLot.id)).toBeNull();
    expect(await lotWithChain(outsider.id, calderLot.id)).toBeNull();
  });

  it("tells the first holder, a producer, what became of their load", async () => {
    const { notifications } = await listNotifications(ashdown.member.id, { unread: false, page: 1, limit: 20 });
    const texts = notifications.filter((n) => n.type === "lot_fate").map((n) => n.text);
    expect(texts).toContain(`Your load ${first.number} was recycled (R3) by ${calder.name}`);
    expect(texts).toContain(`Your load ${first.number} was landfilled (D1) by ${calder.name}`);
  });

  it("sums where the producer's waste went, with the share whose fate is unknown", async () => {
    expect(await fatesOf(ashdown.member.id)).toMatchObject({
      handed_over_kg: 100,
      fates: [
        { code: "R3", weight_kg: 50 },
        { code: "D1", weight_kg: 10 },
      ],
      unknown_kg: 40,
    });
  });
});

describe("the first holder's notification", () => {
  it("is off by default for a first holder who is not a producer, until they turn it on", async () => {
    const dealer = { member: await addMember("dealer"), name: "Dale Brokers Ltd" };
    const mill = { member: await addMember("mill"), name: "Millbank Paper Ltd" };
    await giveOrganisation(dealer.member, dealer.name, ["broker_dealer"]);
    const note = await handOver(dealer, mill, { weightKg: 20 });
    const lot = await onlyLot(mill.member);
    const fates = async () =>
      (await listNotifications(dealer.member.id, { unread: false, page: 1, limit: 20 })).notifications.map((n) => n.text);
    expect(await recordOperation(mill.member, lot.id, { code: "R3", weight_kg: 5, date: today })).toMatchObject({ ok: true });
    expect(await fates()).toEqual([]);
    await updateNotificationPreferences(dealer.member.id, { lot_fate: { in_app: true, email: "off" } });
    expect(await recordOperation(mill.member, lot.id, { code: "R3", weight_kg: 5, date: today })).toMatchObject({ ok: true });
    expect(await fates()).toEqual([`Your load ${note.number} was recycled (R3) by ${mill.name}`]);
  });
});

describe("a chain's pages", () => {
  it("go on where the last page ended, first step to last", async () => {
    const { path } = (await lotById(getDb(), calderLot.id))!;
    const all = await chainPage(path, 1, 200);
    expect(all.total).toBe(5);
    const second = await chainPage(path, 2, 2);
    expect(second).toEqual({ steps: all.steps.slice(2, 4), total: 5 });
    expect(second.steps.map((step) => step.code)).toEqual(["R13", "R3"]);
    // Past the last page: no step, and still the chain's count.
    expect(await chainPage(path, 4, 2)).toEqual({ steps: [], total: 5 });
  });
});
