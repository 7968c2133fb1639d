import type { ReviewView } from "./wire";

/**
 * Reviews: after an order completes each party may review the other once (1 to 5 stars and text).
 * (Interface first; the bodies are being written.)
 */

/** The reviews a member received, newest first. */
export function reviewsOf(memberId: number, options: { page: number; limit: number }): { reviews: ReviewView[]; total: number } {
  void memberId;
  void options;
  throw new Error("reviewsOf is not written yet");
}
