import type { FeatureManifest } from "~/services/features.server";

/** The product catalogue: nothing of it belongs to a member. */
export const marketplaceManifest: FeatureManifest = { name: "marketplace" };
