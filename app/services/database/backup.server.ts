import { parseArgs } from "node:util";
import { createBackup } from "./backup-create.server";
import { describeError } from "./backup-files.server";
import { type Log, OperatorError } from "./backup-format.server";
import { restoreBackup } from "./backup-restore.server";

/**
 * The operator commands `npm run backup -- FILE` and `npm run restore -- FILE`
 * (scripts/backup.js, scripts/restore.js; docs/decisions/008).
 *
 * A backup is one .tar.gz holding `manifest.json`, `database.sqlite` (a copy made with SQLite's
 * online backup API from a connection of its own, so the server keeps running), `secret` (the
 * file that signs sessions when JWT_SECRET is unset) and `uploads/` (the media files).
 *
 * The parts: backup-format (the archive and its manifest), backup-config (the server's
 * locations), backup-files (file handling), backup-checks (the database and the archive checked),
 * backup-create (the backup), backup-restore (the restore); this module is the two commands.
 */

type CommandIo = { out?: Log; err?: Log; env?: NodeJS.ProcessEnv; cwd?: string };

function readArguments(argv: string[], usage: string, flags: readonly string[]) {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      options: {
        help: { type: "boolean", short: "h" },
        ...Object.fromEntries(flags.map((flag) => [flag, { type: "boolean" as const }])),
      },
      allowPositionals: true,
    });
  } catch (error) {
    throw new OperatorError(`${describeError(error)}. Usage: ${usage}`);
  }
  if (parsed.values.help) return { help: true as const };
  if (parsed.positionals.length === 0) throw new OperatorError(`missing FILE. Usage: ${usage}`);
  if (parsed.positionals.length > 1) throw new OperatorError(`one FILE only, got ${parsed.positionals.length}. Usage: ${usage}`);
  const values = parsed.values as Record<string, unknown>;
  const flagged = new Set(flags.filter((flag) => values[flag] === true));
  return { help: false as const, file: parsed.positionals[0]!, flagged };
}

type CommandArgs = { file: string; flagged: ReadonlySet<string>; log: Log; env: NodeJS.ProcessEnv; cwd: string };

async function runCommand(
  name: "Backup" | "Restore",
  usage: string,
  flags: readonly string[],
  argv: string[],
  io: CommandIo,
  run: (args: CommandArgs) => Promise<string>,
): Promise<number> {
  const out = io.out ?? ((line: string) => console.log(line));
  const err = io.err ?? ((line: string) => console.error(line));
  try {
    const args = readArguments(argv, usage, flags);
    if (args.help) {
      out(`Usage: ${usage}`);
      return 0;
    }
    // `npm run` starts scripts in the project folder; FILE is meant from where the operator typed it.
    const cwd = io.cwd ?? process.env.INIT_CWD ?? process.cwd();
    out(await run({ file: args.file, flagged: args.flagged, log: out, env: io.env ?? process.env, cwd }));
    return 0;
  } catch (error) {
    err(`${name} failed: ${describeError(error)}`);
    return 1;
  }
}

/** `npm run backup -- FILE [--force]`: returns the exit code. */
export function runBackupCommand(argv: string[], io: CommandIo = {}): Promise<number> {
  return runCommand("Backup", "npm run backup -- FILE [--force]", ["force"], argv, io, async ({ file, flagged, ...rest }) => {
    const result = await createBackup({ file, force: flagged.has("force"), ...rest });
    return `Backup complete: ${result.file}`;
  });
}

/**
 * `npm run restore -- FILE [--force] [--send-waiting-mail]` (with the server stopped): returns the
 * exit code. `mailJobKinds` are the server's job kinds that send mail.
 */
export function runRestoreCommand(argv: string[], io: CommandIo & { mailJobKinds: readonly string[] }): Promise<number> {
  return runCommand(
    "Restore",
    "npm run restore -- FILE [--force] [--send-waiting-mail]   (with the server stopped)",
    ["force", "send-waiting-mail"],
    argv,
    io,
    async ({ file, flagged, ...rest }) => {
      await restoreBackup({
        file,
        force: flagged.has("force"),
        sendWaitingMail: flagged.has("send-waiting-mail"),
        mailJobKinds: io.mailJobKinds,
        ...rest,
      });
      return "Restore complete: start the server (npm start).";
    },
  );
}
