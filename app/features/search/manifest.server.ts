import type { FeatureManifest } from "~/services/features.server";

/** One search reads the other features' searches; it keeps nothing of its own and runs nothing. */
export const searchManifest: FeatureManifest = { name: "search" };
