// `npm run admin -- grant EMAIL` / `revoke EMAIL`: makes a member an admin, or takes the role back.
// The logic is app/features/moderation/admin-command.server.ts, run from the server build so the
// configuration is read exactly as the server reads it (see scripts/backup.js).
import { loadServerBuild } from "./server-build.js";

const build = await loadServerBuild();
process.exitCode = await build.entry.module.runAdminCommand(process.argv.slice(2));
