import { memberRowExists } from "~/features/auth/store/members.server";
import { registeredFeatures } from "~/services/features.server";
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
 * Each feature gives its sections in its manifest (docs/decisions/035-feature-manifests.md); this
 * module puts them in the document's order. The impact ledger can hold a hundred thousand entries
 * (50 MB of JSON): a list like it is sent a page at a time into its place in the document; the
 * rest is read whole first and written a key, or a few hundred items of a long list, at a time.
 * The text is exactly what JSON.stringify(document, null, 2) would write.
 */

/**
 * The document's keys in the order it has always had (docs/api.md); "a.b" is key b inside a.
 * Every key is given by one feature's manifest.
 */
export const DOCUMENT_KEYS = [
  "exported_at",
  "profile",
  "organisation",
  "preferences.feed",
  "preferences.notifications",
  "sessions",
  "ended_sessions",
  "pending_email_change",
  "posts",
  "comments",
  "interactions",
  "follows",
  "blocks",
  "courses",
  "cart",
  "listings",
  "orders",
  "reviews",
  "reports",
  "impact_entries",
  "notifications",
  // Added last, so clients reading the document in order meet what they always did first.
  "transfer_notes",
  "lots",
  "enquiries",
  "saved_searches",
  "events",
  "badge",
  "certificates",
  // Which versions of the terms and privacy notice the member accepted, and their testimonials.
  "accepted_pages",
  "testimonials",
] as const;

type Paged = { key: string; reader: (memberId: number) => () => Promise<readonly unknown[]> };

/** The document with the paged list left out (an empty list in its place), and that list's reader. */
async function accountDocument(userId: number, exportedAt: string) {
  const sections = new Map<string, unknown>([["exported_at", exportedAt]]);
  const give = (key: string, value: unknown) => {
    if (sections.has(key)) throw new Error(`Two features give the export's "${key}".`);
    sections.set(key, value);
  };
  let paged: Paged | null = null;
  for (const { exports } of registeredFeatures()) {
    if (exports?.sections) for (const [key, value] of Object.entries(await exports.sections(userId))) give(key, value);
    if (exports?.pages) {
      if (paged) throw new Error("The export sends one list a page at a time, and two features give one.");
      paged = exports.pages;
      give(paged.key, []);
    }
  }
  const document: Record<string, unknown> = {};
  for (const key of DOCUMENT_KEYS) {
    if (!sections.has(key)) throw new Error(`No feature gives the export's "${key}".`);
    const [outer, inner] = key.split(".");
    if (inner === undefined) document[outer] = sections.get(key);
    else ((document[outer] ??= {}) as Record<string, unknown>)[inner] = sections.get(key);
    sections.delete(key);
  }
  if (sections.size) throw new Error(`The export has no place for "${[...sections.keys()].join('", "')}".`);
  return { document, paged };
}

/**
 * Items of a list written in one piece: the stream yields to other requests between pieces, so
 * a member's thousands of transfer notes or lots never hold the server for longer than a few
 * hundred of them take to write (the whole document at once held it for seconds).
 */
const ITEMS_PER_PIECE = 200;

/** An item of a top-level list as JSON.stringify(document, null, 2) writes it, after its line break. */
function itemText(item: unknown) {
  // A line break inside a string is written as \n: every raw one starts a line, indented as nested.
  return (JSON.stringify(item, null, 2) ?? "null").replaceAll("\n", "\n    ");
}

/** A top-level list's items from `start`, each after its separator, as one piece of text. */
function itemsText(items: readonly unknown[], start: number) {
  return items.map((item, i) => `${start + i === 0 ? "[" : ","}\n    ${itemText(item)}`).join("");
}

/** A list already read, handed out ITEMS_PER_PIECE items at a time, as the ledger's pages are. */
function piecesOf(items: readonly unknown[]) {
  let start = 0;
  return async () => {
    const piece = items.slice(start, start + ITEMS_PER_PIECE);
    start += piece.length;
    return piece;
  };
}

/**
 * The document as pieces of text, in order: a top-level list (the ledger, read a page at a
 * time, and any long one) in pieces of items, everything else a key at a time. Joined, they are
 * exactly what JSON.stringify(document, null, 2) writes.
 */
async function* documentPieces(userId: number, exportedAt: string): AsyncGenerator<string> {
  const { document, paged } = await accountDocument(userId, exportedAt);
  let first = true;
  for (const [key, value] of Object.entries(document)) {
    const separator = `${first ? "{" : ","}\n  ${JSON.stringify(key)}: `;
    const nextPage =
      paged?.key === key ? paged.reader(userId) : Array.isArray(value) && value.length > ITEMS_PER_PIECE ? piecesOf(value) : null;
    if (nextPage) {
      yield separator;
      let sent = 0;
      for (let items = await nextPage(); items.length; items = await nextPage()) {
        yield itemsText(items, sent);
        sent += items.length;
      }
      yield sent ? "\n  ]" : "[]";
    } else {
      const text = JSON.stringify(value, null, 2);
      // Left out, as JSON.stringify leaves out a key whose value is undefined.
      if (text === undefined) continue;
      yield separator + text.replaceAll("\n", "\n  ");
    }
    first = false;
  }
  yield first ? "{}" : "\n}";
}

/**
 * The member's document as a stream of JSON text, with the time it was made, or null when the
 * account no longer exists.
 */
export async function exportAccount(userId: number, download?: ExportDownload) {
  if (!(await memberRowExists(userId))) return null;
  const exportedAt = new Date().toISOString();
  const pieces = documentPieces(userId, exportedAt);
  const nextPiece = async () => {
    const next = await pieces.next();
    return next.done ? null : next.value;
  };
  return { exportedAt, body: exportStream(nextPiece, download) };
}
