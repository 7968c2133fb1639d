import { and, eq } from "drizzle-orm";
import { organisations, users } from "../../../../db/schema";
import { getDb, type Db } from "~/services/database/db.server";
import type { Organisation, OrganisationInput, OrganisationRole } from "../schemas";

/** Members' organisations, as stored: one row a member, replaced whole by each save. */

function answer(row: typeof organisations.$inferSelect): Organisation {
  return {
    legal_name: row.legalName,
    address: row.address,
    postcode: row.postcode,
    country: row.country,
    sic_code: row.sicCode,
    roles: row.roles as OrganisationRole[],
    carrier_registration: row.carrierRegistration,
    permit_number: row.permitNumber,
    exemption_reference: row.exemptionReference,
    site_name: row.siteName,
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The member's organisation, or null before they first saved one. */
export async function organisationOf(memberId: number): Promise<Organisation | null> {
  const row = await getDb().select().from(organisations).where(eq(organisations.userId, memberId)).get();
  return row ? answer(row) : null;
}

/** The organisation of a member an admin verified; null for any other member. */
export async function verifiedOrganisationOf(memberId: number): Promise<Organisation | null> {
  const row = await getDb()
    .select({ organisation: organisations })
    .from(organisations)
    .innerJoin(users, eq(users.id, organisations.userId))
    .where(and(eq(organisations.userId, memberId), eq(users.isVerified, true)))
    .get();
  return row ? answer(row.organisation) : null;
}

/** Writes the member's organisation whole, creating it on the first save. */
export async function saveOrganisation(memberId: number, input: OrganisationInput, now = new Date()): Promise<Organisation> {
  const values = {
    legalName: input.legal_name,
    address: input.address,
    postcode: input.postcode,
    country: input.country,
    sicCode: input.sic_code,
    roles: input.roles,
    carrierRegistration: input.carrier_registration,
    permitNumber: input.permit_number,
    exemptionReference: input.exemption_reference,
    siteName: input.site_name,
    updatedAt: now,
  };
  const row = await getDb()
    .insert(organisations)
    .values({ userId: memberId, ...values })
    .onConflictDoUpdate({ target: organisations.userId, set: values })
    .returning()
    .get();
  return answer(row);
}

/** The member's organisation in their export, as the API answers it. */
export async function exportedOrganisation(memberId: number) {
  return organisationOf(memberId);
}

export async function eraseOrganisation(tx: Db, memberId: number) {
  await tx.delete(organisations).where(eq(organisations.userId, memberId)).run();
}
