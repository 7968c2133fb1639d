import type { FeatureManifest } from "~/services/features.server";
import { eraseOrganisation, exportedOrganisation } from "./store/organisation.server";

/** A member's business identity: in their export as they saved it, gone with their account. */
export const organisationManifest: FeatureManifest = {
  name: "organisation",
  exports: {
    handles: ["organisations.user_id"],
    sections: async (id) => ({ organisation: await exportedOrganisation(id) }),
  },
  erases: {
    handles: ["organisations.user_id"],
    erase: async (tx, id) => eraseOrganisation(tx, id),
  },
};
