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
 * (50 MB of JSON): a list like it is sent a page at a time into its place in the document, and
 * the rest of the document, small beside it, is made whole first. The text is exactly what
 * JSON.stringify(document, null, 2) would write.
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

/** An item's lines as the document's nesting indents them: in a list under a top-level key. */
const ITEM_INDENT = "\n    ";

/**
 * The member's document as a stream of JSON text, with the time it was made, or null when the
 * account no longer exists.
 */
export async function exportAccount(userId: number, download?: ExportDownload) {
  if (!(await memberRowExists(userId))) return null;
  const exportedAt = new Date().toISOString();
  let tail = "";
  let nextPage: () => Promise<readonly unknown[]> = async () => [];
  let step: "head" | "items" | "done" = "head";
  let itemsSent = 0;
  const nextPiece = async () => {
    if (step === "head") {
      const { document, paged } = await accountDocument(userId, exportedAt);
      const text = JSON.stringify(document, null, 2);
      step = "items";
      if (!paged) {
        step = "done";
        return text;
      }
      // Where the list goes: a top-level key is indented by two spaces after a line break.
      const slot = `\n  ${JSON.stringify(paged.key)}: []`;
      const at = text.indexOf(slot);
      tail = text.slice(at + slot.length);
      nextPage = paged.reader(userId);
      return text.slice(0, at + slot.length - "[]".length);
    }
    if (step === "done") return null;
    const items = await nextPage();
    if (!items.length) {
      step = "done";
      return (itemsSent ? "\n  ]" : "[]") + tail;
    }
    const piece = items
      .map((item, i) => {
        // JSON.stringify writes a line break inside a string as \n: every raw one starts a line.
        const lines = JSON.stringify(item, null, 2).replaceAll("\n", ITEM_INDENT);
        return `${itemsSent + i === 0 ? "[" : ","}${ITEM_INDENT}${lines}`;
      })
      .join("");
    itemsSent += items.length;
    return piece;
  };
  return { exportedAt, body: exportStream(nextPiece, download) };
}
