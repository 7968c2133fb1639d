import { afterEach, describe, expect, it } from "vitest";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDatabase, sqliteClient } from "~/services/database/db.server";

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

describe("roles", () => {
  it("are a closed set the database itself refuses to leave", () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), "roles-"));
    folders.push(folder);
    const db = openDatabase(path.join(folder, "app.db"));
    const sqlite = sqliteClient(db);
    sqlite.prepare("INSERT INTO users (username, email, password_hash) VALUES ('a', 'a@example.org', '!')").run();
    expect(sqlite.prepare("SELECT user_type FROM users WHERE email = 'a@example.org'").get()).toEqual({ user_type: "user" });
    expect(() =>
      sqlite
        .prepare("INSERT INTO users (username, email, password_hash, user_type) VALUES ('b', 'b@example.org', '!', 'root')")
        .run(),
    ).toThrow("user_type must be one of: user, admin");
    expect(() => sqlite.prepare("UPDATE users SET user_type = 'superuser' WHERE email = 'a@example.org'").run()).toThrow(
      "user_type must be one of: user, admin",
    );
    sqlite.prepare("UPDATE users SET user_type = 'admin' WHERE email = 'a@example.org'").run();
    expect(sqlite.prepare("SELECT user_type FROM users WHERE email = 'a@example.org'").get()).toEqual({ user_type: "admin" });
    sqlite.close();
  });
});
