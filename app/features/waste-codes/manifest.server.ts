import type { FeatureManifest } from "~/services/features.server";

/** The List of Waste is fixed reference data shipped with the build: nothing of a member's, no jobs. */
export const wasteCodesManifest: FeatureManifest = { name: "waste-codes" };
