import { keptForRequest } from "./request-scope.server";
import { and, eq, isNull, notInArray, or, sql, type SQL } from "drizzle-orm";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import { listings, postComments, posts, ROLES, type Role } from "../../db/schema";
import { statement, sqlText } from "./database/db.server";
import { keptRecentlyUsed } from "~/lib/recently-used";

/**
 * Who may see and change a thing. Every query that lists or reads members' content takes its
 * conditions from here, and every action that changes content asks here first, so a rule
 * (a hidden post, a blocked member, an admin's reach) is written once and holds everywhere.
 * What is not the viewer's to see answers exactly like a thing that does not exist.
 *
 * Moderators hide content (seesHidden decides who still sees it) and members block each other
 * (blockedIdsOf, blockedEitherWay); both are read from the database on each call, so they hold in
 * every process at once.
 */

export { ROLES, type Role };

/** The member a rule is asked for: signed-in pages and API calls pass their session user. */
export type Viewer = { id: number; userType: Role };

/**
 * The columns a visibility condition reads: the table itself or an alias of it (drizzle's
 * `alias(posts, "p")`), whose columns name the alias in the SQL.
 */
export type PostColumns = { authorId: AnySQLiteColumn; hiddenAt: AnySQLiteColumn };
export type CommentColumns = PostColumns;
export type ListingColumns = { sellerId: AnySQLiteColumn; hiddenAt: AnySQLiteColumn };

export const isRole = (value: unknown): value is Role => (ROLES as readonly unknown[]).includes(value);

export const hasRole = (viewer: Viewer, role: Role) => viewer.userType === role;

export const isAdmin = (viewer: Viewer) => hasRole(viewer, "admin");

/**
 * The one rule for content moderators hid: a hidden post, comment or listing is seen by its
 * author (owner) and by admins, and by nobody else. Every other rule below asks this one.
 */
export function seesHidden(viewer: Viewer, ownerId: number) {
  return viewer.id === ownerId || isAdmin(viewer);
}

/** At most this many members one member may block, so the condition that leaves them out stays small. */
export const MAX_BLOCKS = 1_000;

/**
 * The members the viewer blocked, lowest id first: the viewer sees nothing of theirs anywhere.
 * Read once per reading request (an indexed look-up of a few rows), never kept beyond it, so a
 * block holds at once in every process.
 */
export async function blockedIdsOf(viewerId: number): Promise<number[]> {
  // A page's loaders and a feed's queries each ask; one reading request reads it once.
  return keptForRequest(`blocked:${viewerId}`, async () =>
    (
      (await statement("SELECT blocked_id FROM blocks WHERE blocker_id = ? ORDER BY blocked_id").values(viewerId)) as [number][]
    ).map((row) => row[0]),
  );
}

/**
 * The same list as a column of the statement that reads the request's session (ids joined by
 * commas, NULL for none), for a member named by `memberIdColumn` there: through PostgreSQL each
 * statement is a round trip, and nearly every reading request asks for both.
 */
export const blockedIdsColumn = (memberIdColumn: string) =>
  `(SELECT string_agg(CAST(b.blocked_id AS TEXT), ',' ORDER BY b.blocked_id) FROM blocks b WHERE b.blocker_id = ${memberIdColumn})`;

/** Keeps for the request what blockedIdsColumn read, so that blockedIdsOf does not read it again. */
export function keepBlockedIds(viewerId: number, column: string | null) {
  void keptForRequest(`blocked:${viewerId}`, async () => (column ? column.split(",").map(Number) : []));
}

/** Whether either member blocked the other: then neither can message, order from, follow or notify the other. */
export async function blockedEitherWay(a: number, b: number): Promise<boolean> {
  return (
    (await statement(
      "SELECT 1 FROM blocks WHERE (blocker_id = ? AND blocked_id = ?) OR (blocker_id = ? AND blocked_id = ?) LIMIT 1",
    ).get(a, b, b, a)) !== undefined
  );
}

/**
 * Whether the viewer may see one post, comment or listing in hand: not one of a member they
 * blocked, and not hidden unless seesHidden says so. The SQL conditions below say the same for
 * lists; a unit test holds the two together. `blocked` is blockedIdsOf(viewer.id), read once by
 * the caller however many things it checks.
 */
export function canSeeContent(
  viewer: Viewer,
  thing: { ownerId: number; hiddenAt: Date | number | null },
  blocked: readonly number[],
) {
  if (blocked.includes(thing.ownerId)) return false;
  return thing.hiddenAt === null || seesHidden(viewer, thing.ownerId);
}

/**
 * Leaves out what the viewer blocked: the ids themselves, so viewers who blocked nobody share one
 * statement and one kept list.
 */
const notBlocked = (ownerColumn: AnySQLiteColumn, blocked: readonly number[]): SQL[] =>
  blocked.length ? [notInArray(ownerColumn, [...blocked])] : [];

/** Hidden rows only for their owner and admins (seesHidden, as SQL). */
function hiddenUnlessOwner(viewer: Viewer, hiddenAt: AnySQLiteColumn, ownerColumn: AnySQLiteColumn): SQL[] {
  if (isAdmin(viewer)) return [];
  return [or(isNull(hiddenAt), eq(ownerColumn, viewer.id))!];
}

/**
 * The conditions below, made once for each table (or alias) and what they are made of (the rule,
 * the viewer's id and role where the rule names them, the ids they blocked), the most recently
 * used MAX_KEPT_CONDITIONS of each table kept: the same objects for every request that needs the
 * same, so their text is made once too (conditionsKey). Building them and their text again was a
 * tenth of a feed's CPU. They are frozen: a caller adds its own conditions to a copy.
 */
const keptConditions = new WeakMap<object, Map<string, readonly SQL[]>>();
const MAX_KEPT_CONDITIONS = 1000;

function keptFor(table: object, key: string, make: () => SQL[]): readonly SQL[] {
  let kept = keptConditions.get(table);
  if (!kept) keptConditions.set(table, (kept = new Map()));
  return keptRecentlyUsed(kept, key, MAX_KEPT_CONDITIONS, () => Object.freeze(make()));
}

/** What hiddenUnlessOwner depends on of the viewer: admins all see the same. */
const ownerKey = (viewer: Viewer) => (isAdmin(viewer) ? "admin" : String(viewer.id));

/** Hidden rows only for their owner and admins, and nothing of a member the viewer blocked. */
async function visibleConditions(viewer: Viewer, table: object, hiddenAt: AnySQLiteColumn, ownerColumn: AnySQLiteColumn) {
  const blocked = await blockedIdsOf(viewer.id);
  return keptFor(table, `visible:${ownerKey(viewer)}:${blocked.join(",")}`, () => [
    ...hiddenUnlessOwner(viewer, hiddenAt, ownerColumn),
    ...notBlocked(ownerColumn, blocked),
  ]);
}

/** No hidden row for anyone, and nothing of a member the viewer blocked. */
async function listedConditions(viewer: Viewer, table: object, hiddenAt: AnySQLiteColumn, ownerColumn: AnySQLiteColumn) {
  const blocked = await blockedIdsOf(viewer.id);
  return keptFor(table, `listed:${blocked.join(",")}`, () => [isNull(hiddenAt), ...notBlocked(ownerColumn, blocked)]);
}

/**
 * The conditions on `posts` (or an alias of it) for reading posts one by one or one member's list
 * (a post's page, a profile, saved posts): hidden ones only for their author and admins, nothing
 * of a member the viewer blocked.
 */
export async function visiblePostConditions(viewer: Viewer, table: PostColumns = posts): Promise<readonly SQL[]> {
  return visibleConditions(viewer, table, table.hiddenAt, table.authorId);
}

/**
 * The conditions on `posts` for the lists members share (every feed, search, trending tags, the
 * community's figures and counts): no hidden post for anyone, its author and admins included (they
 * find it on its page, the author's profile and the moderation queue), and nothing of a member the
 * viewer blocked. Without the viewer's id, so a list is computed once for everyone who blocked
 * the same members (nearly always: nobody).
 */
export async function listedPostConditions(viewer: Viewer, table: PostColumns = posts): Promise<readonly SQL[]> {
  return listedConditions(viewer, table, table.hiddenAt, table.authorId);
}

/**
 * The conditions on `post_comments` (or an alias of it) that keep a post's comments to what the
 * viewer may see: hidden ones only for their author and admins, none of a member the viewer blocked.
 */
export async function visibleCommentConditions(viewer: Viewer, table: CommentColumns = postComments): Promise<readonly SQL[]> {
  return visibleConditions(viewer, table, table.hiddenAt, table.authorId);
}

/** The conditions as a whole WHERE clause (empty for none), to splice into a query written with drizzle's `sql`. */
export const whereSql = (conditions: readonly SQL[]): SQL => (conditions.length ? sql`WHERE ${and(...conditions)}` : sql``);

/** Conditions to splice after a WHERE clause's own: " AND (a and b)" (empty for none). */
export const andSql = (conditions: readonly SQL[]): SQL => (conditions.length ? sql` AND ${and(...conditions)}` : sql``);

/**
 * The conditions as their SQL text and values: equal for conditions that select the same rows the
 * same way, so it names a list kept for every viewer who sees the same (one who blocked nobody
 * shares it with all others who did not).
 */
export function conditionsKey(conditions: readonly SQL[]): string {
  if (!conditions.length) return "";
  return `[${conditions.map(conditionText).join(",")}]`;
}

/** Each condition's text and values, kept with it: the conditions above are kept and shared. */
const conditionTexts = new WeakMap<SQL, string>();
function conditionText(condition: SQL): string {
  let text = conditionTexts.get(condition);
  if (text === undefined) {
    const { sql: statement, params } = sqlText(condition);
    conditionTexts.set(condition, (text = JSON.stringify([statement, params])));
  }
  return text;
}

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
 * The conditions on `listings` (or an alias of it) for one listing or one member's list of them:
 * hidden ones only for their owner and admins, none of a member the viewer blocked.
 */
export async function visibleListingConditions(viewer: Viewer, table: ListingColumns = listings): Promise<readonly SQL[]> {
  return visibleConditions(viewer, table, table.hiddenAt, table.sellerId);
}

/** The conditions on `listings` for the marketplace's search, shared by every member: as listedPostConditions. */
export async function listedListingConditions(viewer: Viewer, table: ListingColumns = listings): Promise<readonly SQL[]> {
  return listedConditions(viewer, table, table.hiddenAt, table.sellerId);
}

/**
 * Whether the viewer may read one listing: the same rule as `visibleListingConditions`, for a row
 * in hand. `blocked` is blockedIdsOf(viewer.id), read once by a caller checking many rows.
 */
export function canSeeListing(
  viewer: Viewer,
  listing: { sellerId: number; hiddenAt: Date | number | null },
  blocked: readonly number[],
) {
  return canSeeContent(viewer, { ownerId: listing.sellerId, hiddenAt: listing.hiddenAt }, blocked);
}

/** The time now in milliseconds, as SQLite computes it (the stored times are milliseconds). */
const NOW_MS = sql.raw("CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)");

/**
 * What a visitor who is not signed in sees of the marketplace (its public pages, the public API
 * and the sitemap): active listings of members, not hidden by moderators, whose seller is neither
 * suspended nor deleted. Paused, closed and sample listings are for members only. The conditions
 * name no viewer and no clock value (a suspension's end is compared in SQL), so every public
 * search is one kept list. The seller condition reads `users` by its primary key.
 */
export function publicListingConditions(
  table: ListingColumns & { status: AnySQLiteColumn; isSample: AnySQLiteColumn } = listings,
): SQL[] {
  return [
    isNull(table.hiddenAt),
    sql`${table.status} = 'active'`,
    sql`${table.isSample} = 0`,
    sql`EXISTS (SELECT 1 FROM users seller WHERE seller.id = ${table.sellerId} AND seller.deleted_at IS NULL
      AND (seller.suspended_at IS NULL OR seller.suspended_until <= ${NOW_MS}))`,
  ];
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
