/**
 * The server's log: one line per event on standard output (errors on standard error), for the
 * service manager's journal. A line never carries a stack trace, a query string or a token.
 */
export function logLine(text: string, level: "info" | "error" = "info") {
  const line = text.replace(/[\r\n]+/g, " ");
  if (level === "error") console.error(line);
  else console.log(line);
}
