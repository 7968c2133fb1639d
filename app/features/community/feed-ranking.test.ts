import { describe, expect, it } from "vitest";
import {
  engagementOf,
  forYouScore,
  popularScore,
  rankBy,
  recommendationScore,
  trendingScore,
  type RankCandidate,
  type RankViewer,
} from "~/features/community/feed-ranking.server";
import { toFtsQuery } from "~/features/community/store/feed.server";
import { parseRange } from "~/services/media.server";

const HOUR = 60 * 60 * 1000;
const now = Date.UTC(2026, 10, 22, 12);

const post = (overrides: Partial<RankCandidate> = {}): RankCandidate => ({
  id: 1,
  authorId: 10,
  category: "recycling",
  postType: "tip",
  isFeatured: false,
  createdAt: now,
  likes: 0,
  comments: 0,
  shares: 0,
  views: 0,
  ...overrides,
});

const nobody: RankViewer = { categories: new Set(), postTypes: new Set(), followedAuthors: new Set() };

describe("engagement", () => {
  it("weighs a comment twice and a share three times a like, and ignores views", () => {
    expect(engagementOf(post({ likes: 5, comments: 2, shares: 1, views: 1000 }))).toBe(5 + 4 + 3);
    expect(popularScore(post({ likes: 1, shares: 1 }))).toBe(4);
  });
});

describe("For You", () => {
  it("is (1 + log2(1 + engagement)) for a new post nobody has preferences about", () => {
    expect(forYouScore(post(), nobody, now)).toBe(1);
    expect(forYouScore(post({ likes: 7 }), nobody, now)).toBe(4);
  });

  it("halves every 72 hours", () => {
    expect(forYouScore(post({ createdAt: now - 72 * HOUR }), nobody, now)).toBeCloseTo(0.5);
    expect(forYouScore(post({ createdAt: now - 144 * HOUR }), nobody, now)).toBeCloseTo(0.25);
  });

  it("never reorders two posts as time passes", () => {
    const a = post({ id: 1, likes: 30, createdAt: now - 50 * HOUR });
    const b = post({ id: 2, likes: 2, createdAt: now - 2 * HOUR });
    const order = (at: number) => rankBy([a, b], (p) => forYouScore(p, nobody, at)).map((r) => r.id);
    expect(order(now)).toEqual(order(now + 500 * HOUR));
  });

  it("multiplies by 1.5 for a preferred category, 1.25 for a preferred type, 2 for a followed author, 3 when featured", () => {
    const base = forYouScore(post(), nobody, now);
    const viewer = (changes: Partial<RankViewer>) => ({ ...nobody, ...changes });
    expect(forYouScore(post(), viewer({ categories: new Set(["recycling"]) }), now)).toBe(base * 1.5);
    expect(forYouScore(post(), viewer({ postTypes: new Set(["tip"]) }), now)).toBe(base * 1.25);
    expect(forYouScore(post(), viewer({ followedAuthors: new Set([10]) }), now)).toBe(base * 2);
    expect(forYouScore(post({ isFeatured: true }), nobody, now)).toBe(base * 3);
    const all = viewer({ categories: new Set(["recycling"]), postTypes: new Set(["tip"]), followedAuthors: new Set([10]) });
    expect(forYouScore(post({ isFeatured: true }), all, now)).toBeCloseTo(base * 1.5 * 1.25 * 2 * 3);
  });

  it("treats a post dated in the future as new, not as newer than new", () => {
    expect(forYouScore(post({ createdAt: now + 10 * HOUR }), nobody, now)).toBe(1);
  });
});

describe("Trending (Lemmy's hot rank)", () => {
  it("is log10(max(2, engagement + 2)) / (hours + 2)^1.8", () => {
    expect(trendingScore(post(), now)).toBeCloseTo(Math.log10(2) / 2 ** 1.8);
    expect(trendingScore(post({ likes: 98, createdAt: now - 8 * HOUR }), now)).toBeCloseTo(2 / 10 ** 1.8);
  });

  it("lets a fresh post with little engagement pass an old one with a lot", () => {
    const old = post({ id: 1, likes: 500, createdAt: now - 72 * HOUR });
    const fresh = post({ id: 2, likes: 5, createdAt: now - HOUR });
    expect(rankBy([old, fresh], (p) => trendingScore(p, now)).map((r) => r.id)).toEqual([2, 1]);
  });
});

describe("rankBy", () => {
  it("sorts by score, highest first, and breaks ties by the higher id", () => {
    const ranked = rankBy(
      [
        { id: 1, s: 5 },
        { id: 3, s: 7 },
        { id: 2, s: 5 },
        { id: 4, s: 5 },
      ],
      (c) => c.s,
    );
    expect(ranked).toEqual([
      { id: 3, score: 7 },
      { id: 4, score: 5 },
      { id: 2, score: 5 },
      { id: 1, score: 5 },
    ]);
  });
});

describe("recommendationScore", () => {
  const author = {
    id: 1,
    posts: 3,
    engagement: 7,
    topCategory: "recycling",
    isExpert: false,
    isVerified: false,
    matchesPreferences: false,
  };
  it("adds dampened engagement to output and multiplies the marks", () => {
    expect(recommendationScore(author)).toBe(3 + 3);
    expect(recommendationScore({ ...author, matchesPreferences: true })).toBe(12);
    expect(recommendationScore({ ...author, isExpert: true, isVerified: true })).toBe(6 * 1.5 * 1.25);
  });
});

describe("toFtsQuery", () => {
  it("keeps only words, each a quoted prefix term", () => {
    expect(toFtsQuery("compost bays")).toBe('"compost"* "bays"*');
    expect(toFtsQuery('title:x OR "y" NEAR(z) -w *')).toBe('"title"* "x"* "OR"* "y"* "NEAR"* "z"* "w"*');
    expect(toFtsQuery("' OR 1=1 --")).toBe('"OR"* "1"* "1"*');
    expect(toFtsQuery("Tomás café")).toBe('"Tomás"* "café"*');
    expect(toFtsQuery("  *^:()  ")).toBeNull();
  });

  it("uses at most eight words", () => {
    expect(toFtsQuery("a b c d e f g h i j")!.split(" ")).toHaveLength(8);
  });
});

describe("parseRange", () => {
  it("reads single byte ranges and refuses the rest", () => {
    expect(parseRange("bytes=0-9", 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange("bytes=90-", 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange("bytes=-10", 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange("bytes=50-500", 100)).toEqual({ start: 50, end: 99 });
    expect(parseRange("bytes=100-", 100)).toBeNull();
    expect(parseRange("bytes=9-1", 100)).toBeNull();
    expect(parseRange("bytes=0-1,5-6", 100)).toBeNull();
    expect(parseRange("items=0-1", 100)).toBeNull();
    expect(parseRange("bytes=-", 100)).toBeNull();
  });
});
