/**
 * Blocking between members: the sentences members read and the rule that decides a block. Plain
 * values only, so pages may import them; blocks.server.ts writes and reads the blocks.
 */

export const BLOCK_MESSAGES = {
  cannotMessage: "You cannot message this member.",
  cannotOrder: "You cannot order from this member.",
  cannotFollow: "You cannot follow this member.",
  blockSelf: "You cannot block yourself.",
  unknownMember: "This member does not exist.",
  blocked: (name: string) => `You blocked ${name}: you no longer see their posts, comments or listings.`,
  unblocked: (name: string) => `You unblocked ${name}.`,
  tooMany: (max: number) => `You can block at most ${max.toLocaleString("en")} members: unblock someone first.`,
  pageNote: "You blocked this member: you don't see their posts, comments or listings.",
} as const;

export type BlockRefusal = { reason: "invalid" | "not-found" | "conflict"; message: string };

/**
 * Whether a member may block another: never themself (400), only a member who exists and has not
 * deleted their account (404), and at most `max` members (409). Blocking someone already blocked
 * is allowed (nothing changes), so it never counts against the limit.
 */
export function blockRefusal(input: {
  blockerId: number;
  blockedId: number;
  member: { deleted: boolean } | null;
  alreadyBlocked: boolean;
  blocks: number;
  max: number;
}): BlockRefusal | null {
  if (input.blockerId === input.blockedId) return { reason: "invalid", message: BLOCK_MESSAGES.blockSelf };
  if (!input.member || input.member.deleted) return { reason: "not-found", message: BLOCK_MESSAGES.unknownMember };
  if (!input.alreadyBlocked && input.blocks >= input.max)
    return { reason: "conflict", message: BLOCK_MESSAGES.tooMany(input.max) };
  return null;
}
