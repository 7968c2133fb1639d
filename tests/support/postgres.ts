import { randomBytes } from "node:crypto";
import pg from "pg";

/**
 * The PostgreSQL the tests were given (scripts/test.js starts one and sets TEST_POSTGRES_URL),
 * and a database of its own for each test file, dropped after.
 */
export function testPostgresUrl() {
  const url = process.env.TEST_POSTGRES_URL;
  if (!url) throw new Error("TEST_POSTGRES_URL is not set: run these through `npm test`, which starts a PostgreSQL.");
  return url;
}

/** A new database, empty, or a copy of `template` (one no connection is open on). */
export async function createTestDatabase(prefix: string, { template }: { template?: string | null } = {}) {
  const admin = new pg.Client(testPostgresUrl());
  await admin.connect();
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ""}`);
  await admin.end();
  const url = new URL(testPostgresUrl());
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client(testPostgresUrl());
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}
