import { closeOpenedDatabase, openDatabase, transaction, type AppDatabase } from "~/services/database/db.server";
import { startPostgres, stopPostgres } from "~/services/database/postgres-start.server";
import type { PostgresEngine } from "~/services/database/postgres.server";
import { ConfigError, parseEnv, StartupError } from "~/services/env.server";
import { isSuspended } from "~/lib/suspension";
import { CANNOT_GRANT_SUSPENDED } from "./members.server";
import { recordAdminAction } from "./store/audit.server";
import { liveMemberByEmail, setMemberFields } from "./store/members.server";

/**
 * `npm run admin -- grant EMAIL` and `revoke EMAIL`: the operator makes a member an admin (the
 * first one, on a new instance) or takes the role back. It reads the configuration as `npm start`
 * does and opens the same database (DATABASE_URL's PostgreSQL, never migrating it, or the SQLite
 * file, never creating one); the write lock lets it run beside the server, which reads the role on
 * every request, so a change takes effect at once. Each change
 * is written with its audit row (no admin: the command line) in one transaction.
 */

type Log = (line: string) => void;
type CommandIo = { out?: Log; err?: Log; env?: NodeJS.ProcessEnv };

export const ADMIN_USAGE = "Usage: npm run admin -- grant EMAIL   or   npm run admin -- revoke EMAIL";

/** How long the command waits for the server's write lock: a person is waiting, not a request. */
const BUSY_TIMEOUT_MS = 5_000;

/** Returns the exit code: 0 done (or nothing to do), 1 refused (bad usage, configuration, database or e-mail). */
export async function runAdminCommand(argv: string[], io: CommandIo = {}): Promise<number> {
  const out = io.out ?? ((line: string) => console.log(line));
  const err = io.err ?? ((line: string) => console.error(line));
  if (argv.length === 1 && (argv[0] === "--help" || argv[0] === "-h")) {
    out(ADMIN_USAGE);
    return 0;
  }
  const [verb, rawEmail] = argv;
  // Addresses are stored lower-cased and trimmed; a blank one is a wrong use, not an unknown address.
  const email = (rawEmail ?? "").trim().toLowerCase();
  if (argv.length !== 2 || (verb !== "grant" && verb !== "revoke") || !email) {
    err(ADMIN_USAGE);
    return 1;
  }
  let db: AppDatabase;
  let postgres: PostgresEngine | undefined;
  try {
    const env = parseEnv(io.env ?? process.env);
    if (env.databaseUrl) postgres = (await startPostgres(env.databaseUrl, { pool: 1, migrating: false })).engine;
    db = postgres ? postgres.db : openDatabase(env.databasePath, { create: false, busyTimeoutMs: BUSY_TIMEOUT_MS });
  } catch (error) {
    if (error instanceof ConfigError || error instanceof StartupError) {
      err(`Configuration error: ${error.message}`);
      return 1;
    }
    throw error;
  }
  try {
    const outcome = await transaction(async (tx) => {
      const member = await liveMemberByEmail(email, tx);
      if (!member) return { code: 1, line: `No member has the e-mail address ${email}.` };
      const name = `${member.username} (${email})`;
      if (verb === "grant" && member.role === "admin") return { code: 0, line: `${name} is already an admin: nothing changed.` };
      if (verb === "revoke" && member.role !== "admin") return { code: 0, line: `${name} is not an admin: nothing changed.` };
      // As in the app: no admin is suspended.
      if (verb === "grant" && isSuspended(member)) return { code: 1, line: CANNOT_GRANT_SUSPENDED };
      await setMemberFields(tx, member.id, { userType: verb === "grant" ? "admin" : "user" });
      await recordAdminAction(tx, {
        adminId: null,
        action: verb === "grant" ? "grant_admin" : "revoke_admin",
        targetType: "user",
        targetId: member.id,
        note: `npm run admin -- ${verb}`,
      });
      return { code: 0, line: verb === "grant" ? `${name} is now an admin.` : `${name} is no longer an admin.` };
    }, db);
    (outcome.code === 0 ? out : err)(outcome.line);
    return outcome.code;
  } catch (error) {
    err(`The database could not be changed: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`);
    return 1;
  } finally {
    if (postgres) await stopPostgres(postgres);
    else closeOpenedDatabase(db);
  }
}
