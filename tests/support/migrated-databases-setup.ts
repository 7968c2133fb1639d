import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { closeOpenedDatabase, openDatabase, projectRoot } from "~/services/database/db.server";

declare module "vitest" {
  export interface ProvidedContext {
    /**
     * Empty databases with every migration applied, made once for the run: a test server starts
     * on a copy (tests/support/server.ts) instead of migrating its own, which cost each start
     * about 0.4 s of CPU, and on PostgreSQL as much again in the database. A test about the first
     * start itself asks for a database the server creates (`fresh`).
     */
    migratedDatabases: { sqlite: string; postgres: string | null };
  }
}

export default async function provideMigratedDatabases(project: TestProject) {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "circular-migrated-"));
  const sqlite = path.join(folder, "app.db");
  closeOpenedDatabase(openDatabase(sqlite));

  const postgresUrl = process.env.TEST_POSTGRES_URL;
  let postgres: string | null = null;
  if (postgresUrl) {
    postgres = `migrated_${randomBytes(6).toString("hex")}`;
    await onPostgres(postgresUrl, (client) => client.query(`CREATE DATABASE ${postgres}`));
    const url = new URL(postgresUrl);
    url.pathname = `/${postgres}`;
    await onPostgres(url.toString(), (client) =>
      migrate(drizzle(client), { migrationsFolder: path.join(projectRoot, "db/pg/migrations") }),
    );
  }
  project.provide("migratedDatabases", { sqlite, postgres });

  return async () => {
    fs.rmSync(folder, { recursive: true, force: true });
    if (postgres && postgresUrl)
      await onPostgres(postgresUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${postgres} WITH (FORCE)`));
  };
}

async function onPostgres(url: string, work: (client: pg.Client) => Promise<unknown>) {
  const client = new pg.Client(url);
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}
