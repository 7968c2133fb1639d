import type { ListingKind, ListingUnit, OrderEventAction, OrderState } from "~/features/exchange/vocabulary";
import { formatQuantity } from "~/features/exchange/stock";
import { sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { posts as postsTable } from "../../../db/schema";
import { andSql, visiblePostConditions, type Viewer } from "~/services/access.server";
import { prepared, sqlText } from "~/services/db.server";
import { formatKg, materialInText, TREATMENT_IN_TEXT } from "./format";
import type { Material, Treatment } from "./vocabulary";
import type { ActivityView } from "./wire";

/**
 * A member's recent activity on the dashboard: their ledger entries, the moves on their orders
 * (their own and the other party's), their posts, comments and follows, newest first. Each kind
 * is read on its own with a LIMIT, through an index that starts with the member where the table
 * has one, so the cost stays the same however long the member's history grows; the lists are then
 * merged.
 */

type Timed = ActivityView & { sortAt: number };

const quoted = (title: string) => `“${title}”`;

function entryActivity(memberId: number, limit: number): Timed[] {
  const rows = prepared(`SELECT id, material, treatment, weight_g, source, order_id, created_at FROM impact_entries
      WHERE member_id = @member ORDER BY created_at DESC LIMIT @limit`).all({ member: memberId, limit }) as {
    id: number;
    material: Material;
    treatment: Treatment;
    weight_g: number;
    source: "order" | "recorded";
    order_id: number | null;
    created_at: number;
  }[];
  return rows.map((row) => {
    const load = `${formatKg(row.weight_g / 1000)} of ${materialInText(row.material)}`;
    const fromOrder = row.source === "order" && row.order_id !== null;
    return {
      kind: "entry",
      text: fromOrder
        ? `Order #${row.order_id} completed: ${load} ${TREATMENT_IN_TEXT[row.treatment]}`
        : `Recorded ${load}, ${TREATMENT_IN_TEXT[row.treatment]}`,
      href: fromOrder ? `/app/orders/${row.order_id}` : `/app/impact/${row.id}`,
      at: new Date(row.created_at).toISOString(),
      sortAt: row.created_at,
    };
  });
}

type EventRow = {
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

/** One move on an order, told from the member's side. */
function eventText(memberId: number, row: EventRow) {
  const mine = row.actor_id === memberId;
  const who = mine ? "You" : row.actor;
  const what = `${formatQuantity(row.quantity, row.unit)} of ${row.title}`;
  // A wanted listing is answered with an offer to supply it; the others with a request.
  const noun = row.kind === "wanted" ? "offer" : "request";
  switch (row.action) {
    case "request":
      return row.kind === "wanted" ? `${who} offered ${what}` : `${who} asked for ${what}`;
    case "accept":
    case "decline": {
      const verb = row.action === "accept" ? "accepted" : "declined";
      return mine ? `You ${verb} a ${noun} for ${what}` : `${who} ${verb} your ${noun} for ${what}`;
    }
    case "cancel":
      return `${who} cancelled the order for ${what}`;
    case "complete":
      return row.state === "completed"
        ? `${who} confirmed the handover of ${what}; the order is completed`
        : `${who} confirmed the handover of ${what}`;
  }
}

function orderActivity(memberId: number, limit: number): Timed[] {
  // The member's orders come from the buyer and seller indexes; their moves by order. A member
  // has orders by the dozen, not by the thousand, so the moves are sorted whole and cut.
  const rows = prepared(`SELECT e.action, e.state, e.actor_id, actor.username AS actor, e.at, o.id AS order_id, o.quantity,
        l.title, l.unit, l.kind
      FROM (SELECT id FROM orders WHERE buyer_id = @member UNION ALL SELECT id FROM orders WHERE seller_id = @member) mine
      JOIN order_events e ON e.order_id = mine.id
      JOIN orders o ON o.id = mine.id
      JOIN listings l ON l.id = o.listing_id
      JOIN users actor ON actor.id = e.actor_id
      ORDER BY e.at DESC, e.id DESC LIMIT @limit`).all({ member: memberId, limit }) as EventRow[];
  return rows.map((row) => ({
    kind: "order",
    text: eventText(memberId, row),
    href: `/app/orders/${row.order_id}`,
    at: new Date(row.at).toISOString(),
    sortAt: row.at,
  }));
}

async function postActivity(viewer: Viewer, limit: number): Promise<Timed[]> {
  const visible = await visiblePostConditions(viewer, alias(postsTable, "p"));
  const postsQuery =
    sqlText(sql`SELECT p.id, p.title, p.created_at FROM posts p WHERE p.author_id = ${viewer.id}${andSql(visible)}
      ORDER BY p.created_at DESC, p.id DESC LIMIT ${limit}`);
  const posts = prepared(postsQuery.sql).all(...postsQuery.params) as {
    id: number;
    title: string;
    created_at: number;
  }[];
  // post_comments has no index by author: they are walked newest first by rowid and the walk
  // stops at the limit, which is quick for a member who comments and a scan for one who never has.
  const commentsQuery =
    sqlText(sql`SELECT c.post_id AS id, p.title, c.created_at FROM post_comments c JOIN posts p ON p.id = c.post_id
      WHERE c.author_id = ${viewer.id}${andSql(visible)} ORDER BY c.id DESC LIMIT ${limit}`);
  const comments = prepared(commentsQuery.sql).all(...commentsQuery.params) as {
    id: number;
    title: string;
    created_at: number;
  }[];
  return [
    ...posts.map((row) => ({
      kind: "post" as const,
      text: `Posted ${quoted(row.title)}`,
      href: `/app/community?post=${row.id}`,
      at: new Date(row.created_at).toISOString(),
      sortAt: row.created_at,
    })),
    ...comments.map((row) => ({
      kind: "comment" as const,
      text: `Commented on ${quoted(row.title)}`,
      href: `/app/community?post=${row.id}`,
      at: new Date(row.created_at).toISOString(),
      sortAt: row.created_at,
    })),
  ];
}

function followActivity(memberId: number, limit: number): Timed[] {
  const rows = prepared(`SELECT f.author_id, u.username, f.created_at FROM follows f JOIN users u ON u.id = f.author_id
      WHERE f.follower_id = @member ORDER BY f.created_at DESC LIMIT @limit`).all({ member: memberId, limit }) as {
    author_id: number;
    username: string;
    created_at: number;
  }[];
  return rows.map((row) => ({
    kind: "follow",
    text: `Followed ${row.username}`,
    href: `/app/members/${row.author_id}`,
    at: new Date(row.created_at).toISOString(),
    sortAt: row.created_at,
  }));
}

/** The member's latest events of every kind, newest first. */
export async function recentActivity(viewer: Viewer, limit = 8): Promise<ActivityView[]> {
  return [
    ...entryActivity(viewer.id, limit),
    ...orderActivity(viewer.id, limit),
    ...(await postActivity(viewer, limit)),
    ...followActivity(viewer.id, limit),
  ]
    .sort((a, b) => b.sortAt - a.sortAt)
    .slice(0, limit)
    .map(({ sortAt: _, ...item }) => item);
}
