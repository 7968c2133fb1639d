import { aliasedTable, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { notifications, users } from "../../../db/schema";
import { addMember } from "../../../tests/support/unit-factories";
import { getDb, keptQuery } from "./db.server";

describe("a kept query's rows", () => {
  it("are the objects Drizzle's own mapping makes: nested, decoded, a left join without a row as null", async () => {
    const [reader, actor] = [await addMember("MapperReader"), await addMember("MapperActor")];
    const db = getDb();
    const at = new Date("2026-05-01T10:00:00.000Z");
    await db.insert(notifications).values({
      recipientId: reader.id,
      type: "follow",
      actorId: actor.id,
      actors: 2,
      subjectType: "user",
      subjectId: actor.id,
      updatedAt: at,
    });
    await db.insert(notifications).values({
      recipientId: reader.id,
      type: "follow",
      actorId: null,
      actors: 1,
      subjectType: "user",
      subjectId: reader.id,
      updatedAt: at,
    });
    const actors = aliasedTable(users, "mapper_actors");
    const select = (handle: typeof db) =>
      handle
        .select({
          notification: notifications,
          actor: { id: actors.id, username: actors.username },
          counted: { count: sql<number>`1 + 1`.mapWith(Number) },
          upper: sql<string>`upper(${notifications.type})`,
        })
        .from(notifications)
        .leftJoin(actors, eq(actors.id, notifications.actorId))
        .where(eq(notifications.recipientId, sql.placeholder("recipientId")))
        .orderBy(notifications.id);
    const kept = keptQuery(db, "row-mapper.test", (handle) => select(handle).prepare());
    // Drizzle's own, prepared the same way but never kept.
    const own = select(db).prepare();
    const rows = await kept.all({ recipientId: reader.id });
    expect(rows).toEqual(await own.all({ recipientId: reader.id }));
    expect(rows.map((row) => Object.keys(row))).toEqual(
      (await own.all({ recipientId: reader.id })).map((row) => Object.keys(row)),
    );
    expect(rows[0]!.actor).toEqual({ id: actor.id, username: "MapperActor" });
    expect(rows[1]!.actor).toBeNull();
    expect(rows[0]!.notification.actors).toBe(2);
    expect(rows[0]!.notification.updatedAt).toEqual(at);
    expect(rows[0]!.counted).toEqual({ count: 2 });
    expect(rows[0]!.upper).toBe("FOLLOW");
    expect(await kept.get({ recipientId: reader.id })).toEqual(await own.get({ recipientId: reader.id }));
    expect(await kept.get({ recipientId: -1 })).toBeUndefined();
    expect(await kept.all({ recipientId: -1 })).toEqual([]);
  });
});
