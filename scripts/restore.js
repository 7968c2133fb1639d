// `npm run restore -- FILE [--force] [--send-waiting-mail]`, with the server stopped: puts a backup made by
// `npm run backup` back into DATABASE_PATH, the secret file and UPLOAD_DIR. The logic is
// app/services/database/backup.server.ts, run from the server build (docs/decisions/008).
import { loadServerBuild } from "./server-build.js";

const build = await loadServerBuild();
process.exitCode = await build.entry.module.runRestoreCommand(process.argv.slice(2));
