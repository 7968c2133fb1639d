import { apiRoute, apiSuccess, failureResponse, readId, requireApiSession } from "~/services/http/api.server";
import { BLOCK_MESSAGES } from "~/features/moderation/blocks";
import { setBlocked } from "~/features/moderation/blocks.server";

async function block({ request, params }: { request: Request; params: Record<string, string | undefined> }, on: boolean) {
  const { user } = await requireApiSession(request);
  const outcome = await setBlocked(user, readId(params.id, BLOCK_MESSAGES.unknownMember), on);
  if (!outcome.ok) return failureResponse(outcome);
  return apiSuccess({ data: { blocked: outcome.blocked } });
}

/** POST (block) and DELETE (unblock) /api/users/:id/block */
export const loader = apiRoute({});
export const action = apiRoute({
  POST: (args) => block(args, true),
  DELETE: (args) => block(args, false),
});
