import type { FeatureManifest } from "~/services/features.server";
import { exportedLots } from "./store/member-data.server";

/**
 * A lot is a link in a chain other holders rely on to know where their waste went, and its
 * operations are duty-of-care records: a member's deletion leaves them, the member shown by the
 * organisation named on the transfer notes.
 */
const KEPT_FOR_THE_CHAIN = "a link in the chain the other holders read, naming the business as its transfer note did";

/** Lots and their operations: in the holder's export; kept through a deletion for the chain. */
export const lotsManifest: FeatureManifest = {
  name: "lots",
  notificationTypes: ["lot_fate"],
  exports: {
    handles: ["lots.holder_id", "lot_operations.recorded_by"],
    sections: async (id) => ({ lots: await exportedLots(id) }),
  },
  erases: {
    handles: [],
    leaves: { "lots.holder_id": KEPT_FOR_THE_CHAIN, "lot_operations.recorded_by": KEPT_FOR_THE_CHAIN },
    erase: async () => {},
  },
};
