import { accountManifest } from "~/features/account/manifest.server";
import { apiDocumentManifest } from "~/features/api-document/manifest.server";
import { authManifest } from "~/features/auth/manifest.server";
import { badgesManifest } from "~/features/badges/manifest.server";
import { communityManifest } from "~/features/community/manifest.server";
import { educationManifest } from "~/features/education/manifest.server";
import { eventsManifest } from "~/features/events/manifest.server";
import { enquiriesManifest } from "~/features/enquiries/manifest.server";
import { exchangeManifest } from "~/features/exchange/manifest.server";
import { impactManifest } from "~/features/impact/manifest.server";
import { lotsManifest } from "~/features/lots/manifest.server";
import { marketplaceManifest } from "~/features/marketplace/manifest.server";
import { moderationManifest } from "~/features/moderation/manifest.server";
import { organisationManifest } from "~/features/organisation/manifest.server";
import { notificationsManifest } from "~/features/notifications/manifest.server";
import { profileManifest } from "~/features/profile/manifest.server";
import { savedSearchesManifest } from "~/features/saved-searches/manifest.server";
import { searchManifest } from "~/features/search/manifest.server";
import { siteManifest } from "~/features/site/manifest.server";
import { transferNotesManifest } from "~/features/transfer-notes/manifest.server";
import { wasteCodesManifest } from "~/features/waste-codes/manifest.server";
import { registerFeatures, type FeatureManifest } from "~/services/features.server";

/**
 * Every feature's manifest (docs/decisions/035-feature-manifests.md), in the feature order: the
 * ones others build on first. The export, the deletion, moderation and the job runner read them
 * through app/services/features.server.ts, so none of them imports the features.
 */
export const FEATURE_MANIFESTS: readonly FeatureManifest[] = [
  wasteCodesManifest,
  authManifest,
  organisationManifest,
  notificationsManifest,
  moderationManifest,
  communityManifest,
  exchangeManifest,
  enquiriesManifest,
  savedSearchesManifest,
  transferNotesManifest,
  lotsManifest,
  impactManifest,
  eventsManifest,
  badgesManifest,
  educationManifest,
  marketplaceManifest,
  profileManifest,
  accountManifest,
  searchManifest,
  siteManifest,
  apiDocumentManifest,
];

/** Registers every feature, as the server starts (and a unit test's setup with it). */
export function registerAllFeatures() {
  registerFeatures(FEATURE_MANIFESTS);
}
