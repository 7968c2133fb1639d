import { postMedia } from "../../../../db/schema";
import { namesHeldIn, statement, type Db } from "~/services/database/db.server";
import { bool, groupBy, hiding, mediaAddress, memberRows, shaped } from "~/services/export-rows.server";
import type { ThingRow } from "~/services/features.server";
import { readThingRow } from "~/services/moderated-things.server";

/** The community's rows in the member's export, their erasure when the member leaves, and its things as moderation reads them. */

/** The member's posts with their files, as their export lists them. */
export async function exportedPosts(id: number) {
  const postMedia = groupBy(
    await memberRows<{ post_id: number; file_name: string; mime_type: string; size: number }>(
      `SELECT m.post_id, m.file_name, m.mime_type, m.size FROM post_media m JOIN posts p ON p.id = m.post_id
       WHERE p.author_id = @id ORDER BY m.post_id, m.position`,
      id,
    ),
    "post_id",
  );
  return (
    await memberRows(
      `SELECT id, title, content, post_type, category, tags, location_name, is_local_event, event_date, difficulty_level,
       estimated_time, environmental_impact, is_featured, likes_count, comments_count, shares_count, views_count, created_at, edited_at,
       hidden_at
     FROM posts WHERE author_id = @id ORDER BY id`,
      id,
    )
  ).map((row) => ({
    ...shaped(row, { times: ["event_date", "created_at", "edited_at"], json: ["tags", "environmental_impact"] }),
    is_local_event: bool(row.is_local_event as number),
    is_featured: bool(row.is_featured as number),
    ...hiding(row),
    media: (postMedia.get(row.id) ?? []).map((file) => ({
      url: mediaAddress(file.file_name),
      type: file.mime_type,
      size: file.size,
    })),
  }));
}

export async function exportedComments(id: number) {
  return (
    await memberRows(
      `SELECT c.id, c.post_id, p.title AS post_title, c.content, c.created_at, c.edited_at, c.hidden_at
       FROM post_comments c JOIN posts p ON p.id = c.post_id WHERE c.author_id = @id ORDER BY c.id`,
      id,
    )
  ).map((row) => ({ ...shaped(row, { times: ["created_at", "edited_at"] }), ...hiding(row) }));
}

export async function exportedInteractions(id: number) {
  return (
    await memberRows(
      "SELECT post_id, type, created_at FROM post_interactions WHERE user_id = @id ORDER BY created_at, post_id",
      id,
    )
  ).map((row) => shaped(row, { times: ["created_at"] }));
}

export async function exportedFollows(id: number) {
  return {
    following: (
      await memberRows(
        `SELECT u.id, u.username, f.created_at AS since FROM follows f JOIN users u ON u.id = f.author_id
         WHERE f.follower_id = @id ORDER BY f.created_at`,
        id,
      )
    ).map((row) => shaped(row, { times: ["since"] })),
    followers: (
      await memberRows(
        `SELECT u.id, u.username, f.created_at AS since FROM follows f JOIN users u ON u.id = f.follower_id
         WHERE f.author_id = @id ORDER BY f.created_at`,
        id,
      )
    ).map((row) => shaped(row, { times: ["since"] })),
  };
}

/**
 * The member's community rows go; counters on other members' posts lose what the member gave them
 * in the same transaction, so each still equals its rows (a hidden comment already left its post's
 * count when it was hidden).
 */
export async function eraseCommunityRows(_tx: Db, id: number) {
  const run = (sql: string) => statement(sql).run({ id });
  // Read before the rows go: the files to remove once the deletion is stored.
  const files = (await statement(
    "SELECT m.file_name AS fileName FROM post_media m JOIN posts p ON p.id = m.post_id WHERE p.author_id = @id",
  ).all({ id })) as { fileName: string }[];
  await run(`UPDATE posts SET
      likes_count = max(0, likes_count - (SELECT count(*) FROM post_interactions i WHERE i.post_id = posts.id AND i.user_id = @id AND i.type = 'like')),
      shares_count = max(0, shares_count - (SELECT count(*) FROM post_interactions i WHERE i.post_id = posts.id AND i.user_id = @id AND i.type = 'share')),
      views_count = max(0, views_count - (SELECT count(*) FROM post_interactions i WHERE i.post_id = posts.id AND i.user_id = @id AND i.type = 'view')),
      comments_count = max(0, comments_count - (SELECT count(*) FROM post_comments c WHERE c.post_id = posts.id AND c.author_id = @id AND c.hidden_at IS NULL))
    WHERE author_id <> @id AND id IN (
      SELECT post_id FROM post_interactions WHERE user_id = @id UNION SELECT post_id FROM post_comments WHERE author_id = @id)`);
  await run("DELETE FROM post_interactions WHERE user_id = @id");
  await run("DELETE FROM post_comments WHERE author_id = @id");
  // Their posts take their media rows, comments and interactions with them (foreign keys).
  await run("DELETE FROM posts WHERE author_id = @id");
  await run("DELETE FROM follows WHERE follower_id = @id OR author_id = @id");
  await run("DELETE FROM user_preferences WHERE user_id = @id");
  return { files: files.map((file) => file.fileName) };
}

/** A post as moderation reads it. */
export async function postThing(id: number): Promise<ThingRow | null> {
  return readThingRow(
    "SELECT id, author_id AS ownerId, hidden_at AS hiddenAt, title, content AS body FROM posts WHERE id = ?",
    id,
  );
}

/** A comment, with its post, as moderation reads it. */
export async function commentThing(id: number): Promise<ThingRow | null> {
  return readThingRow(
    `SELECT c.id, c.author_id AS ownerId, c.hidden_at AS hiddenAt, c.content AS title, c.content AS body,
    p.id AS postId, p.title AS postTitle, p.author_id AS postOwnerId, p.hidden_at AS postHiddenAt
    FROM post_comments c JOIN posts p ON p.id = c.post_id WHERE c.id = ?`,
    id,
  );
}

/** Which of some stored media names are posts' media. */
export const heldPostMedia = namesHeldIn(postMedia.fileName);
