import { registeredFeatures, type ModeratedThing, type ThingRow } from "~/services/features.server";
import type { ReportTarget } from "./vocabulary";

/**
 * The things members report, read as moderation needs them: who owns each, whether moderators hid
 * it, and the words that show what it is. A post or comment its author deleted is gone (null); a
 * deleted account stays as a row with `deleted`. Each feature says in its manifest what of it can
 * be reported and hidden (docs/decisions/035-feature-manifests.md).
 */
export type Thing = { type: ReportTarget } & ThingRow;

/** The registered features' reportable thing of a type. */
export function moderatedThing(type: ReportTarget): ModeratedThing {
  for (const { moderated } of registeredFeatures()) {
    const thing = moderated?.find((candidate) => candidate.type === type);
    if (thing) return thing;
  }
  throw new Error(`No feature lets members report a ${type}.`);
}

export async function readThing(type: ReportTarget, id: number): Promise<Thing | null> {
  const row = await moderatedThing(type).read(id);
  return row ? { type, ...row } : null;
}

/** Where a thing is read: its page for members' content, the admin page of a member. */
export function thingPath(type: ReportTarget, id: number, postId?: number) {
  return moderatedThing(type).path(id, postId);
}
