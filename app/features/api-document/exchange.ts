import { z } from "~/lib/zod";
import { countedPaginationSchema, pathIdSchema, successAnswer, type ApiPath } from "~/services/http/openapi.server";
import {
  cartLineSchema,
  checkoutSchema,
  listingChangeSchema,
  listingSchema,
  listingSearchSchema,
  orderListQuerySchema,
  orderMessageSchema,
  orderRequestSchema,
  orderTransitionSchema,
  reviewSchema,
} from "~/features/exchange/schemas";
import {
  cartViewSchema,
  listingCardSchema,
  listingDetailSchema,
  publicListingCardSchema,
  orderMessageViewSchema,
  publicListingSchema,
  orderViewSchema,
  reviewViewSchema,
} from "~/features/exchange/answers";
import { MAX_LISTING_PHOTOS } from "~/features/exchange/vocabulary";

/** An order as GET /api/orders/:id and a move answer it: with the transfer note a completed waste order issued. */
const orderWithNoteSchema = orderViewSchema.extend({
  transfer_note: z
    .object({ id: z.number().int(), number: z.string() })
    .nullable()
    .describe("The transfer note the completion of a waste order issued (CH-YYYY-NNNNNN); null otherwise."),
});
const order = successAnswer({ data: z.object({ order: orderViewSchema }), message: z.string() });
const movedOrder = successAnswer({ data: z.object({ order: orderWithNoteSchema }), message: z.string() });
const NO_ORDER = "No such order, or one the caller is not a party to.";
const cart = successAnswer({ data: z.object({ cart: cartViewSchema }) });

/** Listings, orders and the cart. */
export const exchangePaths: ApiPath[] = [
  {
    path: "/api/listings",
    operations: {
      get: {
        summary:
          "The marketplace search, with its total. `near` (a UK postcode, its district counting, or a town) keeps listings " +
          "within `radius_km` of it (50 by default) and measures `distance_km` from it; without `near`, distances (and " +
          "`sort=distance`, nearest first) are from the member's own profile location when it names a known place.",
        access: "member",
        query: listingSearchSchema,
        answers: {
          200: successAnswer({ data: z.object({ listings: z.array(listingCardSchema), pagination: countedPaginationSchema }) }),
        },
        errors: {
          400: 'A `near` no postcode or town matches ("We could not find …"), or `sort=distance` or `radius_km` with nothing to measure from.',
        },
      },
      post: {
        summary:
          "A new listing: JSON, or multipart with photos. With `lot_id`, made from one of the caller's lots: its quantity in kg " +
          "or t at most what the lot has left that its other open listings do not claim (400 naming `quantity`); another " +
          "member's lot is 404.",
        access: "member",
        body: listingSchema,
        multipart: { fields: listingSchema, files: `Files photo_0..photo_${MAX_LISTING_PHOTOS - 1} (images).` },
        answers: { 201: successAnswer({ message: z.string(), data: z.object({ listing: listingDetailSchema }) }) },
        errors: {
          409: "A waste listing (with `ewc_codes`) from a member without an organisation.",
          429: "Past the hourly allowance (Retry-After).",
        },
      },
    },
  },
  {
    path: "/api/listings/{id}",
    params: { id: pathIdSchema },
    operations: {
      get: {
        summary: "A listing (with its catalogue details for a sample).",
        access: "member",
        answers: { 200: successAnswer({ data: z.object({ listing: listingDetailSchema }) }) },
        errors: { 404: "No such listing, or one the caller cannot see." },
      },
      patch: {
        summary: "Changes any field of a listing, or its `status`, by its owner.",
        access: "member",
        body: listingChangeSchema,
        answers: { 200: successAnswer({ message: z.string(), data: z.object({ listing: listingDetailSchema }) }) },
        errors: {
          403: "Not the owner.",
          404: "No such listing, or one the caller cannot see.",
          409: "The change conflicts with open orders, or adds waste codes without an organisation.",
        },
      },
    },
  },
  {
    path: "/api/public/listings",
    operations: {
      get: {
        summary:
          "The public marketplace, without a token: the search of /api/listings over active listings of members (no paused, " +
          "closed, hidden or sample listing, none of a suspended or deleted member). The same for everyone (a token is ignored): " +
          "kept by shared caches up to a minute. Distances are from `near` only.",
        access: "public",
        query: listingSearchSchema,
        answers: {
          200: successAnswer({
            data: z.object({ listings: z.array(publicListingCardSchema), pagination: countedPaginationSchema }),
          }),
        },
        errors: {
          400: 'A `near` no postcode or town matches ("We could not find …"), or `sort=distance` or `radius_km` without `near`.',
        },
      },
    },
  },
  {
    path: "/api/public/listings/{id}",
    params: { id: pathIdSchema },
    operations: {
      get: {
        summary: "One public listing, without a token.",
        access: "public",
        answers: { 200: successAnswer({ data: z.object({ listing: publicListingSchema }) }) },
        errors: { 404: "No such listing, or one that is not public (answered alike)." },
      },
    },
  },
  {
    path: "/api/orders",
    operations: {
      get: {
        summary: "The caller's buying or selling, newest first.",
        access: "member",
        query: orderListQuerySchema,
        answers: {
          200: successAnswer({ data: z.object({ orders: z.array(orderViewSchema), pagination: countedPaginationSchema }) }),
        },
      },
      post: {
        summary:
          "Requests an order of a listing. `offer_price_cents` offers a price per unit below the asking price (sale listings " +
          "only); the owner accepts it, declines it or counters it.",
        access: "member",
        body: orderRequestSchema,
        answers: { 201: order },
        errors: {
          400: "Invalid input, or an offer at or above the asking price or on a listing not for sale (`errors.offer_price_cents`).",
          403: "The caller's own listing, or a block.",
          404: "No such listing.",
          409: "Not enough left, the listing is not active, or a waste listing and the caller has no organisation.",
        },
      },
    },
  },
  {
    path: "/api/orders/{id}",
    params: { id: pathIdSchema },
    operations: {
      get: {
        summary: "An order with its history and the caller's next actions.",
        access: "member",
        answers: { 200: successAnswer({ data: z.object({ order: orderWithNoteSchema }) }) },
        errors: { 404: NO_ORDER },
      },
    },
  },
  {
    path: "/api/orders/{id}/transitions",
    params: { id: pathIdSchema },
    operations: {
      post: {
        summary:
          "Moves an order on (accept, decline, cancel, complete). The owner answers an offer with `counter` and `price_cents` " +
          "(above the offer, at most the asking price; it becomes the order's price per unit); the requester then sends " +
          "`accept_counter` (the order is accepted at that price) or `cancel` (withdraws). Completing a waste order also takes the transfer note's parts: " +
          "`hierarchy_declaration` and `place` from the seller (the transferor), `carrier` from whoever carries the waste (the buyer " +
          "on collection and buyer_transport, the seller on delivery); the second confirmation issues the note.",
        access: "member",
        body: orderTransitionSchema,
        answers: { 200: movedOrder },
        errors: {
          400:
            "Invalid input: a counter without `price_cents` or outside the offer and the asking price; on a waste order, " +
            "`errors` names each part of the transfer note the caller owes and left out.",
          403: "The move belongs to the other party.",
          404: NO_ORDER,
          409: "The order's state does not allow the move, or a party of a waste order has no organisation.",
        },
      },
    },
  },
  {
    path: "/api/orders/{id}/messages",
    params: { id: pathIdSchema },
    operations: {
      get: {
        summary: "The two parties' thread, oldest first.",
        access: "member",
        answers: { 200: successAnswer({ data: z.object({ messages: z.array(orderMessageViewSchema) }) }) },
        errors: { 404: NO_ORDER },
      },
      post: {
        summary: "Writes in the thread.",
        access: "member",
        body: orderMessageSchema,
        answers: { 201: successAnswer({ data: z.object({ message: orderMessageViewSchema }) }) },
        errors: { 404: NO_ORDER, 429: "Rate limited (Retry-After)." },
      },
    },
  },
  {
    path: "/api/orders/{id}/reviews",
    params: { id: pathIdSchema },
    operations: {
      post: {
        summary: "Reviews the other party, once, after completion.",
        access: "member",
        body: reviewSchema,
        answers: { 201: successAnswer({ data: z.object({ review: reviewViewSchema }), message: z.string() }) },
        errors: { 404: NO_ORDER, 409: "Not completed, or already reviewed." },
      },
    },
  },
  {
    path: "/api/cart",
    operations: {
      get: { summary: "The caller's cart, by seller.", access: "member", answers: { 200: cart } },
      put: {
        summary: "Sets a cart line's quantity (0 removes it).",
        access: "member",
        body: cartLineSchema,
        answers: { 200: successAnswer({ message: z.string(), data: z.object({ cart: cartViewSchema }) }) },
        errors: {
          403: "The caller's own listing, or a block.",
          404: "No such listing.",
          409: "Not enough left, or not orderable.",
        },
      },
    },
  },
  {
    path: "/api/cart/checkout",
    operations: {
      post: {
        summary: "One order request per cart line, all or none.",
        access: "member",
        body: checkoutSchema,
        answers: { 201: successAnswer({ message: z.string(), data: z.object({ orders: z.array(orderViewSchema) }) }) },
        errors: { 409: "A line cannot be ordered as it is (a waste listing needs the caller's organisation)." },
      },
    },
  },
];
