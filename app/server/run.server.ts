import http from "node:http";
import type { ServerBuild } from "react-router";
import { startApp, stopApp } from "./start.server";
import { getEnv, type Env } from "~/services/env.server";
import { createAppListener } from "./listener.server";
import { describeError as describe, logLine } from "~/services/log.server";

/** Requests still open this long after a stop signal are cut, so a stop never hangs. */
const STOP_GRACE_MS = 10_000;

/** Prints one line and ends the process: start-up failures never show a stack trace. */
function fail(line: string): never {
  logLine(line, "error");
  process.exit(1);
}

/** The line for a failed start: configuration and start-up faults say their own sentence. */
function failureLine(error: unknown) {
  const name = error instanceof Error ? error.name : "";
  if (name === "ConfigError") return `Configuration error: ${(error as Error).message}`;
  return `Start-up failed: ${name === "StartupError" ? (error as Error).message : describe(error)}`;
}

function listen(server: http.Server, env: Env) {
  return new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen({ port: env.port, host: env.host }, () => {
      server.off("error", reject);
      resolve();
    });
  });
}

function describeListenFailure(error: unknown, env: Env) {
  const code = (error as NodeJS.ErrnoException).code;
  const where = env.host ? `${env.host}:${env.port}` : `port ${env.port}`;
  if (code === "EADDRINUSE") return `PORT: ${where} is already in use by another program`;
  if (code === "EACCES") return `PORT: this user may not listen on ${where} (ports below 1024 need privileges)`;
  if (code === "EADDRNOTAVAIL" || code === "ENOTFOUND" || code === "EAI_AGAIN") {
    return `HOST: ${env.host} is not an address of this machine`;
  }
  return `PORT/HOST: cannot listen on ${where} (${describe(error)})`;
}

/**
 * `npm start`: reads the configuration, takes the port, then opens the database, so a port in use
 * fails before anything is created. Requests that arrive while the database opens wait for it.
 * SIGTERM and SIGINT finish open requests, fold the WAL into the database and exit.
 */
export async function runServer(build: ServerBuild) {
  let env: Env;
  try {
    env = getEnv();
  } catch (error) {
    fail(failureLine(error));
  }

  // A stray rejection or exception (a library's callback, a timer's work after its answer)
  // is logged in one line; it must not end a server that others are using.
  process.on("unhandledRejection", (reason) => logLine(`Unhandled rejection: ${describe(reason)}`, "error"));
  process.on("uncaughtException", (error) => logLine(`Uncaught exception: ${describe(error)}`, "error"));

  let resolveReady!: (listener: ReturnType<typeof createAppListener>) => void;
  const ready = new Promise<ReturnType<typeof createAppListener>>((resolve) => (resolveReady = resolve));
  const server = http.createServer((req, res) => {
    void ready.then((listener) => listener(req, res));
  });
  server.keepAliveTimeout = 65_000;
  // CONNECT asks for a tunnel; node hands it over raw, and this server makes none.
  server.on("connect", (_req, socket) => {
    socket.on("error", () => {});
    socket.end(
      "HTTP/1.1 405 Method Not Allowed\r\nAllow: GET, HEAD, POST, PUT, PATCH, DELETE\r\nContent-Length: 0\r\nConnection: close\r\n\r\n",
    );
  });

  try {
    await listen(server, env);
  } catch (error) {
    fail(`Start-up failed: ${describeListenFailure(error, env)}`);
  }

  let report: string[];
  try {
    report = startApp();
  } catch (error) {
    server.close();
    fail(failureLine(error));
  }
  const listener = createAppListener(build, env);
  resolveReady(listener);
  for (const line of report) logLine(line);
  const address = env.host ? `${env.host}:${env.port}` : `port ${env.port} on every interface`;
  logLine(`Circular Hub is serving ${env.appUrl} (listening on ${address}, database ${env.databasePath})`);

  let stopping = false;
  function stop(signal: string) {
    if (stopping) return;
    stopping = true;
    logLine(`${signal} received: finishing open requests…`);
    listener.stop();
    server.close(() => {
      stopApp().then(
        () => {
          logLine("Stopped.");
          process.exit(0);
        },
        (error: unknown) => {
          // A full disk while folding the WAL back: the database is still whole (the WAL is kept).
          logLine(`Stopped with an error while closing: ${describe(error)}`, "error");
          process.exit(1);
        },
      );
    });
    server.closeIdleConnections();
    setTimeout(() => server.closeAllConnections(), STOP_GRACE_MS).unref();
  }
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}
