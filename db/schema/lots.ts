/** Lots: one load through several hands, each hand-over a lot of the weight received, each treatment an operation. */
import { sql } from "drizzle-orm";
import { check, index, integer, real, sqliteTable, text, uniqueIndex, type AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import { MATERIALS, type Material } from "../exchange-values";
import { LOT_STATES, OPERATION_CODES, type LotState, type OperationCode } from "../waste-values";
import { createdAt, oneOf } from "./columns";
import { listings } from "./exchange";
import { users } from "./members";
import { transferNotes } from "./transfer-notes";

/**
 * What a transfer note gave its transferee: the weight received, and what is left of it after
 * onward hand-overs (listings made from the lot) and the operations the holder recorded. A lot
 * made from a listing of another lot names that lot as its parent. `path` is the chain from the
 * first lot down to this one ("/12/40/57/"): a lot's ancestors are the ids on its path, its
 * descendants the lots whose path starts with it, each read through one index range.
 */
export const lots = sqliteTable(
  "lots",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    holderId: integer("holder_id")
      .notNull()
      .references(() => users.id),
    material: text("material", { enum: MATERIALS }).$type<Material>().notNull(),
    /** The codes as the note named them: a JSON array of six-digit codes. */
    ewcCodes: text("ewc_codes", { mode: "json" }).$type<string[]>().notNull(),
    weightKg: real("weight_kg").notNull(),
    weightLeftKg: real("weight_left_kg").notNull(),
    state: text("state", { enum: LOT_STATES }).$type<LotState>().notNull().default("open"),
    parentLotId: integer("parent_lot_id").references((): AnySQLiteColumn => lots.id),
    path: text("path").notNull(),
    /** The note that gave it; null once that note was swept at the end of its retention. */
    noteId: integer("note_id").references(() => transferNotes.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (table) => [
    oneOf("lots_state_check", table.state, LOT_STATES),
    check("lots_weight_check", sql`${table.weightKg} > 0`),
    check("lots_weight_left_check", sql`${table.weightLeftKg} >= 0 and ${table.weightLeftKg} <= ${table.weightKg}`),
    index("lots_holder_state_created_idx").on(table.holderId, table.state, table.createdAt, table.id),
    index("lots_path_idx").on(table.path),
    index("lots_parent_idx").on(table.parentLotId),
    uniqueIndex("lots_note_idx").on(table.noteId),
  ],
);

/** What a holder did with part of a lot: an R or D operation on a weight, on a day. */
export const lotOperations = sqliteTable(
  "lot_operations",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    lotId: integer("lot_id")
      .notNull()
      .references(() => lots.id, { onDelete: "cascade" }),
    code: text("code", { enum: OPERATION_CODES }).$type<OperationCode>().notNull(),
    weightKg: real("weight_kg").notNull(),
    /** The day it was done, YYYY-MM-DD. */
    date: text("date").notNull(),
    /** Whether the code fixes the weight's fate (every code but R12, R13, D13, D14, D15). */
    final: integer("final", { mode: "boolean" }).notNull(),
    recordedBy: integer("recorded_by")
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (table) => [
    oneOf("lot_operations_code_check", table.code, OPERATION_CODES),
    check("lot_operations_weight_check", sql`${table.weightKg} > 0`),
    index("lot_operations_lot_idx").on(table.lotId, table.date, table.id),
  ],
);

/** A listing made from a lot: its quantity comes out of the lot's weight left when its order completes. */
export const listingLots = sqliteTable(
  "listing_lots",
  {
    listingId: integer("listing_id")
      .primaryKey()
      .references(() => listings.id, { onDelete: "cascade" }),
    lotId: integer("lot_id")
      .notNull()
      .references(() => lots.id),
  },
  (table) => [index("listing_lots_lot_idx").on(table.lotId)],
);

export type Lot = typeof lots.$inferSelect;
export type LotOperation = typeof lotOperations.$inferSelect;
