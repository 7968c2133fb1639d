import type { Db } from "./database/db.server";
import type { AnyJobKind } from "./jobs.server";

/**
 * What each feature declares once, in its manifest (app/features/<name>/manifest.server.ts), for
 * the parts of the app that reach across every feature: the job runner, the member's export, the
 * account's deletion and moderation (docs/decisions/035-feature-manifests.md). Those parts read the
 * registered manifests here, below the features, so none of them imports a feature to learn
 * another's tables. The server registers every manifest at start-up (app/server/start.server.ts).
 */

/**
 * A feature's columns that name a member, as "table.column", each accounted for: the ones it
 * handles (reads into the export, or erases or anonymises), and the ones it leaves as they are
 * on purpose, each with why. The schema's test holds every such column to both an export's and an
 * erasure's account.
 */
export type MemberColumns = {
  handles: readonly string[];
  leaves?: Readonly<Record<string, string>>;
};

/** What a feature adds to the member's export document. */
export type ExportContribution = MemberColumns & {
  /**
   * Sections of the document by their key ("cart", or "preferences.feed" for a key inside
   * another), each made whole before the document is sent; the order of keys is the account
   * export's.
   */
  sections?: (memberId: number) => Promise<Record<string, unknown>>;
  /**
   * One list too long to hold in memory, sent a page at a time in its top-level key's place: the
   * reader answers each next page, an empty one once all were read.
   */
  pages?: { key: string; reader: (memberId: number) => () => Promise<readonly unknown[]> };
};

/** How a feature lets a member go when they delete their account (docs/decisions/020-deleting-an-account.md). */
export type ErasureContribution = MemberColumns & {
  /** Why the member cannot leave now, in their words, or null. */
  blocker?: (memberId: number) => Promise<string | null>;
  /**
   * In the deletion's transaction, once the tombstone is written and before anything is erased:
   * ends what the member is a party to as their own move would (it may write rows erase removes).
   */
  settle?: (tx: Db, memberId: number, now: number) => Promise<void>;
  /** In the same transaction: erases or anonymises the member's rows; answers the files to remove once it committed. */
  erase: (tx: Db, memberId: number, now: number) => Promise<{ files?: readonly string[] } | void>;
  /** Once the deletion committed: what the feature keeps in memory forgets the member's things. */
  afterErase?: () => void;
};

/** A thing members can report, and moderators can hide when `setHidden` is given. */
export type ModeratedThing = {
  /** The report's target type. */
  type: string;
  /** One query by id: owner, hiding, words; null when it is gone. */
  read: (id: number) => Promise<ThingRow | null>;
  /**
   * Whether the member may see it, when not everyone may: a private thing answers like a missing
   * one to anyone else, so it cannot be reported by them either.
   */
  visibleTo?: (viewerId: number, id: number) => Promise<boolean>;
  /** Where the thing is read. */
  path: (id: number, postId?: number) => string;
  /**
   * Hides or restores it in the moderator's transaction: its owner, title and the post a comment is
   * on (0 otherwise), or null when nothing changed.
   */
  setHidden?: (tx: Db, id: number, hidden: boolean) => Promise<{ ownerId: number; title: string; postId: number } | null>;
  /** After the transaction: the lists and figures kept in memory follow the change. */
  visibilityChanged?: (id: number, postId: number) => Promise<void>;
};

/** A reported thing as its feature reads it for moderation. */
export type ThingRow = {
  id: number;
  ownerId: number;
  hiddenAt: number | null;
  /** A title, a comment's text, a member's name. */
  title: string;
  /** A post's content, a listing's description, a comment's text ("" for a member). */
  body: string;
  /** The post a comment is on, with what decides whether it can be seen. */
  post: { id: number; title: string; ownerId: number; hiddenAt: number | null } | null;
  /** A member's account was deleted. */
  deleted: boolean;
};

export type FeatureManifest = {
  /** The feature's folder name. */
  name: string;
  /** The job kinds the feature queues, which the runner must know how to run. */
  jobKinds?: readonly AnyJobKind[];
  /** The notification types the feature sends (each sent by one feature). */
  notificationTypes?: readonly string[];
  exports?: ExportContribution;
  erases?: ErasureContribution;
  /** What of the feature members can report, and moderators hide. */
  moderated?: readonly ModeratedThing[];
  /** The media files the feature's rows hold. */
  storedFiles?: StoredFiles;
};

/**
 * A feature's columns that hold a stored media file's name, as "table.column" (the schema's test
 * holds every such column to a manifest), and which of some names its rows hold: the hourly
 * sweep removes an upload a stopped process left in the bucket only when no feature holds it.
 */
export type StoredFiles = {
  handles: readonly string[];
  held: (names: readonly string[]) => Promise<readonly string[]>;
};

let registered: readonly FeatureManifest[] | undefined;

/** The server's features, in the feature order (lower ones first); replaces any registered before. */
export function registerFeatures(manifests: readonly FeatureManifest[]) {
  const names = new Set(manifests.map((manifest) => manifest.name));
  if (names.size !== manifests.length) throw new Error("A feature is registered twice.");
  registered = manifests;
}

/** The registered features, in the feature order. */
export function registeredFeatures(): readonly FeatureManifest[] {
  if (!registered) throw new Error("No feature is registered: the server registers them as it starts.");
  return registered;
}

/** Of these stored media names, the ones some feature's rows hold. */
export async function heldStoredFiles(names: readonly string[]): Promise<Set<string>> {
  const held = new Set<string>();
  if (!names.length) return held;
  for (const manifest of registeredFeatures()) {
    for (const name of (await manifest.storedFiles?.held(names)) ?? []) held.add(name);
  }
  return held;
}
