// `npm run db:copy -- --to postgres://… [--media s3://bucket/prefix]`: copies the community's SQLite
// database into an empty PostgreSQL database, and its media into a bucket, with the server stopped.
// The logic is app/services/database/db-copy.server.ts, run from the server build so the
// configuration is read exactly as the server reads it (see scripts/backup.js).
import { loadServerBuild } from "./server-build.js";

const build = await loadServerBuild();
process.exitCode = await build.entry.module.runDbCopyCommand(process.argv.slice(2));
