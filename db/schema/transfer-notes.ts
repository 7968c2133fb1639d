/** The waste trade's paper trail: the duty-of-care transfer note each completed waste order issues. */
import { sql } from "drizzle-orm";
import { check, index, integer, real, sqliteTable, text, uniqueIndex, type AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import type { NoteParty, NoteSignature, NoteWaste, TransferCarrier } from "../waste-values";
import { createdAt } from "./columns";
import { orders } from "./exchange";
import { users } from "./members";

/**
 * Transfer notes: each an immutable snapshot of everything the UK duty of care asks of a waste
 * transfer, written in the transaction that completes the order and never updated (a wrong one
 * is replaced by a new note naming it). Kept until `retain_until`, two years after the transfer,
 * whatever happens to the parties' accounts: the member columns are who may read it, the
 * snapshots are what it says.
 */
export const transferNotes = sqliteTable(
  "transfer_notes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** CH-YYYY-NNNNNN, from transfer_note_numbers: unique and never reused, even after a note is swept. */
    number: text("number").notNull().unique(),
    orderId: integer("order_id").references(() => orders.id, { onDelete: "set null" }),
    /** The order's seller, who handed the waste over. */
    transferorId: integer("transferor_id")
      .notNull()
      .references(() => users.id),
    /** The order's buyer, who took it. */
    transfereeId: integer("transferee_id")
      .notNull()
      .references(() => users.id),
    issuedAt: integer("issued_at", { mode: "timestamp_ms" }).notNull(),
    /** When the waste changed hands: the second confirmation of completion. */
    transferredAt: integer("transferred_at", { mode: "timestamp_ms" }).notNull(),
    place: text("place").notNull(),
    transferor: text("transferor", { mode: "json" }).$type<NoteParty>().notNull(),
    transferee: text("transferee", { mode: "json" }).$type<NoteParty>().notNull(),
    carrier: text("carrier", { mode: "json" }).$type<TransferCarrier>().notNull(),
    waste: text("waste", { mode: "json" }).$type<NoteWaste>().notNull(),
    hierarchyDeclaration: integer("hierarchy_declaration", { mode: "boolean" }).notNull(),
    signatures: text("signatures", { mode: "json" }).$type<NoteSignature[]>().notNull(),
    retainUntil: integer("retain_until", { mode: "timestamp_ms" }).notNull(),
    /** The note this one corrects; that note stays as it was, and reads as replaced. */
    replacesNoteId: integer("replaces_note_id").references((): AnySQLiteColumn => transferNotes.id, {
      onDelete: "set null",
    }),
    /** The lot the transferee received (a later capability); null until lots exist. */
    lotId: integer("lot_id"),
    /** The note's total weight in kg, again as a column: the register's totals sum it. */
    weightKg: real("weight_kg").notNull(),
    createdAt: createdAt(),
  },
  // Each party reads their register newest first; the sweep reads by retain_until.
  (table) => [
    check("transfer_notes_parties_check", sql`${table.transferorId} <> ${table.transfereeId}`),
    // One original note an order; corrections name the note they replace.
    uniqueIndex("transfer_notes_order_idx")
      .on(table.orderId)
      .where(sql`${table.replacesNoteId} is null`),
    uniqueIndex("transfer_notes_replaces_idx").on(table.replacesNoteId),
    index("transfer_notes_transferor_idx").on(table.transferorId, table.transferredAt, table.id),
    index("transfer_notes_transferee_idx").on(table.transfereeId, table.transferredAt, table.id),
    index("transfer_notes_retain_idx").on(table.retainUntil),
  ],
);

/** The codes a note names, one row each: the register's totals by code read them. */
export const transferNoteCodes = sqliteTable(
  "transfer_note_codes",
  {
    noteId: integer("note_id")
      .notNull()
      .references(() => transferNotes.id, { onDelete: "cascade" }),
    code: text("code").notNull(),
  },
  (table) => [uniqueIndex("transfer_note_codes_note_code_idx").on(table.noteId, table.code)],
);

/** The last number issued each year: a note's number is never reused, even once the note is swept. */
export const transferNoteNumbers = sqliteTable("transfer_note_numbers", {
  year: integer("year").primaryKey(),
  last: integer("last").notNull(),
});

/**
 * How many times each member's register of notes changed: a note issued with them as a party,
 * or swept. The register's totals, summed once, are kept while the count stays the same.
 * A member without a row has a count of 0.
 */
export const transferNoteRegisters = sqliteTable("transfer_note_registers", {
  memberId: integer("member_id")
    .primaryKey()
    .references(() => users.id),
  changes: integer("changes").notNull(),
});

export type TransferNote = typeof transferNotes.$inferSelect;
