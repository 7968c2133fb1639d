import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { latestKnownMigration } from "./backup-config.server";
import { describeError, files, listFiles, sha256File } from "./backup-files.server";
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  type BackupManifest,
  DATABASE,
  MANIFEST,
  OperatorError,
  SECRET,
  UPLOADS,
} from "./backup-format.server";

/** The checks of the backup and restore commands: the database in use or sound, the archive a backup and whole. */

/**
 * Whether another process has the database open, as a running server does. A connection that
 * asks for SQLite's exclusive locking mode cannot read a WAL database while any other connection
 * holds it open, so the probe fails at once (timeout 0) exactly when someone else uses the file.
 */
export function databaseInUse(file: string): boolean {
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
export function checkIntegrity(file: string, what: string) {
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

const ALLOWED_ENTRY = /^(manifest\.json|database\.sqlite|secret|uploads\/.+|uploads\/?)$/;

/** Extracts `file` into `into`, refusing anything but the entries a backup holds. */
export async function extractArchive(file: string, into: string) {
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
export async function checkExtracted(file: string, staging: string) {
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
