import type { TransferPart } from "./transfer-details";
import type { FailureReason, FormFailure, FormResult } from "~/lib/forms";
import type {
  Handover,
  ListingCondition,
  ListingKind,
  ListingStatus,
  ListingUnit,
  Material,
  OrderAction,
  OrderState,
} from "./vocabulary";
import type { ContainerType, PhysicalForm } from "../../../db/waste-values";

/**
 * What the exchange sends to the browser and to API clients. Types only, so any module, browser
 * or server, may import them. Times are ISO 8601; money is whole cents; quantities are in the
 * listing's unit.
 */

/** A code of the List of Waste as a listing shows it: "200101", "20 01 01" and what it names. */
export type WasteCodeView = { code: string; display_code: string; description: string };

export type MemberRef = { id: number; username: string };

export type OrderEventView = {
  action: "request" | OrderAction;
  /** The order's state after the event (still accepted after the first confirmation of completion). */
  state: OrderState;
  at: string;
  by: MemberRef;
  reason: string | null;
  /** The price per unit the event named: a request's offer, an owner's counter; null otherwise. */
  price_cents: number | null;
};

/** An order as its two parties see it; nobody else sees it at all. */
export type OrderView = {
  id: number;
  listing: { id: number; title: string; kind: ListingKind; unit: ListingUnit };
  quantity: number;
  /** The price per unit on the table: the asking price or the offer, the owner's counter once countered; agreed once accepted. */
  unit_price_cents: number;
  /** The requester's offer per unit, below the asking price; null when asked at the asking price. */
  offer_price_cents: number | null;
  /** The owner's counter per unit; while the order is requested with one, it waits on the requester. */
  counter_price_cents: number | null;
  /** The price per unit times the weight both confirmed (kg or t listings, once completed), else times the quantity. */
  total_cents: number;
  /** True while the total is the requested quantity's, before the weight settles it (kg or t listings). */
  total_is_estimate: boolean;
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

/** A member as the exchange shows them beside a listing: their rating comes from the reviews they received. */
export type SellerView = MemberRef & {
  /** The mean of the stars of the reviews received, to one decimal; null before the first review. */
  rating: number | null;
  reviews_count: number;
};

export type ListingPhotoView = { url: string; mime_type: string };

/**
 * A listing as members and clients see it: every field a listing is written with, and what the
 * exchange knows of it. A sample listing (`is_sample`) comes from the seeded catalogue: it shows
 * what a listing looks like and cannot be ordered or put in a cart.
 */
export type ListingView = {
  id: number;
  kind: ListingKind;
  title: string;
  description: string;
  category: string;
  material: Material;
  condition: ListingCondition;
  quantity: number;
  unit: ListingUnit;
  weight_per_unit_kg: number | null;
  price_cents: number;
  location: string;
  handover: Handover;
  /** A waste listing's codes of the List of Waste; null on any other listing, as the four fields after it. */
  ewc_codes: WasteCodeView[] | null;
  waste_description: string | null;
  physical_form: PhysicalForm | null;
  /** A container code of the digital waste tracking service (BAG, SKI, …). */
  container_type: ContainerType | null;
  containers: number | null;
  seller: SellerView;
  quantity_left: number;
  status: ListingStatus;
  is_sample: boolean;
  photos: ListingPhotoView[];
  created_at: string;
  updated_at: string;
  /** Hidden by moderators: only its owner and admins are shown it, marked so. */
  is_hidden: boolean;
};

/**
 * A listing as the search lists it: how far it is in a straight line from the search's `near`
 * (or the member's own location), in km, to 0.1 under 10 km; null without either, or when the
 * listing's location is no place the gazetteer knows.
 */
export type ListingCardView = ListingView & { distance_km: number | null };

/**
 * A listing as a visitor who is not signed in reads it: the public marketplace and
 * /api/public/listings. Only active listings of members are public, so there is no status.
 */
export type PublicListingView = Omit<ListingView, "status" | "is_sample" | "is_hidden" | "seller"> & {
  seller: Omit<SellerView, "id">;
};
export type PublicListingCardView = PublicListingView & { distance_km: number | null };

/** What a member's page says of their trading: the rating, and how their orders ended. */
export type Reputation = {
  rating: number | null;
  reviews_count: number;
  completed_orders: number;
  cancelled_orders: number;
};

export type ReviewView = {
  id: number;
  order_id: number;
  rating: number;
  text: string;
  author: MemberRef;
  subject: MemberRef;
  created_at: string;
};

export type OrderMessageView = { id: number; order_id: number; author: MemberRef; body: string; created_at: string };

/** One line of a member's cart; `problem` says why it cannot be checked out as it is (sold out, paused, less left). */
export type CartItemView = {
  listing: Pick<ListingView, "id" | "title" | "kind" | "unit" | "price_cents" | "quantity_left" | "status" | "is_sample"> & {
    photo: ListingPhotoView | null;
  };
  quantity: number;
  total_cents: number;
  /** A line in kg or t: its order is billed on the weight both parties confirm, so this total is an estimate. */
  total_is_estimate: boolean;
  problem: string | null;
};

/** A cart: its lines grouped by seller, with each seller's total and the whole total. */
export type CartView = {
  items: CartItemView[];
  sellers: { seller: SellerView; items: CartItemView[]; total_cents: number }[];
  total_cents: number;
};

/** What only a sample listing shows: the seeded catalogue's product, all of it sample content. */
export type SampleDetails = {
  long_description: string;
  original_price_cents: number;
  sustainability: number;
  tags: string[];
  features: string[];
  /** Static pictures under public/ (a member's listing has `photos` instead). */
  images: string[];
  rating: number;
  reviews: { author: string; rating: number; date: string; text: string }[];
};

/** A listing's page: the listing, and for a sample its catalogue details. */
export type ListingDetail = ListingView & {
  sample: SampleDetails | null;
  /** Whether the viewer has reported it to moderators. */
  is_reported: boolean;
};

/** The order page: the order, the viewer's side of it, the other party's contact, the thread and the reviews. */
export type OrderPageView = {
  order: OrderView;
  party: "buyer" | "seller";
  /**
   * The other party. Their e-mail, phone and company are shared only once the order has been
   * accepted: before that a request is all it takes, and anyone could collect every seller's
   * address by asking and withdrawing. Until then the thread is the way to talk.
   */
  /** `deleted`: the other party deleted their account; nothing is left to reach them by. */
  contact: MemberRef & { shared: boolean; deleted: boolean; email: string | null; phone: string | null; company: string | null };
  messages: OrderMessageView[];
  reviews: ReviewView[];
  /** On an order of a waste listing, the transfer note's parts this party gives on confirming completion; null otherwise. */
  transfer: { owes: TransferPart[]; has_organisation: boolean } | null;
};

/** What a form of the order page answers: which form, and on refusal what was sent, to show it again. */
export type OrderPageResult =
  | { intent: string; ok: true; message: string }
  | {
      intent: string;
      ok: false;
      message?: string;
      reason?: FailureReason;
      errors: Record<string, string>;
      values: Record<string, string>;
    };

/** What a cart line's form (a new quantity, or Remove) answers. */
export type CartLineAnswer = FormResult<{ message: string }, { message?: string }>;

/** What the cart's checkout answers; refused, with what was sent, to show it again. */
export type CheckoutAnswer = FormResult<{ message: string }, { message?: string; values?: Record<string, string> }>;

/**
 * The order form of a listing's page (Add to Cart, Buy Now, Make an offer), refused for a field it
 * holds: the messages under the form's names (`quantity`, `offer_price`) and what was typed, to
 * show it again beside the fields.
 */
export type OrderFormRefusal = FormFailure<{
  intent: "add" | "buy";
  message: string;
  values: Record<string, string>;
}>;

/** A listing's edit form, refused by the server: the reasons, and what the owner typed to show it again. */
export type ListingEditRefusal = FormFailure<{
  intent: "edit";
  message: string;
  values: Record<string, string>;
  /** The waste codes the form holds, described. */
  codes: WasteCodeView[];
}>;
