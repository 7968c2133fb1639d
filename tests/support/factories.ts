import { expect } from "vitest";
import { pointColumns } from "~/services/places/gazetteer.server";
import { withDatabase, type TestDatabase } from "./database";
import { api, type TestServer } from "./server";
import { noteDraft, type NoteFields } from "./transfer-note-draft";

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
  // Placed on the map as the listings store places a location it writes.
  Object.assign(row, pointColumns(row.location as string | undefined));
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

/**
 * A complete transfer note written straight into the server's database as issuing one writes it
 * (the next number of its year from transfer_note_numbers, its codes in transfer_note_codes):
 * its id and number. Issuing at an order's completion has tests of its own.
 */
export function addTransferNote(server: TestServer, fields: NoteFields): { id: number; number: string } {
  const draft = noteDraft(fields);
  return withDatabase(server, (db) =>
    db.transaction(() => {
      const year = draft.issuedAt.getUTCFullYear();
      const { last } = db
        .prepare(
          "INSERT INTO transfer_note_numbers (year, last) VALUES (?, 1) ON CONFLICT (year) DO UPDATE SET last = transfer_note_numbers.last + 1 RETURNING last",
        )
        .get(year) as { last: number };
      const number = `CH-${year}-${String(last).padStart(6, "0")}`;
      const id = db
        .prepare(
          `INSERT INTO transfer_notes (number, order_id, transferor_id, transferee_id, issued_at, transferred_at, place,
            transferor, transferee, carrier, waste, hierarchy_declaration, signatures, retain_until, replaces_note_id, weight_kg)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          number,
          draft.orderId,
          draft.transferorId,
          draft.transfereeId,
          draft.issuedAt.getTime(),
          draft.transferredAt.getTime(),
          draft.place,
          JSON.stringify(draft.transferor),
          JSON.stringify(draft.transferee),
          JSON.stringify(draft.carrier),
          JSON.stringify(draft.waste),
          draft.hierarchyDeclaration ? 1 : 0,
          JSON.stringify(draft.signatures),
          draft.retainUntil.getTime(),
          draft.replacesNoteId,
          draft.waste.weight_kg,
        ).lastInsertRowid as number;
      const codes = new Set(draft.waste.ewc_codes.map((entry) => entry.code));
      for (const code of codes) db.prepare("INSERT INTO transfer_note_codes (note_id, code) VALUES (?, ?)").run(id, code);
      for (const member of [draft.transferorId, draft.transfereeId]) countRegisterChange(db, member);
      return { id, number };
    })(),
  );
}

/** One more change of a member's register of notes, as issuing or sweeping a note counts it. */
export function countRegisterChange(db: TestDatabase, memberId: number) {
  db.prepare(
    `INSERT INTO transfer_note_registers (member_id, changes) VALUES (?, 1)
      ON CONFLICT (member_id) DO UPDATE SET changes = transfer_note_registers.changes + 1`,
  ).run(memberId);
}
