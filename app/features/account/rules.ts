import type { BlockingOrder } from "./wire";

/** The rules of deleting an account, in plain values (unit-tested without a database). */

// Below the features, as sign-up refuses it too; the deletion writes it.
export { DELETED_MEMBER_NAME } from "~/vocabulary/members";

/** A placeholder address, unique to the account, on a reserved domain no mail reaches, so the old address can register again. */
export const deletedEmailOf = (userId: number, nonce: string) => `deleted-${userId}-${nonce}@deleted.invalid`;

/** What stops a deletion: the other party relies on an accepted order that is not finished yet. */
export function blockingOrderMessage(order: BlockingOrder) {
  return `Your order #${order.id} for ${order.title} is accepted and not completed yet: complete or cancel it first.`;
}

/** What stops the last admin who can act from deleting their account: the instance would have none. */
export const LAST_ADMIN_DELETING = "You are the only admin: make another member admin before deleting your account.";

/** The reason written on each request still waiting for an answer when its party deletes the account. */
export const DELETED_ACCOUNT_REASON = "The member deleted their account.";

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
