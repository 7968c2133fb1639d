import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { siteIdentity } from "~/services/site-identity.server";
import { closeOpenedDatabase, getDb, openDatabase, setDatabase, sqliteClient } from "./db.server";

const folder = fs.mkdtempSync(path.join(os.tmpdir(), "circular-kept-"));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

/** A second database, migrated, whose site is called `name`. */
function databaseOfSite(name: string) {
  const db = openDatabase(path.join(folder, `${name.replace(/\W/g, "")}.db`));
  sqliteClient(db).prepare(`INSERT INTO site_settings (id, name, landing, updated_at) VALUES (1, ?, '{}', 0)`).run(name);
  return db;
}

describe("what modules keep from the database's rows", () => {
  it("is read again from a database opened in its place, never answered from the one before", async () => {
    const own = getDb();
    const first = databaseOfSite("First Hub");
    const second = databaseOfSite("Second Hub");
    try {
      setDatabase(first);
      expect((await siteIdentity()).name).toBe("First Hub");
      setDatabase(second);
      expect((await siteIdentity()).name).toBe("Second Hub");
    } finally {
      setDatabase(own, process.env.DATABASE_PATH);
      closeOpenedDatabase(first);
      closeOpenedDatabase(second);
    }
    expect((await siteIdentity()).name).not.toBe("Second Hub");
  });
});
