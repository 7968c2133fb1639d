import { describe, expect, it } from "vitest";
import type { ListingCardView } from "~/features/exchange/wire";
import { cardListing } from "./listing-parts";

const listing: ListingCardView = {
  id: 41,
  kind: "sale",
  title: "Oak offcuts",
  description: "Kiln-dried offcuts from a joinery.",
  category: "wood",
  material: "wood",
  condition: "used",
  quantity: 40,
  unit: "kg",
  weight_per_unit_kg: null,
  price_cents: 250,
  location: "Leeds",
  handover: "collection",
  ewc_codes: null,
  waste_description: null,
  physical_form: null,
  container_type: null,
  containers: null,
  seller: { id: 7, username: "joinery", rating: 4.5, reviews_count: 2 },
  quantity_left: 30,
  status: "active",
  is_sample: false,
  photos: [
    { url: "/media/a.webp", mime_type: "image/webp" },
    { url: "/media/b.webp", mime_type: "image/webp" },
  ],
  created_at: "2026-11-20T10:00:00.000Z",
  updated_at: "2026-11-21T10:00:00.000Z",
  is_hidden: false,
  distance_km: 3.2,
};

describe("cardListing", () => {
  it("sends a member's page only what the card shows: no stock, condition or hand-over, one photo", () => {
    expect(cardListing(listing)).toEqual({
      id: 41,
      kind: "sale",
      title: "Oak offcuts",
      description: "Kiln-dried offcuts from a joinery.",
      category: "wood",
      quantity_left: 30,
      unit: "kg",
      price_cents: 250,
      location: "Leeds",
      created_at: "2026-11-20T10:00:00.000Z",
      photos: [{ url: "/media/a.webp", mime_type: "image/webp" }],
      is_sample: false,
      distance_km: 3.2,
      seller: { id: 7, username: "joinery", rating: 4.5, reviews_count: 2 },
    });
  });

  it("adds nothing to a visitor's listing: no member id, no sample mark", () => {
    const { is_sample: _sample, seller, ...rest } = listing;
    const card = cardListing({ ...rest, seller: { username: seller.username, rating: null, reviews_count: 0 } });
    expect(card.seller).toEqual({ username: "joinery", rating: null, reviews_count: 0 });
    expect(Object.keys(card)).not.toContain("is_sample");
  });
});
