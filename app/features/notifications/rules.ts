import {
  BADGE_CAP,
  DEFAULT_PREFERENCES,
  OFF_UNLESS_PRODUCER,
  PREFERENCE_TYPES,
  PRODUCER_DEFAULT_TYPES,
  type NotificationPreferences,
  type NotificationType,
  type PreferenceType,
  type TypePreference,
} from "./vocabulary";

/**
 * The notifications' rules as pure functions: who hears about what, how likes fold, how a stored
 * choice meets the defaults, what a notification says and where it leads. Browser-safe.
 */

/** The day of a moment in UTC, YYYY-MM-DD: likes fold by it, digests are counted by it. */
export const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/** Likes on one post within one UTC day fold into one notification of its author. */
export const likeFoldKey = (postId: number, at: Date) => `like:${postId}:${utcDay(at)}`;

/**
 * Nobody hears about their own doing, a deleted account hears about nothing, and no member hears
 * from a member either of them blocked. A moderators' notice (`fixed`) is not a member's doing: it
 * reaches its member whoever they blocked.
 */
export function shouldNotify({
  actorId,
  recipientId,
  recipientDeleted,
  blocked = false,
  fixed = false,
}: {
  actorId: number | null;
  recipientId: number;
  recipientDeleted: boolean;
  /** Whether the actor and the recipient blocked one another, either way. */
  blocked?: boolean;
  /** A moderators' notice, which no member turns off. */
  fixed?: boolean;
}) {
  return !recipientDeleted && actorId !== recipientId && (fixed || !blocked);
}

/** Every type's choice: the stored ones, the defaults for the rest (a producer's, or anyone else's). */
export function mergePreferences(
  rows: readonly ({ type: NotificationType } & TypePreference)[],
  { producer = true }: { producer?: boolean } = {},
): NotificationPreferences {
  const merged = structuredClone(DEFAULT_PREFERENCES);
  if (!producer) for (const type of PRODUCER_DEFAULT_TYPES) merged[type] = { ...OFF_UNLESS_PRODUCER };
  for (const { type, in_app, email } of rows) if (type in merged) merged[type as PreferenceType] = { in_app, email };
  return merged;
}

/** The choices after a change that names any subset of the types; each named field replaces its value. */
export function applyPreferenceChanges(
  current: NotificationPreferences,
  changes: Partial<Record<PreferenceType, Partial<TypePreference>>>,
): NotificationPreferences {
  const next = structuredClone(current);
  for (const type of PREFERENCE_TYPES) {
    const change = changes[type];
    if (change) next[type] = { ...next[type], ...Object.fromEntries(Object.entries(change).filter(([, v]) => v !== undefined)) };
  }
  return next;
}

/** What happens when something of this type befalls a member with these choices. */
export function deliveryOf(preference: TypePreference) {
  return { row: preference.in_app, instantMail: preference.email === "instant" };
}

/** “Title”, cut to a length a line holds. */
export function quoted(text: string, max = 80) {
  const trimmed = text.trim();
  return `“${trimmed.length > max ? `${trimmed.slice(0, max - 1).trimEnd()}…` : trimmed}”`;
}

/** "Ana", "Ana and 1 other", "Ana and 4 others"; a deleted account is "A deleted member". */
export function actorsPhrase(actorName: string | null, actors: number) {
  const name = actorName ?? "A deleted member";
  const others = actors - 1;
  if (others <= 0) return name;
  return `${name} and ${others} ${others === 1 ? "other" : "others"}`;
}

/** The notification's sentence, as the list, the popover and the mails say it. */
export function notificationText(n: {
  type: NotificationType;
  actorName: string | null;
  actors: number;
  excerpt: string;
  subjectType?: SubjectType;
  /** What moderators wrote (the reason of a hidden thing or a suspension), or a report's outcome. */
  detail?: string | null;
  /**
   * Whether moderators hid the post a reply is about. A reply reaches those who commented, never
   * the author, and they may no longer see the post: its title is not repeated to them.
   */
  subjectHidden?: boolean;
}) {
  const who = actorsPhrase(n.actorName, n.actors);
  const what = quoted(n.excerpt);
  const thing = n.subjectType === "listing" ? "listing" : n.subjectType === "comment" ? "comment" : "post";
  const reason = n.detail ? `: ${n.detail}` : "";
  switch (n.type) {
    case "like":
      return `${who} liked ${what}`;
    case "comment":
      return `${who} commented on ${what}`;
    case "reply":
      return n.subjectHidden ? `${who} also commented on a post moderators hid` : `${who} also commented on ${what}`;
    case "follow":
      return `${who} started following you`;
    case "order_requested":
      return `${who} asked for ${what}`;
    case "order_accepted":
      return `${who} accepted the order for ${what}`;
    case "order_countered":
      return `${who} countered your offer for ${what}`;
    case "order_declined":
      return `${who} declined the order for ${what}`;
    case "order_cancelled":
      return `${who} cancelled the order for ${what}`;
    case "order_completed":
      // Completion, in words apart from accepting: "confirmed the order" reads as either.
      return `${who} confirmed completion of the order for ${what}`;
    case "order_message":
      return `${who} wrote about the order for ${what}`;
    case "enquiry_message":
      return `${who} wrote about ${what}`;
    case "review":
      return `${who} reviewed you for ${what}`;
    case "transfer_note_issued":
      // The excerpt is the note's number; a note is both parties' doing, so it names nobody.
      return `Transfer note ${n.excerpt} issued`;
    case "report_resolved":
      // `detail` holds the report's outcome (REPORT_STATES).
      if (n.detail === "hidden") return `Moderators hid ${what}, which you reported`;
      if (n.detail === "suspended") return `Moderators suspended ${what}, whom you reported`;
      return `Moderators reviewed your report of ${what} and left it up`;
    case "content_hidden":
      return `Moderators hid your ${thing} ${what}${reason}`;
    case "content_restored":
      return `Moderators restored your ${thing} ${what}`;
    case "account_suspended":
      // `excerpt` says until when ("until 1 December 2026", "until an admin lifts it").
      return `Your account is suspended ${n.excerpt}${reason}`;
    case "account_restored":
      return "Moderators lifted the suspension of your account: you can sign in again";
    case "lot_fate":
      // `excerpt` holds the rest of the sentence: "CH-2026-000123 was recycled (R3) by Calder Polymers Ltd".
      return `Your load ${n.excerpt}`;
    case "saved_search_match":
      // `excerpt` holds the listing's title, `detail` the saved search's name.
      return `New listing ${quoted(n.excerpt)} matches your saved search ${quoted(n.detail ?? "")}`;
    // Events: `excerpt` holds the event's title; `detail` what changed, the reason or when it starts.
    case "event_changed":
      return `${who} changed ${what}${reason}`;
    case "event_cancelled":
      return `${who} cancelled ${what}${reason}`;
    case "event_seat_freed":
      return `A seat freed up: you are going to ${what}`;
    case "event_reminder":
      return `Reminder: ${what} is tomorrow${n.detail ? `, ${n.detail}` : ""}`;
    case "event_results":
      return `${who} recorded what ${what} achieved`;
  }
}

export type SubjectType =
  "post" | "comment" | "order" | "user" | "listing" | "transfer_note" | "lot" | "enquiry" | "enquiry_message" | "event";

/** The page a notification leads to; a thing deleted since leads to that page's "not found". */
export function subjectPath(subjectType: SubjectType, subjectId: number) {
  switch (subjectType) {
    case "post":
    case "comment":
      return `/app/community?post=${subjectId}`;
    case "order":
      return `/app/orders/${subjectId}`;
    case "user":
      return `/app/members/${subjectId}`;
    case "listing":
      return `/app/marketplace/${subjectId}`;
    case "transfer_note":
      return `/app/transfer-notes/${subjectId}`;
    case "lot":
      return `/app/lots/${subjectId}`;
    case "enquiry":
      return `/app/enquiries/${subjectId}`;
    case "enquiry_message":
      return `/app/enquiries/messages/${subjectId}`;
    case "event":
      return `/app/events/${subjectId}`;
  }
}

/** The bell's badge: nothing at 0, the count up to 9, then "9+". */
export const badgeText = (unread: number) => (unread <= 0 ? "" : unread > BADGE_CAP ? `${BADGE_CAP}+` : String(unread));

/** The bell's accessible name. */
export const bellLabel = (unread: number) => (unread > 0 ? `Notifications, ${unread} unread` : "Notifications");

/** The next digest run: today at `hour`:00 UTC if that is still ahead, else tomorrow's. */
export function nextDigestRun(now: Date, hour: number) {
  const run = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), hour));
  if (run.getTime() <= now.getTime()) run.setUTCDate(run.getUTCDate() + 1);
  return run;
}
