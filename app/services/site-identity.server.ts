import { keptUntilDatabaseChanges, statement } from "./database/db.server";
import { onPeerNews, tellPeers } from "./peers.server";
import { DEFAULT_SITE_NAME } from "~/lib/site-name";

export { DEFAULT_SITE_NAME };

/**
 * Who this instance is: the name, words, colour and addresses its operator set (the admin's site
 * settings). Below every feature, since every page, every mail and the landing page read it; the
 * site feature (app/features/site) writes it. Read once and kept in memory until a write: the row
 * changes a few times in an instance's life and is read on every page. A write in one process
 * (WORKERS) tells the others, which read it again on their next request.
 */

export type SiteIdentity = {
  name: string;
  tagline: string;
  contactEmail: string;
  /** Where replies to the instance's mails go; empty: MAIL_REPLY_TO, or none. */
  replyTo: string;
  /** #rrggbb, already checked for contrast when it was set; null: the shipped palette. */
  brandColour: string | null;
  about: string;
  /** A line the operator adds at the foot of every mail (an address, a company number). */
  mailFooter: string;
  /** The logo's file under UPLOAD_DIR (served at /media/<name>); null: the shipped mark. */
  logoFile: string | null;
  /** The landing page's settings as stored (JSON), read by the site feature; null: its defaults. */
  landing: unknown;
  /** When an admin last saved them; null: never. */
  updatedAt: number | null;
};

const DEFAULTS: SiteIdentity = {
  name: DEFAULT_SITE_NAME,
  tagline: "",
  contactEmail: "",
  replyTo: "",
  brandColour: null,
  about: "",
  mailFooter: "",
  logoFile: null,
  landing: null,
  updatedAt: null,
};

let kept: SiteIdentity | undefined;
const listeners = new Set<() => void>();
keptUntilDatabaseChanges(forget);

type Row = Omit<SiteIdentity, "landing"> & { landing: string };

/** The instance's identity, from memory once read. */
export async function siteIdentity(): Promise<SiteIdentity> {
  if (kept) return kept;
  let row: Row | undefined;
  try {
    row = await readRow();
  } catch {
    // Every page reads this, error pages too: a database that cannot be read now (busy, damaged,
    // being restored) must not take them down with it. The shipped identity stands in, not kept,
    // and the next request reads again; the failure itself is reported where the page's own work meets it.
    return DEFAULTS;
  }
  kept = row ? { ...row, landing: parseLanding(row.landing) } : DEFAULTS;
  return kept;
}

async function readRow(): Promise<Row | undefined> {
  return (await statement(
    `SELECT name, tagline, contact_email AS contactEmail, reply_to AS replyTo, brand_colour AS brandColour, about,
       mail_footer AS mailFooter, logo_file AS logoFile, landing, updated_at AS updatedAt FROM site_settings WHERE id = 1`,
  ).get()) as Row | undefined;
}

function parseLanding(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

const SITE_NEWS = "site";

function forget() {
  kept = undefined;
  for (const listener of listeners) listener();
}

/**
 * After a write of the settings (or of what the landing page shows): this process and the others
 * read them again. Resolves once the news is sent: with the primary's relay the next request to
 * any worker finds it applied; through PostgreSQL the others apply it a moment later (peers.server).
 */
export function siteChanged(): Promise<void> {
  forget();
  return tellPeers(SITE_NEWS);
}

/** Calls `listener` whenever the settings change, here or in another process (the landing page's cache). */
export function onSiteChange(listener: () => void) {
  listeners.add(listener);
}

onPeerNews(SITE_NEWS, forget);
