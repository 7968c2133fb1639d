import { bool } from "~/services/export-rows.server";
import type { FeatureManifest } from "~/services/features.server";
import { entryViewOf } from "./entries.server";
import { ledgerPages } from "./store/ledger-pages.server";
import { eraseImpactRows } from "./store/member-data.server";

/** The sums by day are kept by triggers from the entries (migration 0010). */
const SUMS_OF_ENTRIES = "sums of the member's entries by day, kept by triggers from impact_entries";

/** The impact ledger: the member's entries (a hundred thousand may be), and the days they were active. */
export const impactManifest: FeatureManifest = {
  name: "impact",
  exports: {
    handles: ["impact_entries.member_id"],
    leaves: {
      "impact_days.member_id": `${SUMS_OF_ENTRIES}: the export holds the entries themselves`,
      "impact_member_days.member_id": `${SUMS_OF_ENTRIES}: the export holds the entries themselves`,
      "activity_days.user_id": "the days the member did something, counted for Active Users; the export holds the doings",
    },
    // The ledger can hold 50 MB of JSON: sent a page at a time into its place.
    pages: {
      key: "impact_entries",
      reader: (id) => {
        const nextPage = ledgerPages(id, null);
        return async () =>
          (await nextPage()).map((row) =>
            entryViewOf({
              ...row,
              countsOnce: bool(row.countsOnce),
              createdAt: new Date(row.createdAt),
              updatedAt: new Date(row.updatedAt),
            }),
          );
      },
    },
  },
  erases: {
    handles: ["impact_entries.member_id", "activity_days.user_id"],
    leaves: {
      "impact_days.member_id": `${SUMS_OF_ENTRIES}: they follow the erased entries`,
      "impact_member_days.member_id": `${SUMS_OF_ENTRIES}: they follow the erased entries`,
    },
    erase: async (tx, id) => eraseImpactRows(tx, id),
  },
};
