import { sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { beforeAll, describe, expect, it } from "vitest";
import { listings, posts, postComments } from "../../db/schema";
import { addListing, addMember } from "../../tests/support/unit-factories";
import {
  andSql,
  blockedIdsOf,
  canSeeContent,
  canSeeListing,
  conditionsKey,
  listedListingConditions,
  listedPostConditions,
  visibleCommentConditions,
  visibleListingConditions,
  visiblePostConditions,
  type Viewer,
} from "./access.server";
import { getDb, statement, sqlText } from "./database/db.server";

/**
 * One function decides who sees a hidden thing (seesHidden, through canSeeContent), and the SQL
 * conditions every query takes say the same: here both are asked about every viewer (the owner,
 * an admin, another member, a member who blocked the owner) and every thing (shown or hidden, a
 * post, a comment, a listing), on real rows.
 */

let owner: Viewer;
let admin: Viewer;
let other: Viewer;
let blocker: Viewer;
let viewers: Record<string, Viewer>;
const things = { post: { shown: 0, hidden: 0 }, comment: { shown: 0, hidden: 0 }, listing: { shown: 0, hidden: 0 } };

beforeAll(async () => {
  owner = await addMember("Olga Owner");
  other = await addMember("Otto Other");
  blocker = await addMember("Bea Blocker");
  admin = await addMember("Ada Admin");
  const db = getDb();
  await statement("UPDATE users SET user_type = 'admin' WHERE id = ?").run(admin.id);
  admin = { ...admin, userType: "admin" };
  await statement("INSERT INTO blocks (blocker_id, blocked_id) VALUES (?, ?)").run(blocker.id, owner.id);
  viewers = { owner, admin, other, blocker };

  const hiddenAt = new Date();
  const post = async (title: string, hidden: boolean) =>
    (
      await db
        .insert(posts)
        .values({ authorId: owner.id, title, content: "Words.", category: "recycling", hiddenAt: hidden ? hiddenAt : null })
        .returning({ id: posts.id })
        .get()
    ).id;
  things.post.shown = await post("Shown", false);
  things.post.hidden = await post("Hidden", true);
  const comment = async (hidden: boolean) =>
    (
      await db
        .insert(postComments)
        .values({ postId: things.post.shown, authorId: owner.id, content: "A comment.", hiddenAt: hidden ? hiddenAt : null })
        .returning({ id: postComments.id })
        .get()
    ).id;
  things.comment.shown = await comment(false);
  things.comment.hidden = await comment(true);
  things.listing.shown = await addListing(owner);
  things.listing.hidden = await addListing(owner, { hiddenAt });
});

const p = alias(posts, "p");
const c = alias(postComments, "c");
const l = alias(listings, "l");
const TABLES = {
  post: {
    table: "posts",
    alias: p,
    visible: (viewer: Viewer) => visiblePostConditions(viewer, p),
    listed: (viewer: Viewer) => listedPostConditions(viewer, p),
  },
  comment: { table: "post_comments", alias: c, visible: (viewer: Viewer) => visibleCommentConditions(viewer, c), listed: null },
  listing: {
    table: "listings",
    alias: l,
    visible: (viewer: Viewer) => visibleListingConditions(viewer, l),
    listed: (viewer: Viewer) => listedListingConditions(viewer, l),
  },
} as const;

async function passes(kind: keyof typeof TABLES, id: number, conditions: readonly SQL[]) {
  const { table, alias: named } = TABLES[kind];
  const query = sqlText(sql`SELECT 1 FROM ${sql.raw(table)} ${named} WHERE ${named.id} = ${id}${andSql(conditions)}`);
  return (await statement(query.sql).get(...query.params)) !== undefined;
}

async function rowOf(kind: keyof typeof TABLES, id: number) {
  const { table } = TABLES[kind];
  const ownerColumn = kind === "listing" ? "seller_id" : "author_id";
  return (await statement(`SELECT ${ownerColumn} AS ownerId, hidden_at AS hiddenAt FROM ${table} WHERE id = ?`).get(id)) as {
    ownerId: number;
    hiddenAt: number | null;
  };
}

describe("the visibility rule", () => {
  it("is the same in canSeeContent and in the SQL conditions, for every viewer and every thing", async () => {
    const seen: string[] = [];
    for (const [name, viewer] of Object.entries(viewers)) {
      const blocked = await blockedIdsOf(viewer.id);
      for (const kind of ["post", "comment", "listing"] as const) {
        for (const state of ["shown", "hidden"] as const) {
          const id = things[kind][state];
          const row = await rowOf(kind, id);
          const inHand =
            kind === "listing"
              ? canSeeListing(viewer, { sellerId: row.ownerId, hiddenAt: row.hiddenAt }, blocked)
              : canSeeContent(viewer, row, blocked);
          expect(await passes(kind, id, await TABLES[kind].visible(viewer)), `${name} ${state} ${kind}`).toBe(inHand);
          if (inHand) seen.push(`${name} ${state} ${kind}`);
        }
      }
    }
    // The owner and an admin see the hidden things too; another member only the shown ones; the
    // member who blocked the owner nothing of theirs.
    expect(seen.sort()).toEqual(
      [
        ...["admin", "owner"].flatMap((name) =>
          ["post", "comment", "listing"].flatMap((kind) => [`${name} hidden ${kind}`, `${name} shown ${kind}`]),
        ),
        ...["post", "comment", "listing"].map((kind) => `other shown ${kind}`),
      ].sort(),
    );
  });

  it("lists nothing hidden for anyone in the shared lists, and nothing of a blocked member", async () => {
    for (const [name, viewer] of Object.entries(viewers)) {
      for (const kind of ["post", "listing"] as const) {
        const listed = await TABLES[kind].listed(viewer);
        expect(await passes(kind, things[kind].hidden, listed), `${name} hidden ${kind}`).toBe(false);
        expect(await passes(kind, things[kind].shown, listed), `${name} shown ${kind}`).toBe(name !== "blocker");
        // No viewer id in them: every member who blocked nobody shares one kept list.
        if (name !== "blocker") expect(conditionsKey(listed)).toBe(conditionsKey(await TABLES[kind].listed(other)));
      }
    }
  });
});
