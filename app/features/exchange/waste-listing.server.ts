import { findWasteCode } from "~/features/waste-codes/codes.server";
import { displayWasteCode, HAZARDOUS_WASTE_MESSAGE } from "~/features/waste-codes/vocabulary";
import { memberOrganisation } from "~/features/organisation/organisation.server";
import { refuse } from "~/lib/forms";
import { ORGANISATION_NEEDED } from "./vocabulary";
import { MAX_WASTE_CODES } from "../../../db/waste-values";

/**
 * The rules of a waste listing that need the List of Waste or the member's organisation, which
 * the schema (schemas.ts, also read by the browser) cannot reach: every code is on the list and
 * none is hazardous, and only a member with an organisation publishes one or orders from one
 * (a transfer note names both parties' businesses).
 */

/** A refusal of codes not on the list or hazardous, naming `ewc_codes`; null when every code is fine. */
export function wasteCodesRefusal(codes: string[] | null) {
  for (const code of codes ?? []) {
    const found = findWasteCode(code);
    if (!found) {
      const message = `${displayWasteCode(code)} is not a code of the List of Waste`;
      return refuse("invalid", message, { ewc_codes: message });
    }
    // A starred code needs a consignment note, not the plain transfer note the platform issues.
    if (found.hazardous) return refuse("invalid", HAZARDOUS_WASTE_MESSAGE, { ewc_codes: HAZARDOUS_WASTE_MESSAGE });
  }
  return null;
}

/** Refused (409) when the member has no organisation's details yet; null when they have. */
export async function organisationRefusal(memberId: number) {
  return (await memberOrganisation(memberId)) ? null : refuse("conflict", ORGANISATION_NEEDED);
}

/** A listing's codes as the API and the pages show them, each with its description. */
export function wasteCodesView(codes: string[] | null) {
  return (
    codes?.map((code) => ({
      code,
      display_code: displayWasteCode(code),
      description: findWasteCode(code)?.description ?? "",
    })) ?? null
  );
}

/** The codes a listing form carries as text ("200101,150101"), as its page shows them; codes not on the list left out. */
export function chosenWasteCodes(text: string | null | undefined) {
  const codes = [...new Set((text ?? "").split(",").map((code) => code.replace(/\s/g, "")))].filter((code) =>
    findWasteCode(code),
  );
  return wasteCodesView(codes.slice(0, MAX_WASTE_CODES)) ?? [];
}
