import { describe, expect, it } from "vitest";
import { getDb, sqliteClient } from "~/services/database/db.server";
import { memberNamesLine, membersWithNamesOutsideTheRule } from "./member-names.server";

const insert = (username: string, deletedAt: number | null = null) =>
  Number(
    sqliteClient(getDb())
      .prepare("INSERT INTO users (username, email, password_hash, deleted_at) VALUES (?, ?, '!', ?)")
      .run(username, `${crypto.randomUUID()}@example.org`, deletedAt).lastInsertRowid,
  );

describe("the start-up check of stored names", () => {
  it("says nothing while every name fits", async () => {
    insert("Ada Green");
    insert("a deleted member", Date.now());
    expect(await memberNamesLine(getDb())).toBeNull();
  });

  it("finds the names the rule would refuse or store differently, oldest first", async () => {
    const ids = [
      insert("Ada\u0000"),
      insert("A DELETED MEMBER"),
      insert("Ada Green "),
      insert("Rene\u0301e"),
      insert("Two\r\nLines"),
      insert("\u200b"),
    ];
    insert("Renée");
    expect(await membersWithNamesOutsideTheRule(getDb())).toEqual(ids);
  });

  it("lists 50 ids at most and counts the rest", async () => {
    for (let i = 0; i < 60; i++) insert("Eve\u202e");
    const all = await membersWithNamesOutsideTheRule(getDb());
    expect(all.length).toBeGreaterThan(60);
    const line = (await memberNamesLine(getDb()))!;
    expect(line).toMatch(new RegExp(`^Member names: ${all.length} break the name rule \\(`));
    expect(line).toContain(`member ids ${all.slice(0, 50).join(", ")} and ${all.length - 50} more.`);
  });
});
