/** A member's business identity: what a waste transfer note names for them. */
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";
import { users } from "./members";

/** One a member at most, written whole by each save; a member without one trades only non-waste goods. */
export const organisations = sqliteTable("organisations", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  legalName: text("legal_name").notNull(),
  address: text("address").notNull(),
  postcode: text("postcode").notNull(),
  /** ISO 3166 alpha-2. */
  country: text("country").notNull(),
  /** SIC 2007, five digits. */
  sicCode: text("sic_code").notNull(),
  /** A JSON array of the roles, in their fixed order. */
  roles: text("roles", { mode: "json" }).$type<string[]>().notNull(),
  carrierRegistration: text("carrier_registration"),
  permitNumber: text("permit_number"),
  exemptionReference: text("exemption_reference"),
  siteName: text("site_name"),
  createdAt: createdAt(),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
});
