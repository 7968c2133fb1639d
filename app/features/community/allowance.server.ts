import { checkPublishingRateLimit, publishingTooOftenMessage, type Publication } from "~/services/rate-limit.server";

/** A publication refused because the member has used up their hourly allowance. */
export type PublishingRefused = { ok: false; reason: "rate-limited"; message: string; retryAfterSeconds: number };

/**
 * Counts one publication (a post or a comment) against the member's allowance before it is
 * stored, so two at once cannot both take the last one; `giveBack` returns it when storing fails,
 * since only stored posts and comments count (decision 007).
 */
export async function takeAllowance(
  kind: Publication,
  userId: number,
): Promise<{ ok: true; giveBack: () => Promise<void> } | PublishingRefused> {
  const allowance = await checkPublishingRateLimit(kind, userId);
  if (allowance.allowed) return { ok: true, giveBack: allowance.release };
  const { retryAfterSeconds } = allowance;
  return { ok: false, reason: "rate-limited", message: publishingTooOftenMessage(kind, retryAfterSeconds), retryAfterSeconds };
}

/**
 * An upload refused for its size, type or number of files counts as one publication: reading it
 * cost the server as much as a stored one, so a member cannot send refused uploads without end.
 */
export async function countRefusedUpload(kind: Publication, userId: number) {
  await checkPublishingRateLimit(kind, userId);
}
