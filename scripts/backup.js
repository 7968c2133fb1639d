// `npm run backup -- FILE [--force]`: a consistent copy of the database, the secret and the media
// while the server runs. The logic is app/services/database/backup.server.ts, run from the server build so
// the configuration is read exactly as the server reads it (docs/decisions/008).
import { loadServerBuild } from "./server-build.js";

const build = await loadServerBuild();
process.exitCode = await build.entry.module.runBackupCommand(process.argv.slice(2));
