import { beforeAll, describe, expect, it } from "vitest";
import { posts, postComments } from "../../db/schema";
import { addListing, addMember } from "../../tests/support/unit-factories";
import {
  andSql,
  canSeeContent,
  canSeeListing,
  listedListingConditions,
  listedPostConditions,
  sqlParams,
  visibleCommentConditions,
  visibleListingConditions,
  visiblePostConditions,
  type SqlCondition,
  type Viewer,
} from "./access.server";
import { getDb, prepared } from "./db.server";

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

beforeAll(() => {
  owner = addMember("Olga Owner");
  other = addMember("Otto Other");
  blocker = addMember("Bea Blocker");
  admin = addMember("Ada Admin");
  const db = getDb();
  prepared("UPDATE users SET user_type = 'admin' WHERE id = ?").run(admin.id);
  admin = { ...admin, userType: "admin" };
  prepared("INSERT INTO blocks (blocker_id, blocked_id) VALUES (?, ?)").run(blocker.id, owner.id);
  viewers = { owner, admin, other, blocker };

  const hiddenAt = new Date();
  const post = (title: string, hidden: boolean) =>
    db
      .insert(posts)
      .values({ authorId: owner.id, title, content: "Words.", category: "recycling", hiddenAt: hidden ? hiddenAt : null })
      .returning({ id: posts.id })
      .get().id;
  things.post.shown = post("Shown", false);
  things.post.hidden = post("Hidden", true);
  const comment = (hidden: boolean) =>
    db
      .insert(postComments)
      .values({ postId: things.post.shown, authorId: owner.id, content: "A comment.", hiddenAt: hidden ? hiddenAt : null })
      .returning({ id: postComments.id })
      .get().id;
  things.comment.shown = comment(false);
  things.comment.hidden = comment(true);
  things.listing.shown = addListing(owner);
  things.listing.hidden = addListing(owner, { hiddenAt });
});

const TABLES = {
  post: { table: "posts", alias: "p", visible: visiblePostConditions, listed: listedPostConditions },
  comment: { table: "post_comments", alias: "c", visible: visibleCommentConditions, listed: null },
  listing: { table: "listings", alias: "l", visible: visibleListingConditions, listed: listedListingConditions },
} as const;

function passes(kind: keyof typeof TABLES, id: number, conditions: SqlCondition[]) {
  const { table, alias } = TABLES[kind];
  return (
    prepared(`SELECT 1 FROM ${table} ${alias} WHERE ${alias}.id = ?${andSql(conditions)}`).get(id, ...sqlParams(conditions)) !==
    undefined
  );
}

function rowOf(kind: keyof typeof TABLES, id: number) {
  const { table } = TABLES[kind];
  const ownerColumn = kind === "listing" ? "seller_id" : "author_id";
  return prepared(`SELECT ${ownerColumn} AS ownerId, hidden_at AS hiddenAt FROM ${table} WHERE id = ?`).get(id) as {
    ownerId: number;
    hiddenAt: number | null;
  };
}

describe("the visibility rule", () => {
  it("is the same in canSeeContent and in the SQL conditions, for every viewer and every thing", () => {
    const seen: string[] = [];
    for (const [name, viewer] of Object.entries(viewers)) {
      for (const kind of ["post", "comment", "listing"] as const) {
        for (const state of ["shown", "hidden"] as const) {
          const id = things[kind][state];
          const row = rowOf(kind, id);
          const inHand =
            kind === "listing"
              ? canSeeListing(viewer, { sellerId: row.ownerId, hiddenAt: row.hiddenAt })
              : canSeeContent(viewer, row);
          expect(passes(kind, id, TABLES[kind].visible(viewer)), `${name} ${state} ${kind}`).toBe(inHand);
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

  it("lists nothing hidden for anyone in the shared lists, and nothing of a blocked member", () => {
    for (const [name, viewer] of Object.entries(viewers)) {
      for (const kind of ["post", "listing"] as const) {
        const listed = TABLES[kind].listed(viewer);
        expect(passes(kind, things[kind].hidden, listed), `${name} hidden ${kind}`).toBe(false);
        expect(passes(kind, things[kind].shown, listed), `${name} shown ${kind}`).toBe(name !== "blocker");
        // No viewer id in them: every member who blocked nobody shares one kept list.
        if (name !== "blocker") expect(JSON.stringify(listed)).toBe(JSON.stringify(TABLES[kind].listed(other)));
      }
    }
  });
});
