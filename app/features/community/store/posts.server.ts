import { asc, eq } from "drizzle-orm";
import { postMedia, posts } from "../../../../db/schema";
import { pointColumns } from "~/services/places/gazetteer.server";
import type { Viewer } from "~/services/access.server";
import { getDb, transaction } from "~/services/database/db.server";
import { moveMediaIntoPlace, nameMedia, removeMedia, type AcceptedMedia } from "~/services/media.server";
import { takeAllowance, type PublishingRefused } from "../allowance.server";
import { communityChanged } from "../cache.server";
import { getPost } from "./post-reads.server";
import type { CreatePostInput } from "../schemas";
import type { FeedPost } from "../wire";

/**
 * Publishing a post with its media. One transaction writes the rows and moves the files into
 * place; if it fails, the moved files are removed, so a refused or failed request leaves neither a
 * row nor a file.
 */

/** Publishes a valid post (see createPostSchema) with its media, within the author's allowance. */
export async function createPost(
  author: Viewer,
  input: CreatePostInput,
  media: AcceptedMedia[],
  /** The event this post shares (its organiser shares it from the event's page). */
  { eventId = null }: { eventId?: number | null } = {},
): Promise<{ ok: true; post: FeedPost } | PublishingRefused> {
  // Counted before any file is moved into place, so a refused post stores none.
  const allowance = await takeAllowance("post", author.id);
  if (!allowance.ok) return allowance;
  const stored = nameMedia(media);
  let postId: number;
  try {
    postId = await transaction(async (tx) => {
      const [{ id }] = await tx
        .insert(posts)
        .values({
          authorId: author.id,
          title: input.title,
          content: input.content,
          postType: input.post_type,
          category: input.category,
          tags: input.tags,
          locationName: input.location_name,
          ...pointColumns(input.location_name),
          isLocalEvent: input.is_local_event,
          eventDate: input.event_date,
          difficultyLevel: input.difficulty_level,
          estimatedTime: input.estimated_time,
          environmentalImpact: input.environmental_impact,
          eventId,
        })
        .returning({ id: posts.id })
        .all();
      for (const [position, file] of stored.entries()) {
        await tx
          .insert(postMedia)
          .values({ postId: id, position, ...file })
          .run();
      }
      moveMediaIntoPlace(media, stored);
      return id;
    });
  } catch (error) {
    // Not stored, so not counted either.
    await allowance.giveBack();
    await removeMedia(stored);
    throw error;
  }
  communityChanged("post");
  return { ok: true, post: (await getPost(postId, author))! };
}

/** The post that shares an event, if its organiser shared it (the first, should there be more). */
export async function postSharingEvent(eventId: number): Promise<number | null> {
  const row = await getDb().select({ id: posts.id }).from(posts).where(eq(posts.eventId, eventId)).orderBy(asc(posts.id)).get();
  return row?.id ?? null;
}
