import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import Database from "better-sqlite3";
import { projectRoot } from "./db.server";
import { isUploadInProgress } from "./media.server";
import { ConfigError, parseEnv } from "./env.server";

/**
 * The operator commands `npm run backup -- FILE` and `npm run restore -- FILE`
 * (scripts/backup.js, scripts/restore.js; docs/decisions/008).
 *
 * A backup is one .tar.gz holding `manifest.json`, `database.sqlite` (a copy made with SQLite's
 * online backup API from a connection of its own, so the server keeps running), `secret` (the
 * file that signs sessions when JWT_SECRET is unset) and `uploads/` (the media files).
 */

const BACKUP_FORMAT = "circular-hub-backup";
const BACKUP_FORMAT_VERSION = 1;

const MANIFEST = "manifest.json";
const DATABASE = "database.sqlite";
const SECRET = "secret";
const UPLOADS = "uploads";

type BackupManifest = {
  format: typeof BACKUP_FORMAT;
  format_version: number;
  created_at: string;
  app_version: string;
  database: { file: typeof DATABASE; bytes: number; sha256: string; migrations: number; latest_migration_at: number | null };
  /** The session-signing secret file; null when the backup holds none (JWT_SECRET was set and no file existed). */
  secret: { file: typeof SECRET } | null;
  /** JWT_SECRET was set when the backup was made: the server signed sessions with it, not with the file. */
  jwt_secret_from_environment: boolean;
  uploads: { folder: typeof UPLOADS; files: number; bytes: number };
};

/** A failure the operator can act on; its message is the one line the command prints. */
class OperatorError extends Error {
  override name = "OperatorError";
}

type Log = (line: string) => void;

type BackupOptions = {
  /** The archive to write; relative paths are read from `cwd`. */
  file: string;
  /** Replace FILE when it exists. */
  force?: boolean;
  /** The environment to read the configuration from (the server's variables). */
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  log?: Log;
};

type RestoreOptions = BackupOptions & {
  /** The job kinds that send mail (JobKind.sendsMail): those waiting in the backup are held back. */
  mailJobKinds: readonly string[];
  /** Send the held-back mails after all (`--send-waiting-mail`). */
  sendWaitingMail?: boolean;
};

// ---------------------------------------------------------------------------------------------
// Configuration

type Locations = {
  databasePath: string;
  dataDir: string;
  uploadDir: string;
  /** Where the server keeps its secret when JWT_SECRET is unset (env.server.ts). */
  secretFile: string;
  jwtSecretFromEnvironment: boolean;
};

/** The server's locations, read with the server's own parser (which creates nothing). */
function readLocations(source: NodeJS.ProcessEnv): Locations {
  let env;
  try {
    env = parseEnv(source);
  } catch (error) {
    if (error instanceof ConfigError) throw new OperatorError(`Configuration error: ${error.message}`);
    throw error;
  }
  if (isInside(env.uploadDir, env.databasePath)) {
    throw new OperatorError(`UPLOAD_DIR ${env.uploadDir} holds the database ${env.databasePath}: keep them in separate folders`);
  }
  return {
    databasePath: env.databasePath,
    dataDir: env.dataDir,
    uploadDir: env.uploadDir,
    secretFile: env.secretFile,
    jwtSecretFromEnvironment: Boolean(env.jwtSecretFromEnv),
  };
}

function appVersion(): string {
  try {
    const pkg = JSON.parse(fs.readFileSync(path.join(projectRoot, "package.json"), "utf8")) as { version?: string };
    return pkg.version ?? "unversioned";
  } catch {
    return "unknown";
  }
}

/** The newest migration this build knows (drizzle's `when`, in ms). */
function latestKnownMigration(): number | null {
  try {
    const journal = JSON.parse(fs.readFileSync(path.join(projectRoot, "db/migrations/meta/_journal.json"), "utf8")) as {
      entries: { when: number }[];
    };
    return Math.max(...journal.entries.map((entry) => entry.when));
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------
// Small helpers

function megabytes(bytes: number) {
  return bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** Whether `child` is `parent` or lies under it. */
function isInside(parent: string, child: string) {
  const relative = path.relative(parent, child);
  return relative === "" || (!relative.startsWith("..") && !path.isAbsolute(relative));
}

function files(count: number) {
  return `${count} ${count === 1 ? "file" : "files"}`;
}

function exists(file: string) {
  try {
    fs.lstatSync(file);
    return true;
  } catch {
    return false;
  }
}

/** A one-line account of a file-system (or other) error, naming the path when there is one. */
function describeError(error: unknown): string {
  if (error instanceof OperatorError) return error.message;
  const e = error as NodeJS.ErrnoException & { tarCode?: string };
  const where = e?.path ? ` ${e.path}` : "";
  switch (e?.code) {
    case "ENOENT":
      return `not found:${where}`;
    case "EACCES":
    case "EPERM":
      return `permission denied:${where}`;
    case "ENOSPC":
      return `no space left on the device${where ? ` holding${where}` : ""}`;
    case "EROFS":
      return `read-only file system:${where}`;
    case "EISDIR":
      return `is a folder:${where}`;
    case "ENOTDIR":
      return `not a folder:${where}`;
  }
  const message = e instanceof Error ? e.message : String(error);
  return message.split("\n")[0]!;
}

/** Regular files under `root`, relative paths with `/`, sorted; anything else (links, sockets) is left out. */
function listFiles(root: string): { name: string; bytes: number; mtimeMs: number }[] {
  const found: { name: string; bytes: number; mtimeMs: number }[] = [];
  const visit = (dir: string, prefix: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(full, `${prefix}${entry.name}/`);
      else if (entry.isFile()) {
        const stat = fs.statSync(full);
        found.push({ name: `${prefix}${entry.name}`, bytes: stat.size, mtimeMs: stat.mtimeMs });
      }
    }
  };
  visit(root, "");
  return found.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

function sha256File(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash("sha256");
    fs.createReadStream(file)
      .on("error", reject)
      .on("data", (chunk) => hash.update(chunk))
      .on("end", () => resolve(hash.digest("hex")));
  });
}

function fsyncPath(file: string) {
  const fd = fs.openSync(file, "r");
  try {
    fs.fsyncSync(fd);
  } catch {
    // Some file systems cannot fsync a folder; the rename is still atomic.
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * Whether another process has the database open, as a running server does. A connection that
 * asks for SQLite's exclusive locking mode cannot read a WAL database while any other connection
 * holds it open, so the probe fails at once (timeout 0) exactly when someone else uses the file.
 */
function databaseInUse(file: string): boolean {
  let probe: Database.Database | undefined;
  try {
    probe = new Database(file, { fileMustExist: true, timeout: 0 });
    probe.pragma("locking_mode = EXCLUSIVE");
    probe.exec("BEGIN EXCLUSIVE");
    probe.exec("COMMIT");
    return false;
  } catch (error) {
    const code = (error as { code?: string }).code ?? "";
    return code.startsWith("SQLITE_BUSY") || code.startsWith("SQLITE_LOCKED");
  } finally {
    probe?.close();
  }
}

/** Migrations applied to a database (drizzle's table), or null when it has no such table. */
function appliedMigrations(db: Database.Database): { count: number; latest: number | null } | null {
  const table = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = '__drizzle_migrations'").get();
  if (!table) return null;
  const row = db.prepare("SELECT count(*) AS count, max(created_at) AS latest FROM __drizzle_migrations").get() as {
    count: number;
    latest: number | null;
  };
  return { count: row.count, latest: row.latest === null ? null : Number(row.latest) };
}

/** Runs PRAGMA integrity_check; throws an OperatorError naming the first problem. */
function checkIntegrity(file: string, what: string) {
  let db: Database.Database | undefined;
  try {
    db = new Database(file, { fileMustExist: true });
    const rows = db.pragma("integrity_check") as { integrity_check: string }[];
    const result = rows.map((row) => row.integrity_check);
    if (result.length !== 1 || result[0] !== "ok") {
      throw new OperatorError(
        `${what} fails SQLite's integrity check: ${result[0]}${result.length > 1 ? ` (and ${result.length - 1} more problems)` : ""}`,
      );
    }
    const migrations = appliedMigrations(db);
    const users = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'users'").get();
    if (!migrations || !users) throw new OperatorError(`${what} is an SQLite database but not Circular Hub's`);
    return migrations;
  } catch (error) {
    if (error instanceof OperatorError) throw error;
    throw new OperatorError(`${what} is not a usable SQLite database: ${describeError(error)}`);
  } finally {
    db?.close();
  }
}

// ---------------------------------------------------------------------------------------------
// Backup

/**
 * Writes a backup of the configured database, secret and media to `file`, while the server may
 * be running. Nothing appears under `file` until the archive is complete and flushed: it is
 * written under a hidden temporary name beside it and renamed at the end.
 */
async function createBackup(options: BackupOptions): Promise<{ file: string; manifest: BackupManifest }> {
  const log = options.log ?? (() => {});
  const cwd = options.cwd ?? process.cwd();
  const target = path.resolve(cwd, options.file);
  const where = readLocations(options.env ?? process.env);

  if (!options.force && exists(target))
    throw new OperatorError(`${target} already exists: choose another name, or add --force to replace it`);
  const folder = path.dirname(target);
  if (isInside(where.uploadDir, target)) throw new OperatorError(`write the backup outside UPLOAD_DIR (${where.uploadDir})`);
  try {
    fs.accessSync(folder, fs.constants.W_OK);
  } catch {
    throw new OperatorError(`cannot write to the folder ${folder} (missing or not writable)`);
  }
  if (!fs.existsSync(where.databasePath)) {
    throw new OperatorError(`no database at ${where.databasePath}: is DATABASE_PATH the server's?`);
  }
  log(`Backing up ${where.databasePath} to ${target}`);

  // Everything is prepared in a private folder beside the archive (the same file system, so the
  // final rename is atomic), removed whatever happens.
  const staging = fs.mkdtempSync(path.join(folder, ".circular-hub-backup-"));
  const partial = path.join(folder, `.${path.basename(target)}.partial-${randomBytes(4).toString("hex")}`);
  const cleanUp = () => {
    fs.rmSync(staging, { recursive: true, force: true });
    fs.rmSync(partial, { force: true });
  };
  const onSignal = (signal: NodeJS.Signals) => {
    cleanUp();
    console.error(`Backup failed: interrupted by ${signal}; nothing was written`);
    process.exit(1);
  };
  process.once("SIGINT", onSignal).once("SIGTERM", onSignal);
  try {
    // 1. The database, through SQLite's online backup from a connection of our own. query_only:
    // this connection never writes; a read-write one (unlike a read-only one) leaves no -wal or
    // -shm file behind when the server is stopped.
    const copy = path.join(staging, DATABASE);
    let source: Database.Database;
    try {
      source = new Database(where.databasePath, { fileMustExist: true, timeout: 5000 });
      source.pragma("query_only = 1");
    } catch (error) {
      throw new OperatorError(`cannot open the database ${where.databasePath}: ${describeError(error)}`);
    }
    let pages: number;
    try {
      // All pages in one step: a step-by-step copy restarts whenever the server writes between steps.
      ({ totalPages: pages } = await source.backup(copy, { progress: () => 0x7fffffff }));
    } catch (error) {
      throw new OperatorError(`the database copy failed: ${describeError(error)}`);
    } finally {
      source.close();
    }
    // The copy is a snapshot taken at some moment before this one.
    const snapshotTakenAt = Date.now();
    // A self-contained file: the copy keeps the WAL flag of its source; a plain rollback journal
    // needs no side files (the server switches back to WAL when it opens it).
    const copied = new Database(copy, { fileMustExist: true });
    copied.pragma("journal_mode = DELETE");
    copied.close();
    fs.chmodSync(copy, 0o600);
    const migrations = checkIntegrity(copy, "the database copy");
    const databaseBytes = fs.statSync(copy).size;
    log(`Database: copied ${pages} pages (${megabytes(databaseBytes)}) with SQLite's online backup; integrity check ok`);

    // 2. The secret, read directly (never generated here).
    let secretIncluded = false;
    let secretBytes: Buffer | undefined;
    try {
      secretBytes = fs.readFileSync(where.secretFile);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") {
        throw new OperatorError(`cannot read the secret ${where.secretFile}: ${describeError(error)}`);
      }
    }
    if (secretBytes && secretBytes.length >= 32) {
      fs.writeFileSync(path.join(staging, SECRET), secretBytes, { mode: 0o600 });
      secretIncluded = true;
      log(
        where.jwtSecretFromEnvironment
          ? `Secret: ${where.secretFile} included, but JWT_SECRET is set and signs the sessions: keep its value safe yourself`
          : `Secret: ${where.secretFile} included`,
      );
    } else if (where.jwtSecretFromEnvironment) {
      log("Secret: JWT_SECRET is set and signs the sessions; it is not part of the backup: keep its value safe yourself");
    } else {
      throw new OperatorError(
        `JWT_SECRET is unset and there is no usable secret at ${where.secretFile}: run the backup with the server's configuration`,
      );
    }

    // 3. The media (uploads still being received are not: they are no one's yet). Files are in
    // place before the post that names them is committed, so every
    // file the database copy refers to was written before the copy was taken: newer ones
    // (possibly still being written) belong to later posts and are left for the next backup.
    let media: ReturnType<typeof listFiles> = [];
    try {
      if (fs.existsSync(where.uploadDir)) media = listFiles(where.uploadDir).filter((file) => !isUploadInProgress(file.name));
    } catch (error) {
      throw new OperatorError(`cannot read the media folder ${where.uploadDir}: ${describeError(error)}`);
    }
    const newer = media.filter((file) => file.mtimeMs > snapshotTakenAt).length;
    media = media.filter((file) => file.mtimeMs <= snapshotTakenAt);
    const mediaBytes = media.reduce((sum, file) => sum + file.bytes, 0);
    // The archive is made from the staging folder; its `uploads` is a link to UPLOAD_DIR, followed.
    fs.symlinkSync(where.uploadDir, path.join(staging, UPLOADS), "dir");
    log(
      `Media: ${files(media.length)} (${megabytes(mediaBytes)}) from ${where.uploadDir}` +
        (newer ? `; ${newer} newer than the database copy left out` : ""),
    );

    // 4. The manifest, first in the archive.
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      format_version: BACKUP_FORMAT_VERSION,
      created_at: new Date(snapshotTakenAt).toISOString(),
      app_version: appVersion(),
      database: {
        file: DATABASE,
        bytes: databaseBytes,
        sha256: await sha256File(copy),
        migrations: migrations.count,
        latest_migration_at: migrations.latest,
      },
      secret: secretIncluded ? { file: SECRET } : null,
      jwt_secret_from_environment: where.jwtSecretFromEnvironment,
      uploads: { folder: UPLOADS, files: media.length, bytes: mediaBytes },
    };
    fs.writeFileSync(path.join(staging, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });

    // 5. The archive, under a temporary name, flushed, then renamed.
    const tar = await import("tar");
    fs.writeFileSync(partial, "", { flag: "wx", mode: 0o600 });
    const entries = [MANIFEST, DATABASE, ...(secretIncluded ? [SECRET] : []), ...media.map((file) => `${UPLOADS}/${file.name}`)];
    try {
      await tar.create(
        { file: partial, gzip: true, cwd: staging, portable: true, follow: true, strict: true, mode: 0o600 },
        entries,
      );
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT" && String((error as NodeJS.ErrnoException).path).includes(UPLOADS)) {
        throw new OperatorError(`a media file disappeared while it was being archived: run the backup again`);
      }
      throw new OperatorError(`writing the archive failed: ${describeError(error)}`);
    }
    fs.chmodSync(partial, 0o600);
    fsyncPath(partial);
    if (options.force) {
      fs.renameSync(partial, target);
    } else {
      // A link fails if the name was taken meanwhile, where a rename would replace it.
      try {
        fs.linkSync(partial, target);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "EEXIST") {
          throw new OperatorError(`${target} already exists: choose another name, or add --force to replace it`);
        }
        if (exists(target)) throw error;
        fs.renameSync(partial, target);
      }
    }
    fsyncPath(folder);
    log(`Archive: ${target} (${megabytes(fs.statSync(target).size)}, mode 0600)`);
    return { file: target, manifest };
  } finally {
    process.off("SIGINT", onSignal).off("SIGTERM", onSignal);
    cleanUp();
  }
}

// ---------------------------------------------------------------------------------------------
// Restore

const ALLOWED_ENTRY = /^(manifest\.json|database\.sqlite|secret|uploads\/.+|uploads\/?)$/;

/** Extracts `file` into `into`, refusing anything but the entries a backup holds. */
async function extractArchive(file: string, into: string) {
  const tar = await import("tar");
  let unexpected: string | undefined;
  try {
    await tar.extract({
      file,
      cwd: into,
      strict: true,
      // A database of mostly empty pages compresses very well; the archive is the operator's own.
      maxDecompressionRatio: Infinity,
      filter: (entryPath, entry) => {
        const name = entryPath.replace(/^\.\//, "");
        const type = "type" in entry ? entry.type : "File";
        const allowed =
          ALLOWED_ENTRY.test(name) && !name.split("/").includes("..") && ["File", "OldFile", "Directory"].includes(type);
        if (!allowed) unexpected ??= name;
        return allowed;
      },
    });
  } catch (error) {
    const code = (error as { tarCode?: string; code?: string }).tarCode ?? (error as { code?: string }).code;
    if (code === "ENOENT" && (error as NodeJS.ErrnoException).path === file) throw new OperatorError(`${file} does not exist`);
    if (code === "EACCES" || code === "EPERM") throw new OperatorError(`cannot read ${file}: permission denied`);
    throw new OperatorError(`${file} is not a readable backup archive (${describeError(error)})`);
  }
  if (unexpected) throw new OperatorError(`${file} is not a Circular Hub backup: it holds ${unexpected}`);
}

/** Reads and checks an extracted backup; throws an OperatorError naming the first problem. */
async function checkExtracted(file: string, staging: string) {
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(staging, MANIFEST), "utf8")) as BackupManifest;
  } catch {
    throw new OperatorError(`${file} is not a Circular Hub backup: it has no readable ${MANIFEST}`);
  }
  if (manifest?.format !== BACKUP_FORMAT || typeof manifest.format_version !== "number") {
    throw new OperatorError(`${file} is not a Circular Hub backup: its manifest is not one`);
  }
  if (manifest.format_version > BACKUP_FORMAT_VERSION) {
    throw new OperatorError(
      `${file} is a backup of format ${manifest.format_version}, newer than this version reads (${BACKUP_FORMAT_VERSION}): update Circular Hub first`,
    );
  }
  const database = path.join(staging, DATABASE);
  if (!fs.existsSync(database)) throw new OperatorError(`${file} holds no database`);
  const bytes = fs.statSync(database).size;
  if (bytes !== manifest.database?.bytes || (await sha256File(database)) !== manifest.database.sha256) {
    throw new OperatorError(`the database in ${file} is not the one its manifest describes (damaged archive)`);
  }
  const migrations = checkIntegrity(database, `the database in ${file}`);
  const known = latestKnownMigration();
  if (known !== null && migrations.latest !== null && migrations.latest > known) {
    throw new OperatorError(
      `the database in ${file} comes from a newer version of Circular Hub: update the app before restoring it`,
    );
  }

  const secret = path.join(staging, SECRET);
  if (manifest.secret) {
    if (!fs.existsSync(secret) || fs.statSync(secret).size < 32)
      throw new OperatorError(`${file} lacks the secret its manifest lists`);
  } else if (fs.existsSync(secret)) {
    throw new OperatorError(`${file} holds a secret its manifest does not list (damaged archive)`);
  }

  const uploads = path.join(staging, UPLOADS);
  fs.mkdirSync(uploads, { recursive: true });
  const media = listFiles(uploads);
  const mediaBytes = media.reduce((sum, entry) => sum + entry.bytes, 0);
  if (media.length !== manifest.uploads?.files || mediaBytes !== manifest.uploads.bytes) {
    throw new OperatorError(
      `the media in ${file} are not those its manifest describes (${files(media.length)}, the manifest says ${manifest.uploads?.files ?? "?"}): damaged archive`,
    );
  }
  return { manifest, media, mediaBytes };
}

/** Mail jobs still to be sent (or being sent) when the backup was taken. */
const WAITING_STATES = ["pending", "running"] as const;

/**
 * The mails that were waiting when the backup was taken, in the restored database: said, and
 * unless the operator asks for them (`--send-waiting-mail`) marked failed without their content,
 * so the server does not send them. They may have gone out since (the backup is older than the
 * server it replaces), and their links lead to the APP_URL of then. Answers the log line.
 */
function holdBackWaitingMail(database: string, manifest: BackupManifest, options: RestoreOptions): string {
  const db = new Database(database);
  try {
    const kinds = options.mailJobKinds;
    const where = `state IN (${WAITING_STATES.map(() => "?").join(", ")}) AND kind IN (${kinds.map(() => "?").join(", ")})`;
    const values = [...WAITING_STATES, ...kinds];
    const rows = kinds.length
      ? (db
          .prepare(`SELECT kind, count(*) AS n, min(created_at) AS oldest FROM jobs WHERE ${where} GROUP BY kind ORDER BY kind`)
          .all(...values) as { kind: string; n: number; oldest: number }[])
      : [];
    const total = rows.reduce((sum, row) => sum + row.n, 0);
    if (!total) return "Mail: none was waiting to be sent when the backup was taken";
    const which = `${total} ${total === 1 ? "mail was" : "mails were"} waiting to be sent when the backup was taken (${rows
      .map((row) => `${row.n} ${row.kind}`)
      .join(", ")}; the oldest queued ${new Date(Math.min(...rows.map((row) => row.oldest))).toISOString()})`;
    if (options.sendWaitingMail) {
      // One that was being sent may have gone out: the server's usual rule for a cut-off send
      // (never again) still applies to it; the pending ones go out once the server starts.
      return `Mail: ${which}: they will be sent when the server starts (--send-waiting-mail), their links leading to the APP_URL of then`;
    }
    const now = Date.now();
    db.prepare(
      `UPDATE jobs SET state = 'failed', payload = NULL, finished_at = ?, updated_at = ?, last_error = ? WHERE ${where}`,
    ).run(now, now, `not sent: restored from the backup of ${manifest.created_at} without --send-waiting-mail`, ...values);
    db.pragma("wal_checkpoint(TRUNCATE)");
    return `Mail: ${which}: not sent, since they may have gone out after the backup and their links lead to the APP_URL of then; restore with --send-waiting-mail to send them`;
  } catch (error) {
    throw new OperatorError(`reading the waiting mail in the backup's database failed: ${describeError(error)}`);
  } finally {
    db.close();
  }
}

/** Sets the modes the restored files keep: 0600 for files, 0700 for folders. */
function restrictModes(target: string) {
  const stat = fs.lstatSync(target);
  if (stat.isDirectory()) {
    fs.chmodSync(target, 0o700);
    for (const entry of fs.readdirSync(target)) restrictModes(path.join(target, entry));
  } else if (stat.isFile()) {
    fs.chmodSync(target, 0o600);
  }
}

/** A folder for staging beside `target` (on its file system, so a rename moves it into place). */
function stagingBeside(target: string, label: string) {
  return fs.mkdtempSync(path.join(path.dirname(target), `.${path.basename(target)}.${label}-`));
}

/**
 * Puts a backup back into the configured DATABASE_PATH, secret file and UPLOAD_DIR. The server
 * must be stopped. The archive is extracted beside the destination and checked whole first;
 * only then are the current files moved aside and the restored ones renamed into place, and if
 * any rename fails the ones done are undone, so the destination holds either the old state or
 * the restored one.
 */
async function restoreBackup(options: RestoreOptions): Promise<{ manifest: BackupManifest }> {
  const log = options.log ?? (() => {});
  const cwd = options.cwd ?? process.cwd();
  const file = path.resolve(cwd, options.file);
  const where = readLocations(options.env ?? process.env);
  log(`Restoring ${file} into ${where.databasePath} and ${where.uploadDir}`);

  try {
    fs.accessSync(file, fs.constants.R_OK);
  } catch (error) {
    throw new OperatorError(
      (error as NodeJS.ErrnoException).code === "ENOENT"
        ? `${file} does not exist`
        : `cannot read ${file}: ${describeError(error)}`,
    );
  }
  if (!fs.statSync(file).isFile()) throw new OperatorError(`${file} is not a file`);

  const assertStopped = () => {
    if (fs.existsSync(where.databasePath) && databaseInUse(where.databasePath)) {
      throw new OperatorError(`the database ${where.databasePath} is in use: stop the server before restoring`);
    }
  };
  assertStopped();
  const existing = [
    fs.existsSync(where.databasePath) ? `a database at ${where.databasePath}` : "",
    fs.existsSync(where.uploadDir) && fs.readdirSync(where.uploadDir).length > 0 ? `media in ${where.uploadDir}` : "",
    fs.existsSync(where.secretFile) ? `a secret at ${where.secretFile}` : "",
  ].filter(Boolean);
  if (existing.length && !options.force) {
    throw new OperatorError(
      `there is already ${existing.join(", ")}: stop the server and add --force to replace them with the backup`,
    );
  }
  log(
    existing.length
      ? `Destination: the server is stopped; ${existing.join(", ")} will be replaced (--force)`
      : "Destination: empty",
  );

  // A restore into a new place makes its folders, as the server's first start would.
  try {
    fs.mkdirSync(where.dataDir, { recursive: true });
    fs.mkdirSync(path.dirname(where.uploadDir), { recursive: true });
  } catch {
    throw new OperatorError(`cannot create ${where.dataDir} or ${path.dirname(where.uploadDir)}`);
  }
  const staging = stagingBeside(where.databasePath, "restore");
  const extraStaging: string[] = [];
  try {
    for (const dir of [
      where.dataDir,
      path.dirname(where.uploadDir),
      ...(fs.existsSync(where.uploadDir) ? [where.uploadDir] : []),
    ]) {
      try {
        fs.accessSync(dir, fs.constants.W_OK);
      } catch {
        throw new OperatorError(`cannot write to ${dir}`);
      }
    }
    await extractArchive(file, staging);
    const { manifest, media, mediaBytes } = await checkExtracted(file, staging);
    log(
      `Archive: a backup of ${manifest.created_at} (Circular Hub ${manifest.app_version}) with a database, ` +
        `${manifest.secret ? "the secret" : "no secret"} and ${files(media.length)} of media`,
    );
    log("Database: integrity check ok");
    log(`Media: ${files(media.length)} (${megabytes(mediaBytes)}) checked against the manifest`);
    log(holdBackWaitingMail(path.join(staging, DATABASE), manifest, options));

    // Everything moves by rename, so the uploads must sit on UPLOAD_DIR's file system.
    let uploadsReady = path.join(staging, UPLOADS);
    if (fs.statSync(staging).dev !== fs.statSync(path.dirname(where.uploadDir)).dev) {
      const beside = stagingBeside(where.uploadDir, "restore");
      extraStaging.push(beside);
      fs.cpSync(uploadsReady, path.join(beside, UPLOADS), { recursive: true });
      uploadsReady = path.join(beside, UPLOADS);
    }
    restrictModes(path.join(staging, DATABASE));
    if (manifest.secret) restrictModes(path.join(staging, SECRET));
    restrictModes(uploadsReady);

    // The swap: synchronous from here on, so no signal handler runs halfway through.
    assertStopped();
    const stamp = `${process.pid}-${randomBytes(3).toString("hex")}`;
    const aside = (target: string) => `${target}.before-restore-${stamp}`;
    // The old database's side files go too: a stale -wal beside the restored file would be
    // replayed into it.
    const replaced = [
      where.databasePath,
      `${where.databasePath}-wal`,
      `${where.databasePath}-shm`,
      `${where.databasePath}-journal`,
      ...(manifest.secret ? [where.secretFile] : []),
      where.uploadDir,
    ].filter(exists);
    const placements: [from: string, to: string][] = [
      [path.join(staging, DATABASE), where.databasePath],
      ...(manifest.secret ? [[path.join(staging, SECRET), where.secretFile] as [string, string]] : []),
      [uploadsReady, where.uploadDir],
    ];
    const movedAside: string[] = [];
    const placed: [from: string, to: string][] = [];
    try {
      for (const target of replaced) {
        fs.renameSync(target, aside(target));
        movedAside.push(target);
      }
      for (const [from, to] of placements) {
        fs.renameSync(from, to);
        placed.push([from, to]);
      }
    } catch (error) {
      for (const [from, to] of placed.reverse()) fs.renameSync(to, from);
      for (const target of movedAside.reverse()) fs.renameSync(aside(target), target);
      throw new OperatorError(`moving the restored files into place failed, the previous state is back: ${describeError(error)}`);
    }
    fsyncPath(where.dataDir);
    for (const target of movedAside) fs.rmSync(aside(target), { recursive: true, force: true });
    log(
      `Placed: the database at ${where.databasePath}, ` +
        (manifest.secret ? `the secret at ${where.secretFile}, ` : "") +
        `${files(media.length)} of media in ${where.uploadDir} (files 0600)`,
    );
    if (!manifest.secret && !where.jwtSecretFromEnvironment) {
      log(
        "Secret: the backup holds none (JWT_SECRET was set when it was made): set the same JWT_SECRET, or every member must sign in again",
      );
    } else if (where.jwtSecretFromEnvironment) {
      log(
        "Secret: JWT_SECRET is set and signs the sessions: sessions from the backup stay valid only if it has the value it had then",
      );
    }
    return { manifest };
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
    for (const dir of extraStaging) fs.rmSync(dir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------
// The commands

type CommandIo = { out?: Log; err?: Log; env?: NodeJS.ProcessEnv; cwd?: string };

function readArguments(argv: string[], usage: string, flags: readonly string[]) {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      options: {
        help: { type: "boolean", short: "h" },
        ...Object.fromEntries(flags.map((flag) => [flag, { type: "boolean" as const }])),
      },
      allowPositionals: true,
    });
  } catch (error) {
    throw new OperatorError(`${describeError(error)}. Usage: ${usage}`);
  }
  if (parsed.values.help) return { help: true as const };
  if (parsed.positionals.length === 0) throw new OperatorError(`missing FILE. Usage: ${usage}`);
  if (parsed.positionals.length > 1) throw new OperatorError(`one FILE only, got ${parsed.positionals.length}. Usage: ${usage}`);
  const values = parsed.values as Record<string, unknown>;
  const flagged = new Set(flags.filter((flag) => values[flag] === true));
  return { help: false as const, file: parsed.positionals[0]!, flagged };
}

type CommandArgs = { file: string; flagged: ReadonlySet<string>; log: Log; env: NodeJS.ProcessEnv; cwd: string };

async function runCommand(
  name: "Backup" | "Restore",
  usage: string,
  flags: readonly string[],
  argv: string[],
  io: CommandIo,
  run: (args: CommandArgs) => Promise<string>,
): Promise<number> {
  const out = io.out ?? ((line: string) => console.log(line));
  const err = io.err ?? ((line: string) => console.error(line));
  try {
    const args = readArguments(argv, usage, flags);
    if (args.help) {
      out(`Usage: ${usage}`);
      return 0;
    }
    // `npm run` starts scripts in the project folder; FILE is meant from where the operator typed it.
    const cwd = io.cwd ?? process.env.INIT_CWD ?? process.cwd();
    out(await run({ file: args.file, flagged: args.flagged, log: out, env: io.env ?? process.env, cwd }));
    return 0;
  } catch (error) {
    err(`${name} failed: ${describeError(error)}`);
    return 1;
  }
}

/** `npm run backup -- FILE [--force]`: returns the exit code. */
export function runBackupCommand(argv: string[], io: CommandIo = {}): Promise<number> {
  return runCommand("Backup", "npm run backup -- FILE [--force]", ["force"], argv, io, async ({ file, flagged, ...rest }) => {
    const result = await createBackup({ file, force: flagged.has("force"), ...rest });
    return `Backup complete: ${result.file}`;
  });
}

/**
 * `npm run restore -- FILE [--force] [--send-waiting-mail]` (with the server stopped): returns the
 * exit code. `mailJobKinds` are the server's job kinds that send mail.
 */
export function runRestoreCommand(argv: string[], io: CommandIo & { mailJobKinds: readonly string[] }): Promise<number> {
  return runCommand(
    "Restore",
    "npm run restore -- FILE [--force] [--send-waiting-mail]   (with the server stopped)",
    ["force", "send-waiting-mail"],
    argv,
    io,
    async ({ file, flagged, ...rest }) => {
      await restoreBackup({
        file,
        force: flagged.has("force"),
        sendWaitingMail: flagged.has("send-waiting-mail"),
        mailJobKinds: io.mailJobKinds,
        ...rest,
      });
      return "Restore complete: start the server (npm start).";
    },
  );
}
