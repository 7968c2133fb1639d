import { listings, users } from "../../db/schema";
import type { Viewer } from "~/services/access.server";
import { insertTransferNote } from "~/features/transfer-notes/store/notes.server";
import { getDb, transaction } from "~/services/database/db.server";
import { noteDraft, type NoteFields } from "./transfer-note-draft";

/**
 * Members and listings written straight into the unit tests' database (tests/support/unit-setup.ts
 * gives each test file its own). A listing is three office chairs unless told otherwise.
 */

let memberCount = 0;

export async function addMember(username: string): Promise<Viewer> {
  const [{ id }] = await getDb()
    .insert(users)
    .values({ username, email: `${username.toLowerCase()}-${++memberCount}@example.org`, passwordHash: "!" })
    .returning({ id: users.id })
    .all();
  return { id, userType: "user" };
}

export async function addListing(owner: Viewer, fields: Partial<typeof listings.$inferInsert> = {}) {
  const quantity = fields.quantity ?? 3;
  const [{ id }] = await getDb()
    .insert(listings)
    .values({
      sellerId: owner.id,
      kind: "sale",
      title: "Office chairs",
      description: "Sound chairs from a refit.",
      category: "furniture",
      material: "mixed",
      condition: "used",
      unit: "piece",
      weightPerUnitKg: 12.5,
      priceCents: 2500,
      handover: "collection",
      quantityLeft: quantity,
      ...fields,
      quantity,
    })
    .returning({ id: listings.id })
    .all();
  return id;
}

/** A complete transfer note written as issuing one does (insertTransferNote, in a transaction): its id and number. */
export async function addTransferNote(fields: NoteFields) {
  return transaction((tx) => insertTransferNote(tx, noteDraft(fields)));
}
