/**
 * What a backup archive holds and how the backup and restore commands are told what to do: the
 * format, its manifest, the options, and the error the operator sees (backup.server.ts).
 */

export const BACKUP_FORMAT = "circular-hub-backup";
export const BACKUP_FORMAT_VERSION = 1;

export const MANIFEST = "manifest.json";
export const DATABASE = "database.sqlite";
export const SECRET = "secret";
export const UPLOADS = "uploads";

export type BackupManifest = {
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
export class OperatorError extends Error {
  override name = "OperatorError";
}

export type Log = (line: string) => void;

export type BackupOptions = {
  /** The archive to write; relative paths are read from `cwd`. */
  file: string;
  /** Replace FILE when it exists. */
  force?: boolean;
  /** The environment to read the configuration from (the server's variables). */
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  log?: Log;
};

export type RestoreOptions = BackupOptions & {
  /** The job kinds that send mail (JobKind.sendsMail): those waiting in the backup are held back. */
  mailJobKinds: readonly string[];
  /** Send the held-back mails after all (`--send-waiting-mail`). */
  sendWaitingMail?: boolean;
};
