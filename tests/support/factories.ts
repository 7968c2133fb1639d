import { expect } from "vitest";
import { withDatabase } from "./database";
import { api, type TestServer } from "./server";

/**
 * What integration tests make over and over, made one way. A member comes from `registerMember`
 * (server.ts), an admin from `registerAdmin` (moderation.ts).
 */

/** A listing's columns, as the listings table names them. */
export type ListingColumns = {
  kind?: "sale" | "free" | "wanted";
  title?: string;
  description?: string;
  category?: string;
  material?: string;
  condition?: string;
  quantity?: number;
  unit?: "piece" | "kg" | "t";
  weight_per_unit_kg?: number | null;
  price_cents?: number;
  quantity_left?: number;
  location?: string;
  handover?: "collection" | "delivery" | "buyer_transport";
  status?: "active" | "paused" | "closed";
  is_sample?: number;
  /** A waste listing's codes as the column holds them: JSON text, like '["150101"]'. */
  ewc_codes?: string | null;
  waste_description?: string | null;
  physical_form?: string | null;
  container_type?: string | null;
  containers?: number | null;
};

/**
 * A listing written straight into the server's database, as the listings module stores it (the
 * listings API has tests of its own): three office chairs in Leeds at 25.00 unless told otherwise.
 * A column given as undefined is left to the table's default.
 */
export function addListing(server: TestServer, sellerId: number, columns: ListingColumns = {}): number {
  const quantity = columns.quantity ?? 3;
  const unit = columns.unit ?? "piece";
  const row: Record<string, unknown> = {
    seller_id: sellerId,
    kind: "sale",
    title: "Office chairs",
    description: "Sound chairs from a refit.",
    category: "furniture",
    material: "mixed",
    condition: "used",
    unit,
    weight_per_unit_kg: unit === "piece" ? 12.5 : null,
    price_cents: 2500,
    location: "Leeds",
    handover: "collection",
    status: "active",
    is_sample: 0,
    ...columns,
    quantity,
    quantity_left: columns.quantity_left ?? quantity,
  };
  const names = Object.keys(row).filter((name) => row[name] !== undefined);
  return withDatabase(
    server,
    (db) =>
      db
        .prepare(`INSERT INTO listings (${names.join(", ")}) VALUES (${names.map(() => "?").join(", ")})`)
        .run(...names.map((name) => row[name])).lastInsertRowid as number,
  );
}

/** A post published through the API by the member (its answer must be 201). */
export async function publishPost(
  server: TestServer,
  author: { token: string; address?: string },
  fields: Record<string, unknown> = {},
) {
  const response = await api(server, "/api/posts", {
    method: "POST",
    token: author.token,
    body: {
      title: "Crate library for the market",
      content: "We lend reusable crates to traders.",
      category: "recycling",
      ...fields,
    },
    headers: author.address ? { "x-forwarded-for": author.address } : {},
  });
  expect(response.status).toBe(201);
  return response.json.data.post as { id: number; title: string; media_urls: string[] };
}

/** An order the buyer requests through the API (its answer must be 201): the order as answered. */
export async function requestOrder(
  server: TestServer,
  buyer: { token: string; address?: string },
  listingId: number,
  fields: { quantity?: number; message?: string; handover?: string } = {},
) {
  const response = await api(server, "/api/orders", {
    method: "POST",
    token: buyer.token,
    body: { listing_id: listingId, quantity: 1, ...fields },
    headers: buyer.address ? { "x-forwarded-for": buyer.address } : {},
  });
  expect(response.status).toBe(201);
  return response.json.data.order as { id: number; state: string };
}
