/** The rules of deleting an account, in plain values (unit-tested without a database). */

// Below the features, as sign-up refuses it too; the deletion writes it.
export { DELETED_MEMBER_NAME } from "~/vocabulary/members";
// What stops a deletion, and what a closed request says, belong to the features whose manifests
// decide them (app/features/<name>/manifest.server.ts); they are named here too, with the rest.
export { blockingOrderMessage, DELETED_ACCOUNT_REASON } from "~/features/exchange/order-states";
export { LAST_ADMIN_DELETING } from "~/features/moderation/rules";

/** A placeholder address, unique to the account, on a reserved domain no mail reaches, so the old address can register again. */
export const deletedEmailOf = (userId: number, nonce: string) => `deleted-${userId}-${nonce}@deleted.invalid`;

/** What the delete page states, in the words a member reads before they decide. */
export const WHAT_GOES = [
  "your profile: name, e-mail address, password, bio, phone, location, company and website",
  "your posts with their photos and videos, and the comments and likes others gave them",
  "your comments, likes, saved posts, shares and follows (whom you follow and who follows you)",
  "your listings that nobody ordered from, with their photos",
  "your cart, feed and notification preferences, notifications and impact ledger entries",
  "every session: you are signed out everywhere at once",
];

export const WHAT_STAYS = [
  "orders you took part in, with their messages and reviews, for the other party: they show you as “a deleted member”",
  "listings that have orders stay closed, so those orders keep what was ordered",
  "requests still waiting for an answer are declined or withdrawn, and the other party is told",
  "the other party's own ledger entries for your completed orders",
];
