import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import { runAdminCommand } from "~/features/moderation/admin-command.server";
import { migrateDatabase } from "./database";
import { createTestDatabase } from "../support/postgres";

/** The operator's command on a PostgreSQL deployment: DATABASE_URL, not the SQLite file, is the database. */

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let pool: pg.Pool;

beforeAll(async () => {
  database = await createTestDatabase("admin_command");
  pool = new pg.Pool({ connectionString: database.url, max: 1 });
  await migrateDatabase(pool);
  await pool.query("INSERT INTO users (username, email, password_hash) VALUES ('Olga', 'olga@example.test', '!')");
});

async function run(argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  // DATABASE_PATH names a file that is not there: the command must not look for it.
  const env = { DATABASE_URL: database.url, DATABASE_PATH: path.join(os.tmpdir(), "no-such-folder", "app.db"), APP_ENV: "test" };
  const code = await runAdminCommand(argv, { out: (line) => out.push(line), err: (line) => err.push(line), env });
  return { code, out, err };
}

afterAll(async () => {
  // A connection still closing when the database is dropped is ended by the server: expected here
  // (without a listener, the pool's "error" event was an uncaught exception of the run).
  pool?.on("error", () => {});
  await pool?.end();
  await database?.drop();
});

it("grants and revokes the role in DATABASE_URL's database, each with its audit row", async () => {
  expect(await run(["grant", "OLGA@example.test"])).toEqual({
    code: 0,
    out: ["Olga (olga@example.test) is now an admin."],
    err: [],
  });
  expect((await pool.query("SELECT user_type FROM users WHERE email = 'olga@example.test'")).rows).toEqual([
    { user_type: "admin" },
  ]);
  expect((await run(["revoke", "olga@example.test"])).code).toBe(0);
  expect((await pool.query("SELECT user_type FROM users WHERE email = 'olga@example.test'")).rows).toEqual([
    { user_type: "user" },
  ]);
  const audit = await pool.query("SELECT admin_id, action, note FROM audit_log ORDER BY id");
  expect(audit.rows).toEqual([
    { admin_id: null, action: "grant_admin", note: "npm run admin -- grant" },
    { admin_id: null, action: "revoke_admin", note: "npm run admin -- revoke" },
  ]);
  expect(await run(["grant", "nobody@example.test"])).toEqual({
    code: 1,
    out: [],
    err: ["No member has the e-mail address nobody@example.test."],
  });
});
