import type { Handover, ListingKind, ListingUnit, OrderAction, OrderState } from "./vocabulary";

/**
 * What the exchange sends to the browser and to API clients. Types only, so any module, browser
 * or server, may import them. Times are ISO 8601; money is whole cents; quantities are in the
 * listing's unit.
 */

export type MemberRef = { id: number; username: string };

export type OrderEventView = {
  action: "request" | OrderAction;
  /** The order's state after the event (still accepted after the first confirmation of completion). */
  state: OrderState;
  at: string;
  by: MemberRef;
  reason: string | null;
};

/** An order as its two parties see it; nobody else sees it at all. */
export type OrderView = {
  id: number;
  listing: { id: number; title: string; kind: ListingKind; unit: ListingUnit };
  quantity: number;
  unit_price_cents: number;
  total_cents: number;
  state: OrderState;
  handover: Handover;
  message: string | null;
  buyer: MemberRef;
  seller: MemberRef;
  confirmed_by: { buyer: boolean; seller: boolean };
  weight_kg: number | null;
  history: OrderEventView[];
  /** The moves the caller may make now: the order page's buttons. */
  next_actions: OrderAction[];
  created_at: string;
  updated_at: string;
};
