import type { FeatureManifest } from "~/services/features.server";

/** The API's reference document keeps nothing of its own and runs nothing. */
export const apiDocumentManifest: FeatureManifest = { name: "api-document" };
