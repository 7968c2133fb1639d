import { getPreferences } from "~/features/community/store/preferences.server";
import { entryViewOf } from "~/features/impact/entries.server";
import { ledgerPages } from "~/features/impact/ledger-pages.server";
import { prepared } from "~/services/db.server";
import { getEnv } from "~/services/env.server";
import { mediaUrl } from "~/services/media.server";
import { exportStream, type ExportDownload } from "~/services/member-exports.server";

/**
 * Everything stored about a member, as one JSON document they can take with them. Other members
 * appear by id and name only: never their e-mail address, and no password or token hash of
 * anyone. Files are given as the whole addresses they are served at (on APP_URL), so the document
 * still leads to them once it left the site. A post, comment or listing moderators keep hidden
 * says so (`hidden`, `hidden_at`): the member still sees it, others do not. The reports the
 * member made are theirs; the reports about them are not (who reported whom is kept from the
 * reported member everywhere).
 *
 * The impact ledger can hold a hundred thousand entries (50 MB of JSON): it is sent a page at a
 * time into its place in the document, and the rest of the document, small beside it, is made
 * whole first. The text is exactly what JSON.stringify(document, null, 2) would write.
 */

const iso = (at: number | null) => (at === null ? null : new Date(at).toISOString());
const bool = (value: number) => value === 1;

type Row = Record<string, unknown>;

function all<T = Row>(sql: string, id: number): T[] {
  return prepared(sql).all({ id }) as T[];
}

/** Columns holding milliseconds, turned into ISO times; JSON text columns parsed. */
function shaped(row: Row, { times = [], json = [] }: { times?: string[]; json?: string[] } = {}) {
  const out: Row = { ...row };
  for (const key of times) out[key] = iso(out[key] as number | null);
  for (const key of json) out[key] = JSON.parse(String(out[key] ?? "null"));
  return out;
}

/** A media file's address as a member outside the site would open it. */
const mediaAddress = (fileName: string) => `${getEnv().appUrl}${mediaUrl(fileName)}`;

/** Moderators' hiding, as the member's own copy says it. */
const hiding = (row: Row) => ({ hidden: row.hidden_at !== null, hidden_at: iso(row.hidden_at as number | null) });

function groupBy<T extends Row>(rows: T[], key: keyof T) {
  const groups = new Map<unknown, T[]>();
  for (const row of rows) {
    const list = groups.get(row[key]) ?? [];
    list.push(row);
    groups.set(row[key], list);
  }
  return groups;
}

/** The document with its impact entries left out (an empty list in their place). */
async function accountDocument(userId: number) {
  const profile = prepared(
    `SELECT id, username, email, user_type, author_type, is_verified, bio, phone, location, company, website, created_at
     FROM users WHERE id = ?`,
  ).get(userId) as Row | undefined;
  if (!profile) return null;

  const postMedia = groupBy(
    all<{ post_id: number; file_name: string; mime_type: string; size: number }>(
      `SELECT m.post_id, m.file_name, m.mime_type, m.size FROM post_media m JOIN posts p ON p.id = m.post_id
       WHERE p.author_id = @id ORDER BY m.post_id, m.position`,
      userId,
    ),
    "post_id",
  );
  const posts = all(
    `SELECT id, title, content, post_type, category, tags, location_name, is_local_event, event_date, difficulty_level,
       estimated_time, environmental_impact, is_featured, likes_count, comments_count, shares_count, views_count, created_at, edited_at,
       hidden_at
     FROM posts WHERE author_id = @id ORDER BY id`,
    userId,
  ).map((row) => ({
    ...shaped(row, { times: ["event_date", "created_at", "edited_at"], json: ["tags", "environmental_impact"] }),
    is_local_event: bool(row.is_local_event as number),
    is_featured: bool(row.is_featured as number),
    ...hiding(row),
    media: (postMedia.get(row.id) ?? []).map((file) => ({
      url: mediaAddress(file.file_name),
      type: file.mime_type,
      size: file.size,
    })),
  }));

  const listingPhotos = groupBy(
    all<{ listing_id: number; file_name: string }>(
      `SELECT ph.listing_id, ph.file_name FROM listing_photos ph JOIN listings l ON l.id = ph.listing_id
       WHERE l.seller_id = @id ORDER BY ph.listing_id, ph.position`,
      userId,
    ),
    "listing_id",
  );
  const listings = all(
    `SELECT id, kind, title, description, category, material, condition, quantity, unit, weight_per_unit_kg, price_cents,
       quantity_left, location, handover, status, created_at, updated_at, hidden_at
     FROM listings WHERE seller_id = @id ORDER BY id`,
    userId,
  ).map((row) => ({
    ...shaped(row, { times: ["created_at", "updated_at"] }),
    ...hiding(row),
    photos: (listingPhotos.get(row.id) ?? []).map((photo) => mediaAddress(photo.file_name)),
  }));

  // The member's orders, with the other party by id and name, each order's history and messages.
  const orders = all<Row & { id: number }>(
    `SELECT o.id, o.listing_id, l.title AS listing_title, CASE WHEN o.buyer_id = @id THEN 'buyer' ELSE 'seller' END AS role,
       o.buyer_id, b.username AS buyer_name, o.seller_id, s.username AS seller_name, o.quantity, l.unit, o.unit_price_cents,
       o.state, o.handover, o.message, o.buyer_confirmed_at, o.seller_confirmed_at, o.weight_kg, o.created_at, o.updated_at
     FROM orders o JOIN listings l ON l.id = o.listing_id JOIN users b ON b.id = o.buyer_id JOIN users s ON s.id = o.seller_id
     WHERE o.buyer_id = @id OR o.seller_id = @id ORDER BY o.id`,
    userId,
  );
  const history = groupBy(
    all<Row & { order_id: number }>(
      `SELECT e.order_id, e.action, e.state, e.actor_id, u.username AS actor_name, e.reason, e.at
       FROM order_events e JOIN users u ON u.id = e.actor_id JOIN orders o ON o.id = e.order_id
       WHERE o.buyer_id = @id OR o.seller_id = @id ORDER BY e.id`,
      userId,
    ),
    "order_id",
  );
  const messages = groupBy(
    all<Row & { order_id: number }>(
      `SELECT m.order_id, m.id, m.author_id, u.username AS author_name, m.body, m.created_at
       FROM order_messages m JOIN users u ON u.id = m.author_id JOIN orders o ON o.id = m.order_id
       WHERE o.buyer_id = @id OR o.seller_id = @id ORDER BY m.id`,
      userId,
    ),
    "order_id",
  );
  const withoutOrderId = ({ order_id: _orderId, ...rest }: Row) => rest;

  const review = `SELECT r.id, r.order_id, r.author_id, a.username AS author_name, r.subject_id, s.username AS subject_name,
      r.rating, r.text, r.created_at
    FROM reviews r JOIN users a ON a.id = r.author_id JOIN users s ON s.id = r.subject_id`;

  const notificationPreferences = all(
    "SELECT type, in_app, email FROM notification_preferences WHERE user_id = @id ORDER BY type",
    userId,
  ).map((row) => ({ ...row, in_app: bool(row.in_app as number) }));

  return {
    exported_at: new Date().toISOString(),
    profile: { ...shaped(profile, { times: ["created_at"] }), is_verified: bool(profile.is_verified as number) },
    preferences: {
      feed: await getPreferences(userId),
      // Only the types the member changed: any other type has its default.
      notifications: notificationPreferences,
    },
    sessions: all(
      "SELECT created_at, last_seen_at, expires_at, user_agent FROM sessions WHERE user_id = @id ORDER BY created_at",
      userId,
    ).map((row) => shaped(row, { times: ["created_at", "last_seen_at", "expires_at"] })),
    // Sessions ended from elsewhere, and why, while their tokens would still have been valid.
    ended_sessions: all(
      "SELECT reason, created_at AS ended_at, expires_at FROM ended_sessions WHERE user_id = @id ORDER BY created_at",
      userId,
    ).map((row) => shaped(row, { times: ["ended_at", "expires_at"] })),
    pending_email_change: all("SELECT new_email, expires_at, created_at FROM email_changes WHERE user_id = @id", userId).map(
      (row) => shaped(row, { times: ["expires_at", "created_at"] }),
    ),
    posts,
    comments: all(
      `SELECT c.id, c.post_id, p.title AS post_title, c.content, c.created_at, c.edited_at, c.hidden_at
       FROM post_comments c JOIN posts p ON p.id = c.post_id WHERE c.author_id = @id ORDER BY c.id`,
      userId,
    ).map((row) => ({ ...shaped(row, { times: ["created_at", "edited_at"] }), ...hiding(row) })),
    interactions: all(
      "SELECT post_id, type, created_at FROM post_interactions WHERE user_id = @id ORDER BY created_at, post_id",
      userId,
    ).map((row) => shaped(row, { times: ["created_at"] })),
    follows: {
      following: all(
        `SELECT u.id, u.username, f.created_at AS since FROM follows f JOIN users u ON u.id = f.author_id
         WHERE f.follower_id = @id ORDER BY f.created_at`,
        userId,
      ).map((row) => shaped(row, { times: ["since"] })),
      followers: all(
        `SELECT u.id, u.username, f.created_at AS since FROM follows f JOIN users u ON u.id = f.follower_id
         WHERE f.author_id = @id ORDER BY f.created_at`,
        userId,
      ).map((row) => shaped(row, { times: ["since"] })),
    },
    // Only the blocks the member made: who blocked them is not theirs to know.
    blocks: all(
      `SELECT u.id, u.username, b.created_at AS blocked_at FROM blocks b JOIN users u ON u.id = b.blocked_id
       WHERE b.blocker_id = @id ORDER BY b.created_at, b.blocked_id`,
      userId,
    ).map((row) => shaped(row, { times: ["blocked_at"] })),
    courses: all(
      `SELECT e.course_id, e.created_at AS enrolled_at,
         (SELECT json_group_array(lesson) FROM lesson_progress p WHERE p.user_id = e.user_id AND p.course_id = e.course_id) AS lessons_done
       FROM course_enrollments e WHERE e.user_id = @id ORDER BY e.course_id`,
      userId,
    ).map((row) => shaped(row, { times: ["enrolled_at"], json: ["lessons_done"] })),
    cart: all("SELECT listing_id, quantity, created_at FROM cart_lines WHERE user_id = @id ORDER BY created_at", userId).map(
      (row) => shaped(row, { times: ["created_at"] }),
    ),
    listings,
    orders: orders.map((row) => ({
      ...shaped(row, { times: ["buyer_confirmed_at", "seller_confirmed_at", "created_at", "updated_at"] }),
      history: (history.get(row.id) ?? []).map((event) => shaped(withoutOrderId(event), { times: ["at"] })),
      messages: (messages.get(row.id) ?? []).map((message) => shaped(withoutOrderId(message), { times: ["created_at"] })),
    })),
    reviews: {
      written: all(`${review} WHERE r.author_id = @id ORDER BY r.id`, userId).map((row) =>
        shaped(row, { times: ["created_at"] }),
      ),
      received: all(`${review} WHERE r.subject_id = @id ORDER BY r.id`, userId).map((row) =>
        shaped(row, { times: ["created_at"] }),
      ),
    },
    // What the member reported, and where each report stands; not the moderator's note.
    reports: all(
      `SELECT id, target_type, target_id, reason, note, state, created_at, resolved_at
       FROM reports WHERE reporter_id = @id ORDER BY id`,
      userId,
    ).map((row) => shaped(row, { times: ["created_at", "resolved_at"] })),
    // Sent a page at a time in this place (exportAccount).
    impact_entries: [] as never[],
    notifications: all(
      `SELECT n.id, n.type, n.actor_id, u.username AS actor_name, n.actors, n.subject_type, n.subject_id, n.excerpt,
         n.read_at, n.emailed_at, n.created_at, n.updated_at
       FROM notifications n LEFT JOIN users u ON u.id = n.actor_id WHERE n.recipient_id = @id ORDER BY n.id`,
      userId,
    ).map((row) => shaped(row, { times: ["read_at", "emailed_at", "created_at", "updated_at"] })),
  };
}

/** Where the entries go: the only top-level key is indented by two spaces after a line break. */
const ENTRIES_SLOT = '\n  "impact_entries": []';
/** An entry's lines as the document's nesting indents them: in a list under a top-level key. */
const ENTRY_INDENT = "\n    ";

/**
 * The member's document as a stream of JSON text, with the time it was made, or null when the
 * account no longer exists.
 */
export async function exportAccount(userId: number, download?: ExportDownload) {
  const document = await accountDocument(userId);
  if (!document) return null;
  const text = JSON.stringify(document, null, 2);
  const slot = text.indexOf(ENTRIES_SLOT);
  const head = text.slice(0, slot + ENTRIES_SLOT.length - "[]".length);
  const tail = text.slice(slot + ENTRIES_SLOT.length);
  const nextPage = ledgerPages(userId, null);
  let step: "head" | "entries" | "done" = "head";
  let entriesSent = 0;
  const nextPiece = () => {
    if (step === "head") {
      step = "entries";
      return head;
    }
    if (step === "done") return null;
    const rows = nextPage();
    if (!rows.length) {
      step = "done";
      return (entriesSent ? "\n  ]" : "[]") + tail;
    }
    const piece = rows
      .map((row, i) => {
        const entry = entryViewOf({
          ...row,
          countsOnce: bool(row.countsOnce),
          createdAt: new Date(row.createdAt),
          updatedAt: new Date(row.updatedAt),
        });
        // JSON.stringify writes a line break inside a string as \n: every raw one starts a line.
        const lines = JSON.stringify(entry, null, 2).replaceAll("\n", ENTRY_INDENT);
        return `${entriesSent + i === 0 ? "[" : ","}${ENTRY_INDENT}${lines}`;
      })
      .join("");
    entriesSent += rows.length;
    return piece;
  };
  return { exportedAt: document.exported_at, body: exportStream(nextPiece, download) };
}
