import { formatQuantity } from "~/features/exchange/stock";
import type { Viewer } from "~/services/access.server";
import { formatKg, materialInText, TREATMENT_IN_TEXT } from "./format";
import {
  latestEntries,
  latestFollows,
  latestOrderEvents,
  latestWriting,
  type EntryRow,
  type EventRow,
} from "./store/activity.server";
import type { ActivityView } from "./wire";

/**
 * A member's recent activity on the dashboard: their ledger entries, the moves on their orders
 * (their own and the other party's), their posts, comments and follows, newest first. Each kind
 * is read on its own with a LIMIT (store/activity.server.ts); the lists are then merged.
 */

type Timed = ActivityView & { sortAt: number };

const quoted = (title: string) => `“${title}”`;

function entryActivity(rows: EntryRow[]): Timed[] {
  return rows.map((row) => {
    const load = `${formatKg(row.weight_g / 1000)} of ${materialInText(row.material)}`;
    const fromOrder = row.source === "order" && row.order_id !== null;
    return {
      kind: "entry",
      text: fromOrder
        ? `Order #${row.order_id} completed: ${load} ${row.role === "received" ? "received" : "diverted, fate pending"}`
        : row.role === "recovered"
          ? `Recorded an operation: ${load} ${TREATMENT_IN_TEXT[row.treatment]}`
          : row.role === "credit_moved"
            ? `${load} you diverted had its fate set by a later holder`
            : `Recorded ${load}, ${TREATMENT_IN_TEXT[row.treatment]}`,
      href: fromOrder ? `/app/orders/${row.order_id}` : `/app/impact/${row.id}`,
      at: new Date(row.created_at).toISOString(),
      sortAt: row.created_at,
    };
  });
}

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
    case "counter":
      return mine ? `You countered an offer for ${what}` : `${who} countered your offer for ${what}`;
    case "accept_counter":
      return mine ? `You accepted a counter for ${what}` : `${who} accepted your counter for ${what}`;
    case "cancel":
      return `${who} cancelled the order for ${what}`;
    case "complete":
      return row.state === "completed"
        ? `${who} confirmed the handover of ${what}; the order is completed`
        : `${who} confirmed the handover of ${what}`;
  }
}

function orderActivity(memberId: number, rows: EventRow[]): Timed[] {
  return rows.map((row) => ({
    kind: "order",
    text: eventText(memberId, row),
    href: `/app/orders/${row.order_id}`,
    at: new Date(row.at).toISOString(),
    sortAt: row.at,
  }));
}

function postActivity({ posts, comments }: Awaited<ReturnType<typeof latestWriting>>): Timed[] {
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

function followActivity(rows: Awaited<ReturnType<typeof latestFollows>>): Timed[] {
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
    ...entryActivity(await latestEntries(viewer.id, limit)),
    ...orderActivity(viewer.id, await latestOrderEvents(viewer.id, limit)),
    ...postActivity(await latestWriting(viewer, limit)),
    ...followActivity(await latestFollows(viewer.id, limit)),
  ]
    .sort((a, b) => b.sortAt - a.sortAt)
    .slice(0, limit)
    .map(({ sortAt: _, ...item }) => item);
}
