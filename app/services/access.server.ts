import { ROLES, type Role } from "../../db/schema";

/**
 * Who may see and change a thing. Every query that lists or reads members' content takes its
 * conditions from here, and every action that changes content asks here first, so a rule
 * (a hidden post, a blocked member, an admin's reach) is written once and holds everywhere.
 * What is not the viewer's to see answers exactly like a thing that does not exist.
 *
 * Two things do not pass through here yet, and moderation must decide them when it hides
 * anything: the counters stored on a post (comments_count counts every comment) and the files
 * under /media, served to anyone who has their unguessable name (decision 004).
 */

export { ROLES, type Role };

/** The member a rule is asked for: signed-in pages and API calls pass their session user. */
export type Viewer = { id: number; userType: Role };

/** A fragment of a WHERE clause with its parameters, for the raw SQL the feeds are written in. */
export type SqlCondition = { sql: string; params: unknown[] };

export const isRole = (value: unknown): value is Role => (ROLES as readonly unknown[]).includes(value);

export const hasRole = (viewer: Viewer, role: Role) => viewer.userType === role;

export const isAdmin = (viewer: Viewer) => hasRole(viewer, "admin");

/**
 * The conditions on `posts` (as `alias`) that keep a listing to what the viewer may see. Every
 * member sees every post today; moderation (hidden posts) and blocks add their conditions here,
 * and every feed, search, profile list and single-post read picks them up.
 */
export function visiblePostConditions(viewer: Viewer, alias = "p"): SqlCondition[] {
  void viewer;
  void alias;
  return [];
}

/**
 * The conditions on `post_comments` (as `alias`) that keep a post's comments to what the viewer
 * may see. Every member sees every comment on a post they may see today; moderation (hidden
 * comments) adds its conditions here.
 */
export function visibleCommentConditions(viewer: Viewer, alias = "c"): SqlCondition[] {
  void viewer;
  void alias;
  return [];
}

/** The conditions as a whole WHERE clause (empty for none). */
export const whereSql = (conditions: SqlCondition[]) =>
  conditions.length ? `WHERE ${conditions.map((condition) => condition.sql).join(" AND ")}` : "";

/** Conditions to splice after a WHERE clause's own: " AND a AND b" (empty for none). */
export const andSql = (conditions: SqlCondition[]) => conditions.map((condition) => ` AND ${condition.sql}`).join("");

/** The conditions' parameters, in the order their SQL names them. */
export const sqlParams = (conditions: SqlCondition[]) => conditions.flatMap((condition) => condition.params);

/**
 * A post's words, media and details: only its author edits or deletes it. An admin hides a post
 * through moderation instead, so nobody's words are rewritten or erased by someone else. Who may
 * see the post at all is visiblePostConditions': a member who cannot see it is answered as if it
 * did not exist, one who can but is not its author is refused.
 */
export function canChangePost(viewer: Viewer, post: { authorId: number }) {
  return post.authorId === viewer.id;
}

/** A comment: only its author edits or deletes it, as with posts. */
export function canChangeComment(viewer: Viewer, comment: { authorId: number }) {
  return comment.authorId === viewer.id;
}

/**
 * An order, its history, its messages and its parties' contact details: only its buyer and its
 * seller see them. Not even an admin reads an order, since it holds two members' private dealings.
 */
export function canSeeOrder(viewer: Viewer, order: { buyerId: number; sellerId: number }) {
  return order.buyerId === viewer.id || order.sellerId === viewer.id;
}

/**
 * The conditions on `listings` (as `alias`) that keep a search or a member's list of listings to
 * what the viewer may see. Every member sees every listing today (a paused or closed one too, by
 * its address; the search itself shows only active ones); moderation (hidden listings) and blocks
 * add their conditions here, and every listing read picks them up.
 */
export function visibleListingConditions(viewer: Viewer, alias = "l"): SqlCondition[] {
  void viewer;
  void alias;
  return [];
}

/** Whether the viewer may read one listing: the same rule as `visibleListingConditions`, for a row in hand. */
export function canSeeListing(viewer: Viewer, listing: { sellerId: number }) {
  void viewer;
  void listing;
  return true;
}

/**
 * A listing's fields, stock and status: only its owner changes them. An admin hides a listing
 * through moderation instead, so no member's offer is rewritten by someone else.
 */
export function canChangeListing(viewer: Viewer, listing: { sellerId: number }) {
  return listing.sellerId === viewer.id;
}

/**
 * A ledger entry (recorded, or one party's side of an order): only its member sees it. Not even
 * an admin reads another member's ledger, since it holds their business's figures.
 */
export function canSeeEntry(viewer: Viewer, entry: { memberId: number }) {
  return entry.memberId === viewer.id;
}
