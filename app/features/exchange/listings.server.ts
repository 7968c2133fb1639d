import type { Viewer } from "~/services/access.server";
import type { ListingDetail, ListingView } from "./wire";

/**
 * Listings: creating and changing them, reading one, searching them, and a member's own.
 * (Interface first; the bodies are being written.)
 */

/** One listing as the viewer sees it; null when it does not exist or is not theirs to see. */
export function getListing(viewer: Viewer, id: number): ListingDetail | null {
  void viewer;
  void id;
  throw new Error("getListing is not written yet");
}

/**
 * A member's listings, newest first: `open` keeps the active ones (their page), otherwise every
 * status (the owner's "my listings").
 */
export function listingsOf(
  viewer: Viewer,
  sellerId: number,
  options: { open: boolean; page: number; limit: number },
): { listings: ListingView[]; total: number } {
  void viewer;
  void sellerId;
  void options;
  throw new Error("listingsOf is not written yet");
}
