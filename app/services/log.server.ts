/**
 * The server's log: one line per event on standard output (errors on standard error), for the
 * service manager's journal. A line never carries a stack trace, a query string or a token.
 */
export function logLine(text: string, level: "info" | "error" = "info") {
  const line = text.replace(/[\r\n]+/g, " ");
  if (level === "error") console.error(line);
  else {
    flushAccessLog();
    console.log(line);
  }
}

/**
 * Once the log cannot be written (the pipe to the service manager or the terminal closed), its
 * lines are dropped and the server goes on serving: without a listener the write's EPIPE is an
 * uncaught exception, whose own log line fails the same way, for ever, a core busy and SIGTERM
 * never reaching its end.
 */
export function dropLinesOnceLogIsGone() {
  for (const stream of [process.stdout, process.stderr]) stream.on("error", () => {});
}

let accessLines: string[] = [];
let accessFlushScheduled = false;

/** How long a request's line may wait for others to be written with. */
const ACCESS_LOG_DELAY_MS = 50;

/**
 * One request's line, written with the others of the next ACCESS_LOG_DELAY_MS: a write to the
 * journal's pipe is a system call that waits, and one per request was 3% of a feed request's CPU
 * in the profile (decision 024); one per turn of the event loop still 2.5% of an order's read.
 * Lines are written at the latest after that delay, before any other line, and when the process
 * exits.
 */
export function logAccess(text: string) {
  accessLines.push(text.replace(/[\r\n]+/g, " "));
  if (accessFlushScheduled) return;
  accessFlushScheduled = true;
  setTimeout(flushAccessLog, ACCESS_LOG_DELAY_MS).unref();
}

function flushAccessLog() {
  accessFlushScheduled = false;
  if (!accessLines.length) return;
  const text = accessLines.join("\n");
  accessLines = [];
  // Through the console, which, like every other line, ignores a journal that went away (EPIPE).
  console.log(text);
}
process.on("exit", flushAccessLog);

/** An error in one line: its name, code and message, and where in our code it was thrown. */
export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error).split("\n")[0]!;
  // Drizzle wraps the driver's error in "Failed query: <the whole statement>": the driver's code
  // and message say what went wrong, the wrapper's stack where.
  const cause = error.cause;
  const wrapped = cause instanceof Error && typeof (cause as { code?: unknown }).code === "string";
  const code = ((wrapped ? cause : error) as { code?: unknown }).code;
  const name = wrapped ? cause.name : error.name;
  const message = wrapped ? cause.message : error.message;
  // The first frame of our own code (app/, db/, the server build) says where to look.
  const frame = error.stack
    ?.split("\n")
    .slice(1)
    .map((line) => /\(?((?:\/[^():]+)+):(\d+):\d+\)?$/.exec(line.trim()))
    .find((match) => match && !match[1]!.includes("/node_modules/") && !match[1]!.startsWith("node:"));
  const where = frame ? ` (at ${frame[1]!.split("/").slice(-2).join("/")}:${frame[2]})` : "";
  return `${name}${typeof code === "string" ? ` ${code}` : ""}: ${message.split("\n")[0]}${where}`;
}

/** Logs an unexpected error of a request or a background task in one line. */
export function logError(context: string, error: unknown) {
  logLine(`${context}: ${describeError(error)}`, "error");
}
