import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import type pg from "pg";
import { ConfigError, parseEnv, type Env } from "../env.server";
import { s3MediaStore } from "../media-store/s3.server";
import { latestKnownMigration } from "./backup-config.server";
import { checkIntegrity, databaseInUse } from "./backup-checks.server";
import { describeError } from "./backup-files.server";
import { type Log, OperatorError } from "./backup-format.server";
import { copyMedia, type MediaCopy } from "./db-copy-media.server";
import {
  advanceSequences,
  checkSameSchema,
  compareTables,
  copyTable,
  readSqliteTables,
  storedFileNames,
  tablesWithRows,
  targetClient,
} from "./db-copy-tables.server";
import { projectRoot } from "./db.server";
import { describePostgres } from "./postgres-url.server";

/**
 * `npm run db:copy -- --to postgres://… [--media s3://bucket/prefix]` (scripts/db-copy.js): a
 * community's SQLite database (DATABASE_PATH, the server stopped) copied into an empty PostgreSQL
 * database, and with --media its media files (UPLOAD_DIR) into a bucket (docs/operations.md,
 * "Moving a community to PostgreSQL").
 *
 * The target is migrated with db/pg/migrations, then every table is copied in one transaction, so
 * a copy that fails leaves the target empty and can simply be run again. Each table's own triggers
 * are off while its rows arrive (ALTER TABLE … DISABLE TRIGGER USER, which the table's owner may
 * do; foreign keys stay checked): the rows come as SQLite kept them, the tables the triggers
 * maintain (activity and impact days, search words) included, so nothing is counted twice, the
 * audit log's append-only guard has nothing to guard, and the ids are SQLite's. The search vectors
 * SQLite has no column for are computed by one UPDATE per table, and every identity's sequence is
 * moved past the largest id, before the triggers are on again.
 */

const USAGE =
  "npm run db:copy -- --to postgres://user:password@host:5432/database [--media s3://bucket/prefix]   (with the server stopped)";

/** A copy refused before anything was changed. */
class CopyRefused extends OperatorError {}

type CommandIo = { out?: Log; err?: Log; env?: NodeJS.ProcessEnv };

/**
 * The columns that hold a stored file's name, as "table.column": the features' manifests say
 * which (the server build passes them), and a file none of them holds is not copied.
 */
type StoredFileColumns = readonly string[];

type CopyOptions = {
  to: string;
  media: string | undefined;
  storedFileColumns: StoredFileColumns;
  env: NodeJS.ProcessEnv;
  log: Log;
};

function readArguments(argv: string[]) {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      options: { to: { type: "string" }, media: { type: "string" }, help: { type: "boolean", short: "h" } },
      allowPositionals: false,
    });
  } catch (error) {
    throw new CopyRefused(`${describeError(error)}. Usage: ${USAGE}`);
  }
  if (parsed.values.help) return { help: true as const };
  const to = parsed.values.to;
  if (!to) throw new CopyRefused(`missing --to. Usage: ${USAGE}`);
  let url: URL | undefined;
  try {
    url = new URL(to);
  } catch {
    url = undefined;
  }
  if (!url || !["postgres:", "postgresql:"].includes(url.protocol) || !url.hostname) {
    throw new CopyRefused(`--to must be a PostgreSQL URL such as postgres://user:password@host:5432/database`);
  }
  return { help: false as const, to, media: parsed.values.media };
}

/**
 * The server's configuration, read by its own parser: DATABASE_PATH and UPLOAD_DIR, and with
 * --media the bucket's settings (S3_*) for MEDIA_STORE=--media. Without --media the bucket's
 * settings are not read, as no media are copied.
 */
function readConfiguration(source: NodeJS.ProcessEnv, media: string | undefined): Env {
  const {
    MEDIA_STORE: _store,
    S3_ENDPOINT: _endpoint,
    S3_REGION: _region,
    S3_ACCESS_KEY_ID: _key,
    S3_SECRET_ACCESS_KEY: _secret,
    ...rest
  } = source;
  try {
    return parseEnv(media === undefined ? rest : { ...source, MEDIA_STORE: media });
  } catch (error) {
    if (error instanceof ConfigError) {
      throw new OperatorError(`Configuration error: ${error.message.replace(/^MEDIA_STORE/, "--media")}`);
    }
    throw error;
  }
}

/** The SQLite database, checked whole and opened with its write lock held until the copy ends. */
function openSource(file: string): Database.Database {
  if (!fs.existsSync(file)) throw new OperatorError(`there is no database at ${file} (DATABASE_PATH)`);
  if (databaseInUse(file)) throw new OperatorError(`the database ${file} is in use: stop the server before copying`);
  const migrations = checkIntegrity(file, `The database ${file}`);
  const known = latestKnownMigration();
  if (known !== null && migrations.latest !== known) {
    throw new OperatorError(
      (migrations.latest ?? 0) < known
        ? `the database ${file} is from an older version: start this version's server on it once, so it is migrated, then stop it and copy`
        : `the database ${file} is from a newer version than this one: copy it with that version`,
    );
  }
  const sqlite = new Database(file, { fileMustExist: true, timeout: 0 });
  try {
    // The write lock, held to the end: a server started meanwhile cannot change what is copied.
    sqlite.exec("BEGIN IMMEDIATE");
  } catch (error) {
    sqlite.close();
    const code = (error as { code?: string }).code ?? "";
    if (code.startsWith("SQLITE_BUSY"))
      throw new OperatorError(`the database ${file} is being written to: stop the server before copying`);
    throw error;
  }
  return sqlite;
}

async function refuseUnlessEmpty(client: pg.ClientBase, target: string) {
  const found = await tablesWithRows(client);
  if (!found.length) return;
  const listed = found
    .slice(0, 5)
    .map((table) => `${table.rows.toLocaleString("en-US")} in ${table.name}`)
    .join(", ");
  throw new OperatorError(
    `${target} already has data (rows: ${listed}${found.length > 5 ? `, and ${found.length - 5} more tables` : ""}): db:copy copies only into an empty database; nothing was changed`,
  );
}

/** Copies, checks and answers the summary's lines; throws an OperatorError for a refusal or a failed check. */
export async function copyDatabase(options: CopyOptions): Promise<string[]> {
  let changing = false;
  try {
    return await copyInto(options, () => (changing = true));
  } catch (error) {
    if (!changing && error instanceof OperatorError) throw new CopyRefused(error.message);
    throw error;
  }
}

async function copyInto({ to, media, storedFileColumns, env, log }: CopyOptions, startChanging: () => void): Promise<string[]> {
  const config = readConfiguration(env, media);
  const target = describePostgres(to);
  const started = Date.now();
  const sqlite = openSource(config.databasePath);
  const client = targetClient(to);
  try {
    log(`Copying ${config.databasePath} into ${target} (SQLite's write lock held: the server must stay stopped)`);
    try {
      await client.connect();
    } catch (error) {
      throw new OperatorError(`${target} could not be reached: ${describeError(error).split("\n")[0]}`);
    }
    await refuseUnlessEmpty(client, target);
    const tables = readSqliteTables(sqlite);
    startChanging();
    await migrate(drizzle(client), { migrationsFolder: path.join(projectRoot, "db/pg/migrations") });
    await refuseUnlessEmpty(client, target);
    await checkSameSchema(client, tables);
    log(`Target: migrated; ${tables.length} tables to copy`);

    let rows = 0;
    await client.query("BEGIN");
    try {
      for (const table of tables) rows += await copyTable(sqlite, client, table, log);
      await advanceSequences(sqlite, client);
      await client.query("COMMIT");
    } catch (error) {
      await client.query("ROLLBACK").catch(() => {});
      throw new OperatorError(`copying failed, and nothing of it was kept on ${target}: ${describeError(error).split("\n")[0]}`);
    }
    log(`Copied ${rows.toLocaleString("en-US")} rows in ${tables.length} tables; checking…`);

    const { differences, compared } = await compareTables(sqlite, client, tables);
    if (differences.length) {
      for (const difference of differences) log(`Check: ${difference}`);
      throw new OperatorError(`the copy on ${target} differs from the SQLite database in ${differences.length} places (above)`);
    }
    const lines = [
      `Checked: every table's row count equal on both sides; ${compared.toLocaleString("en-US")} rows compared column by column`,
    ];
    if (media !== undefined && config.mediaStore.kind === "s3") {
      const held = storedFileNames(sqlite, storedFileColumns);
      const copied = await copyMedia(config.uploadDir, held, s3MediaStore(config.mediaStore), log);
      lines.push(mediaSummary(copied));
      if (copied.failed.length)
        throw new OperatorError(`${lines.join("\n")}\n${copied.failed.length} media files could not be copied (above)`);
    }
    lines.push(
      `Copy complete in ${((Date.now() - started) / 1000).toFixed(1)} s: ${rows.toLocaleString("en-US")} rows into ${target}.`,
      `Next: set DATABASE_URL to it${media !== undefined ? ` and MEDIA_STORE=${media} with the S3_* settings` : ""}, JWT_SECRET to one value of at least 32 bytes on every machine (the one the community already had keeps members signed in), and start the server.`,
    );
    return lines;
  } finally {
    sqlite.close();
    await client.end().catch(() => {});
  }
}

function mediaSummary(copied: MediaCopy) {
  return `Media: ${copied.copied} copied (${(copied.bytes / 1024 / 1024).toFixed(1)} MB), ${copied.present} already in the bucket${
    copied.unheld ? `, ${copied.unheld} that no row holds left out` : ""
  }${
    copied.vanished.length ? `, ${copied.vanished.length} gone before they were read (${copied.vanished.join(", ")})` : ""
  }${copied.failed.length ? `, ${copied.failed.length} failed` : ""}`;
}

/** `npm run db:copy -- --to postgres://… [--media s3://…]`: returns the exit code. */
export async function runDbCopyCommand(
  argv: string[],
  storedFileColumns: StoredFileColumns,
  io: CommandIo = {},
): Promise<number> {
  const out = io.out ?? ((line: string) => console.log(line));
  const err = io.err ?? ((line: string) => console.error(line));
  try {
    const args = readArguments(argv);
    if (args.help) {
      out(`Usage: ${USAGE}`);
      return 0;
    }
    const options = { to: args.to, media: args.media, storedFileColumns, env: io.env ?? process.env, log: out };
    for (const line of await copyDatabase(options)) out(line);
    return 0;
  } catch (error) {
    if (error instanceof OperatorError) {
      err(`Copy ${error instanceof CopyRefused ? "refused" : "failed"}: ${error.message}`);
      return 1;
    }
    err(`Copy failed: ${describeError(error).split("\n")[0]}`);
    return 1;
  }
}
