import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { readLocations } from "./backup-config.server";
import { checkExtracted, databaseInUse, extractArchive } from "./backup-checks.server";
import { describeError, exists, files, fsyncPath, megabytes } from "./backup-files.server";
import { type BackupManifest, DATABASE, OperatorError, type RestoreOptions, SECRET, UPLOADS } from "./backup-format.server";

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
export async function restoreBackup(options: RestoreOptions): Promise<{ manifest: BackupManifest }> {
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
    if (where.mediaBucket && media.length) {
      log(
        `Media: MEDIA_STORE is set, so the server serves media from ${where.mediaBucket}, not ${where.uploadDir}: copy these files into it (aws s3 sync ${where.uploadDir} ${where.mediaBucket})`,
      );
    }
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
