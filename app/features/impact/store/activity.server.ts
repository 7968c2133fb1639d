import { sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { posts as postsTable } from "../../../../db/schema";
import { andSql, visiblePostConditions, type Viewer } from "~/services/access.server";
import { statement, sqlText } from "~/services/database/db.server";
import type { ListingKind, ListingUnit, OrderEventAction, OrderState } from "~/features/exchange/vocabulary";
import type { EntryRole, EntrySource, Material, Treatment } from "../vocabulary";

/**
 * The rows of a member's recent activity (../activity.server.ts tells them): each kind is read
 * on its own with a LIMIT, through an index that starts with the member where the table has one,
 * so the cost stays the same however long the member's history grows.
 */

export type EntryRow = {
  id: number;
  material: Material;
  treatment: Treatment;
  weight_g: number;
  source: EntrySource;
  role: EntryRole;
  order_id: number | null;
  created_at: number;
};

/** The member's latest ledger entries. */
export async function latestEntries(memberId: number, limit: number): Promise<EntryRow[]> {
  return (await statement(`SELECT id, material, treatment, weight_g, source, role, order_id, created_at FROM impact_entries
      WHERE member_id = @member ORDER BY created_at DESC LIMIT @limit`).all({ member: memberId, limit })) as EntryRow[];
}

export type EventRow = {
  action: OrderEventAction;
  state: OrderState;
  actor_id: number;
  actor: string;
  at: number;
  order_id: number;
  quantity: number;
  title: string;
  unit: ListingUnit;
  kind: ListingKind;
};

/** The latest moves on the member's orders, theirs and the other parties'. */
export async function latestOrderEvents(memberId: number, limit: number): Promise<EventRow[]> {
  // The member's orders come from the buyer and seller indexes; their moves by order. A member
  // has orders by the dozen, not by the thousand, so the moves are sorted whole and cut.
  return (await statement(`SELECT e.action, e.state, e.actor_id, actor.username AS actor, e.at, o.id AS order_id, o.quantity,
        l.title, l.unit, l.kind
      FROM (SELECT id FROM orders WHERE buyer_id = @member UNION ALL SELECT id FROM orders WHERE seller_id = @member) mine
      JOIN order_events e ON e.order_id = mine.id
      JOIN orders o ON o.id = mine.id
      JOIN listings l ON l.id = o.listing_id
      JOIN users actor ON actor.id = e.actor_id
      ORDER BY e.at DESC, e.id DESC LIMIT @limit`).all({ member: memberId, limit })) as EventRow[];
}

type PostRow = { id: number; title: string; created_at: number };

/** The member's latest posts and comments (a comment by its post's id and title) that the viewer may see. */
export async function latestWriting(viewer: Viewer, limit: number): Promise<{ posts: PostRow[]; comments: PostRow[] }> {
  const visible = await visiblePostConditions(viewer, alias(postsTable, "p"));
  const postsQuery =
    sqlText(sql`SELECT p.id, p.title, p.created_at FROM posts p WHERE p.author_id = ${viewer.id}${andSql(visible)}
      ORDER BY p.created_at DESC, p.id DESC LIMIT ${limit}`);
  const posts = (await statement(postsQuery.sql).all(...postsQuery.params)) as PostRow[];
  // post_comments has no index by author: they are walked newest first by rowid and the walk
  // stops at the limit, which is quick for a member who comments and a scan for one who never has.
  const commentsQuery =
    sqlText(sql`SELECT c.post_id AS id, p.title, c.created_at FROM post_comments c JOIN posts p ON p.id = c.post_id
      WHERE c.author_id = ${viewer.id}${andSql(visible)} ORDER BY c.id DESC LIMIT ${limit}`);
  const comments = (await statement(commentsQuery.sql).all(...commentsQuery.params)) as PostRow[];
  return { posts, comments };
}

/** The members the member followed last. */
export async function latestFollows(
  memberId: number,
  limit: number,
): Promise<{ author_id: number; username: string; created_at: number }[]> {
  return (await statement(`SELECT f.author_id, u.username, f.created_at FROM follows f JOIN users u ON u.id = f.author_id
      WHERE f.follower_id = @member ORDER BY f.created_at DESC LIMIT @limit`).all({ member: memberId, limit })) as {
    author_id: number;
    username: string;
    created_at: number;
  }[];
}
