import { organisationOf, saveOrganisation, verifiedOrganisationOf } from "./store/organisation.server";
import type { OrganisationInput } from "./schemas";

/** A member's business identity: read by its owner, replaced whole by them, shown publicly once an admin verified them. */

export async function memberOrganisation(memberId: number) {
  return organisationOf(memberId);
}

export async function replaceOrganisation(memberId: number, input: OrganisationInput) {
  return saveOrganisation(memberId, input);
}

/** The business details a member's public page shows: only an admin-verified member's. */
export async function publicBusinessDetails(memberId: number) {
  return verifiedOrganisationOf(memberId);
}
