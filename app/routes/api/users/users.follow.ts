import { apiRoute, failureResponse, apiSuccess, readId, requireApiSession } from "~/services/http/api.server";
import { setFollowing } from "~/features/community/store/members.server";
import { messages } from "~/features/community/messages";

async function follow({ request, params }: { request: Request; params: Record<string, string | undefined> }, on: boolean) {
  const { user } = await requireApiSession(request);
  const outcome = await setFollowing(user.id, readId(params.id, messages.unknownMember), on);
  if (!outcome.ok) return failureResponse(outcome);
  return apiSuccess({
    data: {
      following: outcome.following,
      followers_count: outcome.followers_count,
    },
  });
}

/** POST (follow) and DELETE (unfollow) /api/users/:id/follow */
export const loader = apiRoute({});
export const action = apiRoute({
  POST: (args) => follow(args, true),
  DELETE: (args) => follow(args, false),
});
