import type { FeatureManifest } from "~/services/features.server";

/** Members' pages read other features' rows: the profile keeps nothing of its own. */
export const profileManifest: FeatureManifest = { name: "profile" };
