/**
 * How the ranked feeds order posts. Pure functions of a post's counters, its age and the viewer,
 * so they can be tested alone; feed.server.ts fetches the candidates and calls them.
 *
 * Every ranked list is sorted by score, highest first, with ties broken by id (newest first),
 * so the same candidates always come back in the same order and pages never repeat or skip.
 */

/**
 * How many of the newest posts that pass a list's filters a ranked list scores (For You adds
 * featured posts of any age). Page 50 then costs what page 1 costs, and a ranked list ends
 * after this many posts.
 */
export const RANK_POOL_SIZE = 1000;

export type RankCandidate = {
  id: number;
  authorId: number;
  category: string;
  postType: string;
  isFeatured: boolean;
  /** Milliseconds since the epoch. */
  createdAt: number;
  likes: number;
  comments: number;
  shares: number;
  views: number;
};

export type RankViewer = {
  categories: ReadonlySet<string>;
  postTypes: ReadonlySet<string>;
  followedAuthors: ReadonlySet<number>;
};

const HOUR_MS = 60 * 60 * 1000;

/**
 * engagement = likes + 2 × comments + 3 × shares.
 * A comment or a share costs the member more than a like, so it says more. Views are left out:
 * they mostly measure how high a post was already ranked.
 */
export function engagementOf(post: Pick<RankCandidate, "likes" | "comments" | "shares">) {
  return post.likes + 2 * post.comments + 3 * post.shares;
}

const ageInHours = (createdAt: number, now: number) => Math.max(0, (now - createdAt) / HOUR_MS);

/** For You's weights (the shape of Forem's weighted feed: one factor per signal, multiplied). */
const FOR_YOU_WEIGHTS = {
  /** Hours after which a post's recency factor has halved. */
  halfLifeHours: 72,
  preferredCategory: 1.5,
  preferredPostType: 1.25,
  followedAuthor: 2,
  featured: 3,
} as const;

/**
 * For You:
 *   score = (1 + log2(1 + engagement)) × 0.5^(age in hours / 72) × boosts
 * where boosts multiply 1.5 for one of the viewer's preferred categories, 1.25 for a preferred
 * post type, 2 for an author the viewer follows and 3 for a featured post.
 * The logarithm keeps one viral post from burying everything new; the exponential decay lowers
 * every post by the same factor as time passes, so waiting never reorders a page.
 */
export function forYouScore(post: RankCandidate, viewer: RankViewer, now: number) {
  const base = 1 + Math.log2(1 + engagementOf(post));
  const recency = 0.5 ** (ageInHours(post.createdAt, now) / FOR_YOU_WEIGHTS.halfLifeHours);
  let boost = 1;
  if (viewer.categories.has(post.category)) boost *= FOR_YOU_WEIGHTS.preferredCategory;
  if (viewer.postTypes.has(post.postType)) boost *= FOR_YOU_WEIGHTS.preferredPostType;
  if (viewer.followedAuthors.has(post.authorId)) boost *= FOR_YOU_WEIGHTS.followedAuthor;
  if (post.isFeatured) boost *= FOR_YOU_WEIGHTS.featured;
  return base * recency * boost;
}

/**
 * Trending, Lemmy's hot rank:
 *   score = log10(max(2, engagement + 2)) / (age in hours + 2)^1.8
 * Engagement counts logarithmically and age polynomially, so a post needs ever more engagement
 * to stay up as it ages.
 */
export function trendingScore(post: RankCandidate, now: number) {
  return Math.log10(Math.max(2, engagementOf(post) + 2)) / (ageInHours(post.createdAt, now) + 2) ** 1.8;
}

/** Popular: engagement alone. */
export function popularScore(post: RankCandidate) {
  return engagementOf(post);
}

export type Ranked = { id: number; score: number };

/** Scores every candidate and sorts: highest score first, then highest id. */
export function rankBy<T extends { id: number }>(candidates: readonly T[], score: (candidate: T) => number): Ranked[] {
  return candidates
    .map((candidate) => ({ id: candidate.id, score: score(candidate) }))
    .sort((a, b) => b.score - a.score || b.id - a.id);
}

export type AuthorActivity = {
  id: number;
  /** Posts among the newest candidates. */
  posts: number;
  /** Their summed engagement. */
  engagement: number;
  topCategory: string;
  isExpert: boolean;
  isVerified: boolean;
  matchesPreferences: boolean;
};

/**
 * Who to follow:
 *   score = (log2(1 + engagement) + posts) × 2 if they post in a preferred category
 *           × 1.5 if expert × 1.25 if verified
 * Engagement is dampened like For You's, so a steady contributor can beat one lucky post.
 */
export function recommendationScore(author: AuthorActivity) {
  let score = Math.log2(1 + author.engagement) + author.posts;
  if (author.matchesPreferences) score *= 2;
  if (author.isExpert) score *= 1.5;
  if (author.isVerified) score *= 1.25;
  return score;
}
