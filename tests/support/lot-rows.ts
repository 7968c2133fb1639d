import { withDatabase } from "./database";
import { countRegisterChange } from "./factories";
import { noteParty } from "./transfer-note-draft";
import type { TestServer } from "./server";

/**
 * A waste load handed over, written straight into a test server's database as the completing
 * transaction writes it: the transfer note, and the lot it gives its transferee (named by the
 * note), its parent's weight left lowered when the order's listing was made from a lot. Issuing
 * notes has tests of its own; this arranges a chain for the lots' API and pages.
 */

const party = noteParty;

export function handOverRows(
  server: TestServer,
  from: { id: number; name: string },
  to: { id: number; name: string },
  { weightKg, listingId, codes = ["200101"] }: { weightKg: number; listingId?: number; codes?: string[] },
) {
  return withDatabase(server, (db) =>
    db.transaction(() => {
      const now = Date.now();
      // The next number of the year from transfer_note_numbers, as issuing takes it, so notes other
      // factories write beside these never share a number.
      const year = new Date(now).getUTCFullYear();
      const { last } = db
        .prepare(
          "INSERT INTO transfer_note_numbers (year, last) VALUES (?, 1) ON CONFLICT (year) DO UPDATE SET last = transfer_note_numbers.last + 1 RETURNING last",
        )
        .get(year) as { last: number };
      const number = `CH-${year}-${String(last).padStart(6, "0")}`;
      const waste = {
        ewc_codes: codes.map((code) => ({ code, description: "Paper and cardboard packaging" })),
        description: "Baled paper",
        physical_form: "Solid",
        container_type: "BAL",
        containers: 1,
        quantity: weightKg,
        unit: "kg",
        weight_kg: weightKg,
        weight_is_estimate: false,
      };
      const carrier = {
        name: to.name,
        registration_number: "CBDU123456",
        reason_for_no_registration: null,
        means_of_transport: "Road",
        vehicle_registration: null,
      };
      const noteId = db
        .prepare(
          `INSERT INTO transfer_notes (number, transferor_id, transferee_id, issued_at, transferred_at, place, transferor, transferee,
             carrier, waste, hierarchy_declaration, signatures, retain_until, weight_kg)
           VALUES (?, ?, ?, ?, ?, 'Leeds', ?, ?, ?, ?, 1, '[]', ?, ?)`,
        )
        .run(
          number,
          from.id,
          to.id,
          now,
          now,
          JSON.stringify(party(from.id, from.name)),
          JSON.stringify(party(to.id, to.name)),
          JSON.stringify(carrier),
          JSON.stringify(waste),
          now + 2 * 365 * 86_400_000,
          weightKg,
        ).lastInsertRowid as number;
      for (const member of [from.id, to.id]) countRegisterChange(db, member);
      const parent = listingId
        ? (db
            .prepare(
              "SELECT lots.id, lots.path FROM listing_lots JOIN lots ON lots.id = listing_lots.lot_id WHERE listing_id = ?",
            )
            .get(listingId) as { id: number; path: string } | undefined)
        : undefined;
      if (listingId) {
        db.prepare("UPDATE listings SET quantity_left = max(quantity_left - ?, 0) WHERE id = ?").run(weightKg, listingId);
      }
      if (parent) {
        db.prepare(
          `UPDATE lots SET weight_left_kg = round(weight_left_kg - ?, 3),
             state = CASE WHEN round(weight_left_kg - ?, 3) <= 0 THEN 'closed' ELSE 'open' END WHERE id = ?`,
        ).run(weightKg, weightKg, parent.id);
      }
      const lotId = db
        .prepare(
          `INSERT INTO lots (holder_id, material, ewc_codes, weight_kg, weight_left_kg, parent_lot_id, path, note_id)
           VALUES (?, 'paper', ?, ?, ?, ?, '', ?)`,
        )
        .run(to.id, JSON.stringify(codes), weightKg, weightKg, parent?.id ?? null, noteId).lastInsertRowid as number;
      db.prepare("UPDATE lots SET path = ? WHERE id = ?").run(`${parent?.path ?? "/"}${lotId}/`, lotId);
      db.prepare("UPDATE transfer_notes SET lot_id = ? WHERE id = ?").run(lotId, noteId);
      return { noteId, number, lotId };
    })(),
  );
}
