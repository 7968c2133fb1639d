import { beforeAll, describe, expect, it } from "vitest";
import { users } from "../../db/schema";
import { createPostSchema } from "~/utils/community";
import { getDb, prepared } from "~/utils/db.server";
import { getPost } from "~/utils/feed.server";
import { createPost, recordInteraction } from "~/utils/posts.server";
import { profileSchema } from "~/utils/profile";
import { updateProfile } from "~/utils/profile.server";

let authorId: number;
let readerId: number;

function addMember(username: string) {
  const [{ id }] = getDb()
    .insert(users)
    .values({ username, email: `${username.toLowerCase()}@example.org`, passwordHash: "!" })
    .returning({ id: users.id })
    .all();
  return id;
}

const writePost = () =>
  createPost(
    authorId,
    createPostSchema.parse({
      title: "Sorting glass by colour",
      content: "Clear, green and brown glass melt at different rates.",
      category: "recycling",
      tags: ["glass", "sorting"],
      environmental_impact: { co2_saved: "3 kg" },
    }),
    [],
  );

beforeAll(() => {
  authorId = addMember("Ada");
  readerId = addMember("Reader");
});

describe("posts as shown (a post's body is kept between answers)", () => {
  it("shows new counters and the author's new name at once", async () => {
    const { id } = await writePost();
    expect(getPost(id, readerId)).toMatchObject({ author_name: "Ada", likes_count: 0, views_count: 0 });

    recordInteraction(readerId, id, "like");
    recordInteraction(readerId, id, "view");
    updateProfile(authorId, profileSchema.parse({ name: "Ada Lovelace" }));

    expect(getPost(id, readerId)).toMatchObject({
      title: "Sorting glass by colour",
      tags: ["glass", "sorting"],
      environmental_impact: { co2_saved: "3 kg" },
      author_name: "Ada Lovelace",
      likes_count: 1,
      views_count: 1,
      user_interacted: { like: true, view: true, save: false },
    });
    // Each viewer still sees their own interactions.
    expect(getPost(id, authorId)!.user_interacted.like).toBe(false);
  });

  it("does not let one caller change what the next one is shown", async () => {
    const { id } = await writePost();
    const shown = getPost(id, readerId)!;
    expect(() => shown.tags.push("changed")).toThrow(TypeError);
    expect(() => Object.assign(shown.environmental_impact, { water_saved: "1 l" })).toThrow(TypeError);
    expect(getPost(id, readerId)).toMatchObject({
      tags: ["glass", "sorting"],
      environmental_impact: { co2_saved: "3 kg" },
    });
  });

  it("shows nothing for a post removed from the database, though its body was kept", async () => {
    const { id } = await writePost();
    expect(getPost(id, readerId)).not.toBeNull();
    prepared("DELETE FROM posts WHERE id = ?").run(id);
    expect(getPost(id, readerId)).toBeNull();
  });
});
