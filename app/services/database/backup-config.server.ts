import fs from "node:fs";
import path from "node:path";
import { projectRoot } from "./db.server";
import { ConfigError, parseEnv } from "../env.server";
import { isInside } from "./backup-files.server";
import { OperatorError } from "./backup-format.server";

/** The configuration the backup and restore commands read: where the server keeps its files, and what this build is. */

export type Locations = {
  databasePath: string;
  dataDir: string;
  uploadDir: string;
  /** Where the server keeps its secret when JWT_SECRET is unset (env.server.ts). */
  secretFile: string;
  jwtSecretFromEnvironment: boolean;
  /** The bucket media are kept in (MEDIA_STORE, `s3://bucket/prefix`), which a backup does not copy; null: UPLOAD_DIR. */
  mediaBucket: string | null;
};

/** The server's locations, read with the server's own parser (which creates nothing). */
export function readLocations(source: NodeJS.ProcessEnv): Locations {
  let env;
  try {
    env = parseEnv(source);
  } catch (error) {
    if (error instanceof ConfigError) throw new OperatorError(`Configuration error: ${error.message}`);
    throw error;
  }
  // On PostgreSQL the database is the server's to back up (pg_dump), not a file here to copy.
  if (env.databaseUrl) {
    throw new OperatorError(
      "DATABASE_URL is set: the database is PostgreSQL, which npm run backup does not copy. " +
        'Back it up with pg_dump (docs/operations.md, "Backups on PostgreSQL"); uploads in progress and the outbox stay on each machine.',
    );
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
    mediaBucket: env.mediaStore.kind === "s3" ? `s3://${env.mediaStore.bucket}/${env.mediaStore.prefix}` : null,
  };
}

export function appVersion(): string {
  try {
    const pkg = JSON.parse(fs.readFileSync(path.join(projectRoot, "package.json"), "utf8")) as { version?: string };
    return pkg.version ?? "unversioned";
  } catch {
    return "unknown";
  }
}

/** The newest migration this build knows (drizzle's `when`, in ms). */
export function latestKnownMigration(): number | null {
  try {
    const journal = JSON.parse(fs.readFileSync(path.join(projectRoot, "db/migrations/meta/_journal.json"), "utf8")) as {
      entries: { when: number }[];
    };
    return Math.max(...journal.entries.map((entry) => entry.when));
  } catch {
    return null;
  }
}
