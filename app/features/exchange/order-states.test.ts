import { describe, expect, it } from "vitest";
import { factsOf, nextActions, nextOrderMove, ownerOf, type OrderFacts, type OrderParty, type OrderStage } from "./order-states";
import { LISTING_KINDS, ORDER_ACTIONS, ORDER_STATES, type OrderAction } from "./vocabulary";

type Role = "owner" | "requester";
/** What each (stage, role, action) cell answers: the stage it leads to, or the refusal's reason. */
type Cell = OrderStage | "conflict" | "forbidden";

const FINAL = {
  accept: "conflict",
  accept_counter: "conflict",
  counter: "conflict",
  decline: "conflict",
  cancel: "conflict",
  complete: "conflict",
} as const;

/**
 * Written out by hand, cell by cell, so a change to the table in the module shows here. Every
 * order here carries an offer below the asking price; one without is tested below.
 */
const EXPECTED: Record<OrderStage, Record<Role, Record<OrderAction, Cell>>> = {
  requested: {
    owner: {
      accept: "accepted",
      accept_counter: "conflict",
      counter: "countered",
      decline: "declined",
      cancel: "forbidden",
      complete: "conflict",
    },
    requester: {
      accept: "forbidden",
      accept_counter: "conflict",
      counter: "forbidden",
      decline: "forbidden",
      cancel: "cancelled",
      complete: "conflict",
    },
  },
  countered: {
    owner: {
      accept: "conflict",
      accept_counter: "forbidden",
      counter: "conflict",
      decline: "declined",
      cancel: "forbidden",
      complete: "conflict",
    },
    requester: {
      accept: "conflict",
      accept_counter: "accepted",
      counter: "conflict",
      decline: "forbidden",
      cancel: "cancelled",
      complete: "conflict",
    },
  },
  accepted: {
    // complete by one party leaves the order accepted until the other confirms (tested below).
    owner: { ...FINAL, cancel: "cancelled", complete: "accepted" },
    requester: { ...FINAL, cancel: "cancelled", complete: "accepted" },
  },
  declined: { owner: FINAL, requester: FINAL },
  cancelled: { owner: FINAL, requester: FINAL },
  completed: { owner: FINAL, requester: FINAL },
};
const STAGES = [...ORDER_STATES, "countered"] as const;
/** The state a stage is stored in: a countered offer waits in `requested`. */
const stored = (stage: OrderStage) => (stage === "countered" ? "requested" : stage);

const facts = (
  state: OrderStage,
  listingKind: OrderFacts["listingKind"],
  confirmed: Partial<Record<OrderParty, boolean>> = {},
  offered = false,
): OrderFacts => ({
  state,
  listingKind,
  offered,
  buyerConfirmed: confirmed.buyer ?? false,
  sellerConfirmed: confirmed.seller ?? false,
});

const partyOf = (role: Role, listingKind: OrderFacts["listingKind"]): OrderParty =>
  role === "owner" ? ownerOf(listingKind) : ownerOf(listingKind) === "buyer" ? "seller" : "buyer";

describe("the order state table", () => {
  it("makes the seller the owner of a sale or free listing and the buyer the owner of a wanted one", () => {
    expect(ownerOf("sale")).toBe("seller");
    expect(ownerOf("free")).toBe("seller");
    expect(ownerOf("wanted")).toBe("buyer");
  });

  for (const listingKind of LISTING_KINDS) {
    describe(`on a ${listingKind} listing`, () => {
      for (const state of STAGES) {
        for (const role of ["owner", "requester"] as const) {
          for (const action of ORDER_ACTIONS) {
            const expected = EXPECTED[state][role][action];
            const party = partyOf(role, listingKind);
            it(`${state}: ${action} by the ${role} (${party}) gives ${expected}`, () => {
              const move = nextOrderMove(facts(state, listingKind, {}, true), party, action);
              if (expected === "conflict" || expected === "forbidden") {
                expect(move).toMatchObject({ ok: false, reason: expected });
                if (!move.ok) expect(move.message).toMatch(/^[A-Z].*\.$/);
              } else {
                expect(move).toMatchObject({ ok: true, from: stored(state), state: stored(expected) });
                if (move.ok) expect(move.message).toMatch(/^[A-Z].*[.]$/);
              }
            });
          }
        }
      }
    });
  }
});

describe("completion", () => {
  it("needs both parties, each once", () => {
    const first = nextOrderMove(facts("accepted", "sale"), "buyer", "complete");
    expect(first).toEqual({
      ok: true,
      from: "accepted",
      state: "accepted",
      confirms: "buyer",
      message: "You confirmed completion; the order completes when the seller confirms too.",
    });

    const again = nextOrderMove(facts("accepted", "sale", { buyer: true }), "buyer", "complete");
    expect(again).toEqual({
      ok: false,
      reason: "conflict",
      message: "You have already confirmed completion; the order completes when the seller confirms too.",
    });

    const second = nextOrderMove(facts("accepted", "sale", { buyer: true }), "seller", "complete");
    expect(second).toEqual({
      ok: true,
      from: "accepted",
      state: "completed",
      confirms: "seller",
      message: "Both of you confirmed: the order is completed.",
    });
  });

  it("lets either party still cancel while only one has confirmed", () => {
    expect(nextOrderMove(facts("accepted", "free", { seller: true }), "seller", "cancel")).toMatchObject({
      ok: true,
      state: "cancelled",
    });
    expect(nextOrderMove(facts("accepted", "free", { seller: true }), "buyer", "cancel")).toMatchObject({
      ok: true,
      state: "cancelled",
    });
  });
});

describe("what the actor is told", () => {
  it("names the party a move belongs to", () => {
    expect(nextOrderMove(facts("requested", "sale"), "buyer", "accept")).toEqual({
      ok: false,
      reason: "forbidden",
      message: "Only the seller can accept this request.",
    });
    expect(nextOrderMove(facts("requested", "wanted"), "seller", "decline")).toEqual({
      ok: false,
      reason: "forbidden",
      message: "Only the buyer can decline this offer.",
    });
    expect(nextOrderMove(facts("requested", "sale"), "seller", "cancel")).toEqual({
      ok: false,
      reason: "forbidden",
      message: "To turn down this request, decline it; only the buyer can withdraw it.",
    });
  });

  it("says why the state does not allow a move", () => {
    const message = (state: OrderStage, action: OrderAction) => {
      const move = nextOrderMove(facts(state, "sale"), "seller", action);
      return move.ok ? "" : move.message;
    };
    expect(message("requested", "complete")).toBe("This request has not been accepted yet, so it cannot be completed.");
    expect(message("accepted", "accept")).toBe("This request has already been accepted, so it cannot be accepted again.");
    expect(message("accepted", "decline")).toBe("This request has already been accepted, so it cannot be declined again.");
    expect(message("declined", "accept")).toBe("This order was declined, so nothing more can happen to it.");
    expect(message("cancelled", "cancel")).toBe("This order was cancelled, so nothing more can happen to it.");
    expect(message("completed", "complete")).toBe("This order is already completed.");
  });

  it("tells a requester who withdraws, and an owner who accepts, what happened", () => {
    expect(nextOrderMove(facts("requested", "sale"), "buyer", "cancel")).toMatchObject({ message: "You withdrew your request." });
    expect(nextOrderMove(facts("accepted", "sale"), "buyer", "cancel")).toMatchObject({
      message: "You cancelled the order; the reserved quantity is available again.",
    });
    expect(nextOrderMove(facts("requested", "wanted"), "buyer", "accept")).toMatchObject({
      message: "You accepted the offer; the quantity is reserved for it.",
    });
  });
});

describe("nextActions", () => {
  it("offers each party exactly the moves the table allows", () => {
    expect(nextActions(facts("requested", "sale"), "seller")).toEqual(["accept", "decline"]);
    expect(nextActions(facts("requested", "sale"), "buyer")).toEqual(["cancel"]);
    expect(nextActions(facts("requested", "wanted"), "buyer")).toEqual(["accept", "decline"]);
    expect(nextActions(facts("requested", "wanted"), "seller")).toEqual(["cancel"]);
    expect(nextActions(facts("accepted", "sale"), "seller")).toEqual(["cancel", "complete"]);
    expect(nextActions(facts("accepted", "sale", { seller: true }), "seller")).toEqual(["cancel"]);
    expect(nextActions(facts("accepted", "sale", { seller: true }), "buyer")).toEqual(["cancel", "complete"]);
    for (const state of ["declined", "cancelled", "completed"] as const) {
      for (const party of ["buyer", "seller"] as const) expect(nextActions(facts(state, "sale"), party)).toEqual([]);
    }
  });
});

describe("offers and counters", () => {
  it("lets the owner counter only an offer below the asking price", () => {
    expect(nextOrderMove(facts("requested", "sale"), "seller", "counter")).toEqual({
      ok: false,
      reason: "conflict",
      message: "Only an offer below the asking price can be countered; accept or decline this request.",
    });
    expect(nextOrderMove(facts("requested", "sale", {}, true), "seller", "counter")).toMatchObject({
      ok: true,
      from: "requested",
      state: "requested",
    });
  });

  it("reads a requested order with a counter price as countered", () => {
    const order = { offerPriceCents: 40, buyerConfirmedAt: null, sellerConfirmedAt: null };
    expect(factsOf({ ...order, state: "requested", counterPriceCents: 45 }, "sale").state).toBe("countered");
    expect(factsOf({ ...order, state: "requested", counterPriceCents: null }, "sale").state).toBe("requested");
    expect(factsOf({ ...order, state: "accepted", counterPriceCents: 45 }, "sale").state).toBe("accepted");
  });

  it("gives the requester of a countered offer accept or withdraw, and the owner decline", () => {
    expect(nextActions(facts("requested", "sale", {}, true), "seller")).toEqual(["accept", "counter", "decline"]);
    expect(nextActions(facts("requested", "sale", {}, true), "buyer")).toEqual(["cancel"]);
    expect(nextActions(facts("countered", "sale", {}, true), "buyer")).toEqual(["accept_counter", "cancel"]);
    expect(nextActions(facts("countered", "sale", {}, true), "seller")).toEqual(["decline"]);
  });

  it("tells each party what a counter and its answer did", () => {
    expect(nextOrderMove(facts("requested", "sale", {}, true), "seller", "counter")).toMatchObject({
      message: "You countered the request; it waits for the buyer to accept your price or withdraw.",
    });
    expect(nextOrderMove(facts("countered", "sale", {}, true), "buyer", "accept_counter")).toMatchObject({
      message: "You accepted the counter; the order is accepted at that price and the quantity is reserved for it.",
    });
    expect(nextOrderMove(facts("countered", "sale", {}, true), "buyer", "cancel")).toMatchObject({
      state: "cancelled",
      message: "You withdrew your request.",
    });
    expect(nextOrderMove(facts("countered", "sale", {}, true), "seller", "accept_counter")).toEqual({
      ok: false,
      reason: "forbidden",
      message: "Only the buyer can accept the counter to their request.",
    });
    expect(nextOrderMove(facts("countered", "sale", {}, true), "seller", "counter")).toMatchObject({
      ok: false,
      message: "This offer was already countered; settle the price in the messages.",
    });
  });
});
