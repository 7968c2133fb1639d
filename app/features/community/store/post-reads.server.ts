import { fillPlaceholders, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { posts as postsTable } from "../../../../db/schema";
import { z } from "~/lib/zod";
import { keptRecentlyUsed } from "~/lib/recently-used";
import { andSql, conditionsKey, visiblePostConditions, type Viewer } from "~/services/access.server";
import { statement, sqlText } from "~/services/database/db.server";
import { mediaUrl } from "~/services/media.server";
import { reportedByColumn } from "~/features/moderation/reports.server";
import { keepPostBody, keptPostBody } from "../cache.server";
import { parseJsonColumn } from "./json-column.server";
import type { FeedPage, FeedPost } from "../wire";
import { INTERACTION_TYPES, type InteractionType } from "../vocabulary";
import { frozen } from "~/lib/frozen";

/**
 * Posts by id, as the API and the page show them (FeedPost): what every list, a single post's
 * page and every interaction's answer is made of. A post the viewer may not see is read exactly
 * like one that does not exist.
 */

/** The parts of a post that never change once it is written (kept in cache.server). */
export type PostBody = Omit<
  FeedPost,
  | "author_name"
  | "author_type"
  | "is_verified"
  | "likes_count"
  | "comments_count"
  | "shares_count"
  | "views_count"
  | "user_interacted"
  | "is_reported"
  | "score"
  | "is_hidden"
>;

/** `posts` as the queries here name it. */
const p = alias(postsTable, "p");

const tagsColumn = z.array(z.string());
const impactColumn = z.record(z.string(), z.string());

/** posts.tags: a list of text. */
const readPostTags = (text: string, postId: number) => parseJsonColumn(text, tagsColumn, "posts.tags", postId);

/** posts.environmental_impact: impact type -> amount, both text. */
const readEnvironmentalImpact = (text: string, postId: number) =>
  parseJsonColumn(text, impactColumn, "posts.environmental_impact", postId);

type BodyRow = [
  id: number,
  title: string,
  content: string,
  postType: string,
  category: string,
  tags: string,
  locationName: string | null,
  isLocalEvent: number,
  eventDate: number | null,
  difficultyLevel: string | null,
  estimatedTime: string | null,
  environmentalImpact: string,
  isFeatured: number,
  createdAt: number,
  authorId: number,
  editedAt: number | null,
  eventId: number | null,
];

const POST_BODIES_BY_IDS = `SELECT id, title, content, post_type, category, tags, location_name,
  is_local_event, event_date, difficulty_level, estimated_time, environmental_impact, is_featured,
  created_at, author_id, edited_at, event_id FROM posts WHERE id IN (SELECT value FROM json_each(?))`;

const MEDIA_BY_POST_IDS = `SELECT post_id AS postId, file_name AS fileName, mime_type AS mimeType
  FROM post_media WHERE post_id IN (SELECT value FROM json_each(?)) ORDER BY post_id, position`;

type LiveRow = [
  id: number,
  likes: number,
  comments: number,
  shares: number,
  views: number,
  authorName: string,
  authorType: string,
  isVerified: number,
  hiddenAt: number | null,
  interactions: number | null,
  reported: number,
];

/** The viewer's interactions with a post, read as the bits of one number. */
const INTERACTION_BIT = Object.fromEntries(INTERACTION_TYPES.map((type, index) => [type, 1 << index])) as Record<
  InteractionType,
  number
>;
const interactionBits = sql.raw(
  `CASE i.type ${INTERACTION_TYPES.map((type) => `WHEN '${type}' THEN ${INTERACTION_BIT[type]}`).join(" ")} END`,
);

/** liveFieldsByIds' statements as text, by the viewer and the text of their conditions, the most recently used kept. */
const liveFieldsQueries = new Map<string, { sql: string; params: unknown[] }>();
const MAX_LIVE_FIELDS_QUERIES = 1000;

/**
 * The parts of posts that change, for the posts the viewer may see, with what the viewer did to
 * each and whether they reported it: one statement, since through PostgreSQL each is a round trip
 * that costs more than the reading. A post missing here does not exist for the viewer, whatever
 * body is kept. Its text is made once for a viewer and the same conditions, the ids a
 * placeholder: building it again was 5% of a feed's CPU.
 */
const liveFieldsByIds = async (viewer: Viewer, ids: string) => {
  const visible = await visiblePostConditions(viewer, p);
  const query = keptRecentlyUsed(liveFieldsQueries, `${viewer.id}:${conditionsKey(visible)}`, MAX_LIVE_FIELDS_QUERIES, () =>
    sqlText(sql`SELECT p.id, p.likes_count, p.comments_count, p.shares_count, p.views_count,
  u.username, u.author_type, u.is_verified, p.hidden_at,
  (SELECT sum(${interactionBits}) FROM post_interactions i WHERE i.user_id = ${viewer.id} AND i.post_id = p.id),
  ${reportedByColumn(viewer.id, "post", p.id)}
  FROM posts p JOIN users u ON u.id = p.author_id
  WHERE p.id IN (SELECT value FROM json_each(${sql.placeholder("ids")}))${andSql(visible)}`),
  );
  return { sql: query.sql, params: fillPlaceholders(query.params, { ids }) };
};

/** Bodies of the given posts, from those kept or else read (and then kept). */
async function postBodies(ids: number[]): Promise<Map<number, PostBody>> {
  const bodies = new Map<number, PostBody>();
  const missing: number[] = [];
  for (const id of ids) {
    const kept = keptPostBody(id);
    if (kept) bodies.set(id, kept);
    else missing.push(id);
  }
  if (!missing.length) return bodies;
  const missingIds = JSON.stringify(missing);
  const media = new Map<number, { url: string; type: string }[]>();
  for (const item of (await statement(MEDIA_BY_POST_IDS).all(missingIds)) as {
    postId: number;
    fileName: string;
    mimeType: string;
  }[]) {
    const list = media.get(item.postId) ?? [];
    list.push({ url: mediaUrl(item.fileName), type: item.mimeType });
    media.set(item.postId, list);
  }
  for (const row of (await statement(POST_BODIES_BY_IDS).values(missingIds)) as BodyRow[]) {
    const [id, title, content, postType, category, tags, locationName, isLocalEvent, eventDate] = row;
    const files = media.get(id) ?? [];
    // Every answer showing a post shares its kept body: frozen, so no caller can change another's.
    const body: PostBody = frozen({
      id,
      title,
      content,
      post_type: postType,
      category,
      tags: frozen(readPostTags(tags, id)),
      media_urls: frozen(files.map((file) => file.url)),
      media: frozen(files.map(frozen)),
      location_name: locationName,
      is_local_event: isLocalEvent === 1,
      event_date: eventDate === null ? null : new Date(eventDate).toISOString(),
      difficulty_level: row[9],
      estimated_time: row[10],
      environmental_impact: frozen(readEnvironmentalImpact(row[11], id)),
      is_featured: row[12] === 1,
      created_at: new Date(row[13]).toISOString(),
      author_id: row[14],
      edited_at: row[15] === null ? null : new Date(row[15]).toISOString(),
      event_id: row[16],
    });
    bodies.set(id, body);
    keepPostBody(id, body);
  }
  return bodies;
}

/** Full posts for the given ids, in the given order, as the API shows them to this viewer. */
export async function loadPosts(order: { id: number; score: number | null }[], viewer: Viewer): Promise<FeedPost[]> {
  if (!order.length) return [];
  const ids = JSON.stringify(order.map((entry) => entry.id));
  const liveFields = await liveFieldsByIds(viewer, ids);
  const live = new Map(((await statement(liveFields.sql).values(...liveFields.params)) as LiveRow[]).map((row) => [row[0], row]));
  const bodies = await postBodies([...live.keys()]);
  const posts: FeedPost[] = [];
  const bodiesInOrder: PostBody[] = [];
  for (const { id, score } of order) {
    const row = live.get(id);
    const body = bodies.get(id);
    if (!row || !body) continue;
    const did = row[9] ?? 0;
    const post: FeedPost = {
      id,
      title: body.title,
      content: body.content,
      post_type: body.post_type,
      category: body.category,
      tags: body.tags,
      media_urls: body.media_urls,
      media: body.media,
      location_name: body.location_name,
      is_local_event: body.is_local_event,
      event_date: body.event_date,
      difficulty_level: body.difficulty_level,
      estimated_time: body.estimated_time,
      environmental_impact: body.environmental_impact,
      author_id: body.author_id,
      author_name: row[5],
      author_type: row[6],
      is_verified: row[7] === 1,
      is_featured: body.is_featured,
      likes_count: row[1],
      comments_count: row[2],
      shares_count: row[3],
      views_count: row[4],
      created_at: body.created_at,
      edited_at: body.edited_at,
      event_id: body.event_id,
      is_hidden: row[8] !== null,
      user_interacted: {
        like: (did & INTERACTION_BIT.like) !== 0,
        save: (did & INTERACTION_BIT.save) !== 0,
        share: (did & INTERACTION_BIT.share) !== 0,
        view: (did & INTERACTION_BIT.view) !== 0,
        comment: (did & INTERACTION_BIT.comment) !== 0,
      },
      is_reported: row[10] === 1,
      score,
    };
    posts.push(post);
    bodiesInOrder.push(body);
  }
  bodiesOfList.set(posts, bodiesInOrder);
  return posts;
}

/**
 * A post's answer as JSON text, kept per body: the fields that never change once the post is
 * written (its title and content are most of an answer's bytes) are serialised once per process,
 * not once per request. The bodies a list of posts was made from, in its order, for their text
 * (one entry a list: one a post cost more than it saved).
 */
const bodiesOfList = new WeakMap<readonly FeedPost[], readonly PostBody[]>();
type BodyText = { head: string; featured: string; tail: string };
const bodyTexts = new WeakMap<object, BodyText>();
// FeedPost's fields in its order: the body's first ones, is_featured and the last ones.
const HEAD_FIELDS = [
  "title",
  "content",
  "post_type",
  "category",
  "tags",
  "media_urls",
  "media",
  "location_name",
  "is_local_event",
  "event_date",
  "difficulty_level",
  "estimated_time",
  "environmental_impact",
  "author_id",
] as const satisfies readonly (keyof PostBody)[];
const TAIL_FIELDS = ["created_at", "edited_at", "event_id"] as const satisfies readonly (keyof PostBody)[];

const fieldsText = (source: Pick<FeedPost, keyof PostBody>, fields: readonly (keyof PostBody)[]) =>
  fields.map((field) => `"${field}":${JSON.stringify(source[field])}`).join(",");

function bodyTextOf(post: FeedPost, body: PostBody | undefined): BodyText {
  // A post not listed by loadPosts has no kept body (nor one of a list changed since, whose
  // bodies no longer line up): its own fields, the same values.
  const source = body?.id === post.id ? body : post;
  let text = bodyTexts.get(source);
  if (!text) {
    text = { head: fieldsText(source, HEAD_FIELDS), featured: String(source.is_featured), tail: fieldsText(source, TAIL_FIELDS) };
    bodyTexts.set(source, text);
  }
  return text;
}

/** `JSON.stringify(post)`, the same text (a test holds them together), its body's part written once. */
function feedPostJson(post: FeedPost, keptBody?: PostBody): string {
  const body = bodyTextOf(post, keptBody);
  const did = post.user_interacted;
  return (
    `{"id":${post.id},${body.head},"author_name":${JSON.stringify(post.author_name)},` +
    `"author_type":${JSON.stringify(post.author_type)},"is_verified":${post.is_verified},"is_featured":${body.featured},` +
    `"likes_count":${post.likes_count},"comments_count":${post.comments_count},"shares_count":${post.shares_count},` +
    `"views_count":${post.views_count},${body.tail},"is_hidden":${post.is_hidden},"user_interacted":{"like":${did.like},` +
    `"save":${did.save},"share":${did.share},"view":${did.view},"comment":${did.comment}},` +
    `"is_reported":${post.is_reported},"score":${JSON.stringify(post.score)}}`
  );
}

/** `JSON.stringify(page)` of a page of posts, the same text. */
export function feedPageJson(page: FeedPage): string {
  const bodies = bodiesOfList.get(page.posts);
  const posts = page.posts.map((post, at) => feedPostJson(post, bodies?.[at]));
  return `{"posts":[${posts.join(",")}],"pagination":${JSON.stringify(page.pagination)}}`;
}

/** One post as the viewer sees it, or null when it does not exist or is not the viewer's to see. */
export async function getPost(postId: number, viewer: Viewer): Promise<FeedPost | null> {
  return (await loadPosts([{ id: postId, score: null }], viewer))[0] ?? null;
}

/**
 * Whether the post exists for the viewer: what an interaction or a comment asks before it
 * touches a post, so that a post the viewer may not see answers like a missing one.
 */
export async function isPostVisible(viewer: Viewer, postId: number): Promise<boolean> {
  const visible = await visiblePostConditions(viewer, p);
  const query = sqlText(sql`SELECT 1 FROM posts p WHERE p.id = ${postId}${andSql(visible)}`);
  return (await statement(query.sql).get(...query.params)) !== undefined;
}
