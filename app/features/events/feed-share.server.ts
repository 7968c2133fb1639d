import { createPostSchema } from "~/features/community/schemas";
import { createPost, postSharingEvent } from "~/features/community/store/posts.server";
import { refuse } from "~/lib/forms";
import type { Viewer } from "~/services/access.server";
import { transaction } from "~/services/database/db.server";
import { changeRefusal } from "./rules";
import { eventById } from "./store/events.server";
import { eventWhen } from "./times";
import { NO_SUCH_EVENT } from "./vocabulary";

/**
 * The organiser shares their event to the community feed: a post of type event (a local event
 * with its date and place) that names the event, so the feed links to the event's page where
 * members answer. Once: the feed's post stands for the event, and a change of time or place is told
 * to those going, not posted again.
 */
export async function shareEventToFeed(viewer: Viewer, id: number) {
  const row = await eventById(id);
  if (!row) return refuse("not-found", NO_SUCH_EVENT);
  const refusal = changeRefusal(viewer, {
    organiserId: row.organiserId,
    status: row.status,
    startsAt: row.startsAt.getTime(),
    endsAt: row.endsAt.getTime(),
    capacity: row.capacity,
    isSample: row.isSample,
  });
  if (refusal) return refusal;
  if (row.endsAt.getTime() <= Date.now())
    return refuse("conflict", "This event has ended: there is nothing to invite members to.");
  const when = eventWhen(row.startsAt.getTime(), row.endsAt.getTime(), row.timeZone);
  const input = createPostSchema.safeParse({
    title: row.title.slice(0, 200),
    content: `${when} at ${row.place}.${row.description ? `\n\n${row.description}` : ""}`.slice(0, 10_000),
    post_type: "event",
    category: "community_action",
    location_name: row.place.slice(0, 100),
    is_local_event: "true",
    event_date: row.startsAt.toISOString(),
  });
  if (!input.success) return refuse("invalid", input.error.issues[0]?.message ?? "The event could not be shared.");
  // The look and the post in one write transaction: Share pressed twice at once (in two worker
  // processes too) posts once, and the second is told it is there.
  const outcome = await transaction(async () => {
    if ((await postSharingEvent(id)) !== null) return refuse("conflict", "This event is already in the community feed.");
    return createPost(viewer, input.data, [], { eventId: id });
  });
  if (!outcome.ok) return { ...outcome, errors: {} };
  return { ok: true as const, message: "Your event is in the community feed.", postId: outcome.post.id };
}

/** The feed's post of the event, when its organiser shared it. */
export const feedPostOfEvent = (id: number) => postSharingEvent(id);
