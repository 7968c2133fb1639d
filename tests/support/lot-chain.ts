import { eq, sql } from "drizzle-orm";
import { listings, orders } from "../../db/schema";
import type { NoteParty } from "../../db/waste-values";
import { transaction, getDb } from "~/services/database/db.server";
import type { Viewer } from "~/services/access.server";
import { insertTransferNote } from "~/features/transfer-notes/store/notes.server";
import { tellNoteIssued } from "~/features/transfer-notes/issued.server";
import { noteParty } from "./transfer-note-draft";
import { saveOrganisation } from "~/features/organisation/store/organisation.server";

/**
 * A waste load handed on in the unit tests' database as the completing transaction hands it on:
 * a completed order of the listing, its transfer note (insertTransferNote), and the handlers told
 * of it (tellNoteIssued), which give the transferee their lot.
 */

/** The member's business, as a note names it; `roles` decide whether they are a producer. */
export async function giveOrganisation(member: Viewer, legalName: string, roles = ["producer"]) {
  await saveOrganisation(member.id, {
    legal_name: legalName,
    address: "1 Mill Lane, Leeds",
    postcode: "LS1 4AP",
    country: "GB",
    sic_code: "38110",
    roles: roles as never,
    carrier_registration: null,
    permit_number: null,
    exemption_reference: null,
    site_name: null,
  } as never);
}

const party = (member: Viewer, legalName: string): NoteParty => noteParty(member.id, legalName);

/** A waste listing of `weightKg` kg, sold whole from `from` to `to`: the note issued, and the lot it gave `to`. */
export async function handOver(
  from: { member: Viewer; name: string },
  to: { member: Viewer; name: string },
  { listingId, weightKg, codes = ["200101"] }: { listingId?: number; weightKg: number; codes?: string[] },
) {
  const db = getDb();
  const listing =
    listingId ??
    (
      await db
        .insert(listings)
        .values({
          sellerId: from.member.id,
          kind: "sale",
          title: "Mixed paper and card",
          description: "Baled office paper.",
          category: "other",
          material: "paper",
          condition: "used",
          unit: "kg",
          priceCents: 0,
          handover: "collection",
          quantity: weightKg,
          quantityLeft: 0,
        })
        .returning({ id: listings.id })
        .get()
    ).id;
  const now = new Date();
  return transaction(async (tx) => {
    // Accepting the order took its quantity out of what the listing has left.
    await tx
      .update(listings)
      .set({ quantityLeft: sql`max(round(${listings.quantityLeft} - ${weightKg}, 3), 0)` })
      .where(eq(listings.id, listing))
      .run();
    const order = await tx
      .insert(orders)
      .values({
        listingId: listing,
        buyerId: to.member.id,
        sellerId: from.member.id,
        quantity: weightKg,
        unitPriceCents: 0,
        state: "completed",
        handover: "collection",
      })
      .returning({ id: orders.id })
      .get();
    const note = await insertTransferNote(tx, {
      orderId: order.id,
      transferorId: from.member.id,
      transfereeId: to.member.id,
      issuedAt: now,
      transferredAt: now,
      place: "Leeds",
      transferor: party(from.member, from.name),
      transferee: party(to.member, to.name),
      carrier: {
        name: to.name,
        registration_number: "CBDU123456",
        reason_for_no_registration: null,
        means_of_transport: "ROAD",
        vehicle_registration: null,
      },
      waste: {
        ewc_codes: codes.map((code) => ({ code, description: "Paper and cardboard" })),
        description: "Baled office paper",
        physical_form: "Solid",
        container_type: "BAL",
        containers: 1,
        quantity: weightKg,
        unit: "kg",
        weight_kg: weightKg,
        weight_is_estimate: false,
      },
      hierarchyDeclaration: true,
      signatures: [],
      retainUntil: new Date(now.getTime() + 2 * 365 * 86_400_000),
      replacesNoteId: null,
    });
    await tellNoteIssued(tx, {
      id: note.id,
      number: note.number,
      orderId: order.id,
      listingId: listing,
      transferorId: from.member.id,
      transfereeId: to.member.id,
      material: "paper",
      ewcCodes: codes,
      weightKg,
      transferredAt: now,
    });
    return { noteId: note.id, number: note.number, orderId: order.id };
  });
}
