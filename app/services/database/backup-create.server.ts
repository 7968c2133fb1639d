import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { isUploadInProgress } from "../media.server";
import { appVersion, readLocations } from "./backup-config.server";
import { checkIntegrity } from "./backup-checks.server";
import { describeError, exists, files, fsyncPath, isInside, listFiles, megabytes, sha256File } from "./backup-files.server";
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  type BackupManifest,
  type BackupOptions,
  DATABASE,
  MANIFEST,
  OperatorError,
  SECRET,
  UPLOADS,
} from "./backup-format.server";

/**
 * Writes a backup of the configured database, secret and media to `file`, while the server may
 * be running. Nothing appears under `file` until the archive is complete and flushed: it is
 * written under a hidden temporary name beside it and renamed at the end.
 */
export async function createBackup(options: BackupOptions): Promise<{ file: string; manifest: BackupManifest }> {
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
      if (fs.existsSync(where.uploadDir)) media = listFiles(where.uploadDir, { leave: isUploadInProgress });
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
    if (where.mediaBucket) {
      log(`Media: those in ${where.mediaBucket} (MEDIA_STORE) are not copied: the bucket's versioning or replication keeps them`);
    }

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
