/**
 * Why a member's sessions were ended, as the sign-in page tells the device that was signed out.
 * The database checks the values (db/schema/); app/lib/signed-out.ts gives them their sentences.
 * Plain values only, so the browser may import them.
 */
export const SIGNED_OUT_REASONS = ["password-changed", "signed-out-everywhere", "ended-elsewhere", "suspended"] as const;
export type SignedOutReason = (typeof SIGNED_OUT_REASONS)[number];
