import cluster, { type Worker } from "node:cluster";
import http from "node:http";
import net from "node:net";
import type { ServerBuild } from "react-router";
import { startApp, startPrimaryApp, startWorkerApp, stopApp, stopWorkerApp } from "./start.server";
import { getEnv, type Env } from "~/services/env.server";
import { createAppListener } from "./listener.server";
import { describeError as describe, dropLinesOnceLogIsGone, logLine } from "~/services/log.server";
import { isPeerNews, listenToPeers } from "~/services/peers.server";
import { checkDatabaseAtStart, noteNewsInPrimary, tellWorker } from "~/services/database/db-integrity.server";
import { describePostgres } from "~/services/database/postgres-url.server";

/** Requests still open this long after a stop signal are cut, so a stop never hangs. */
const STOP_GRACE_MS = 10_000;
/**
 * Workers still running this long after a stop signal are killed: the grace for requests, the
 * jobs' wait for a running job (STOP_WAIT_MS) and a few seconds to close.
 */
const WORKER_KILL_MS = STOP_GRACE_MS + 10_000;
/** A worker that dies within this long of its start died "right after start". */
const QUICK_DEATH_MS = 10_000;
/** That many quick deaths within a minute and the primary gives up: the fault is not passing. */
const QUICK_DEATHS_TO_GIVE_UP = 5;
/** The first restart after a quick death waits this long, doubling with each further one. */
const RESTART_BACKOFF_MS = 250;

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
 * `npm start`: reads the configuration, then serves in one process (WORKERS=1) or as a primary
 * with WORKERS worker processes sharing the port (node:cluster). Each worker process runs this too
 * (cluster forks server.js) and takes the worker's part.
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
  dropLinesOnceLogIsGone();
  process.on("unhandledRejection", (reason) => logLine(`Unhandled rejection: ${describe(reason)}`, "error"));
  process.on("uncaughtException", (error) => logLine(`Uncaught exception: ${describe(error)}`, "error"));

  if (cluster.isWorker) return runWorker(build, env);
  if (env.workers > 1) return runPrimary(env);
  return runSingle(build, env);
}

/** The HTTP server: each request waits until the app is ready, then goes to its listener. */
function createHttpServer(ready: Promise<ReturnType<typeof createAppListener>>) {
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
  return server;
}

/**
 * Finishes open requests (each answer from now on closes its connection), then runs `close` and
 * ends the process: 0 when it closed cleanly, 1 when closing failed.
 */
function stopServing(
  server: http.Server,
  listener: ReturnType<typeof createAppListener>,
  close: () => Promise<void>,
  closed: (error?: unknown) => void,
) {
  listener.stop();
  server.close(() => closeThenExit(close, closed));
  server.closeIdleConnections();
  setTimeout(() => server.closeAllConnections(), STOP_GRACE_MS).unref();
}

/** Runs `close` and ends the process: 0 when it closed cleanly, 1 when closing failed. */
function closeThenExit(close: () => Promise<void>, closed: (error?: unknown) => void) {
  close().then(
    () => {
      closed();
      process.exit(0);
    },
    (error: unknown) => {
      closed(error);
      process.exit(1);
    },
  );
}

function onStopSignal(stop: (signal: string) => void) {
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

/**
 * One process: takes the port, then opens the database, so a port in use fails before anything
 * is created. Requests that arrive while the database opens wait for it. SIGTERM and SIGINT
 * finish open requests, fold the WAL into the database and exit.
 */
async function runSingle(build: ServerBuild, env: Env) {
  let resolveReady!: (listener: ReturnType<typeof createAppListener>) => void;
  const server = createHttpServer(new Promise((resolve) => (resolveReady = resolve)));
  try {
    await listen(server, env);
  } catch (error) {
    fail(`Start-up failed: ${describeListenFailure(error, env)}`);
  }

  let report: string[];
  try {
    const checked = env.databaseUrl ? undefined : await checkDatabaseAtStart(env.databasePath);
    report = [...(checked ? [checked] : []), ...(await startApp())];
  } catch (error) {
    server.close();
    fail(failureLine(error));
  }
  const listener = createAppListener(build, env);
  resolveReady(listener);
  for (const line of report) logLine(line);
  logLine(`Circular Hub is serving ${env.appUrl} (listening on ${addressOf(env)}, database ${databaseName(env)})`);

  let stopping = false;
  onStopSignal((signal) => {
    if (stopping) return;
    stopping = true;
    logLine(`${signal} received: finishing open requests…`);
    stopServing(server, listener, stopApp, (error) => {
      // A full disk while folding the WAL back: the database is still whole (the WAL is kept).
      if (error) logLine(`Stopped with an error while closing: ${describe(error)}`, "error");
      else logLine("Stopped.");
    });
  });
}

const addressOf = (env: Env) => (env.host ? `${env.host}:${env.port}` : `port ${env.port} on every interface`);

/**
 * A worker: listens on the port its primary shares, opens the database the primary prepared,
 * and serves until a stop signal (from the primary, or the terminal's to the whole group). The
 * primary logs its start; a worker whose primary is gone exits at once (node:cluster does that
 * when the channel to the primary closes), so none outlives it.
 */
async function runWorker(build: ServerBuild, env: Env) {
  const name = `Worker ${cluster.worker!.id} (pid ${process.pid})`;
  const closed = (error?: unknown) => {
    if (error) logLine(`${name} stopped with an error while closing: ${describe(error)}`, "error");
  };
  // A stop that comes while the worker is still starting (the primary stopped before every worker
  // took the port) ends it without serving: once the app's start has settled (a failed start ends
  // the worker itself), it is stopped as any stop does (a job under way finishes). Without a
  // handler the signal would kill it, which the primary counts as a stop that was not clean.
  let appStarted: Promise<void> | undefined;
  let stoppedWhileStarting = false;
  const stopWhileStarting = () => {
    if (stoppedWhileStarting) return;
    stoppedWhileStarting = true;
    void Promise.allSettled([appStarted]).then(() => closeThenExit(stopWorkerApp, closed));
  };
  process.on("SIGTERM", stopWhileStarting);
  process.on("SIGINT", stopWhileStarting);
  listenToPeers();
  let resolveReady!: (listener: ReturnType<typeof createAppListener>) => void;
  const server = createHttpServer(new Promise((resolve) => (resolveReady = resolve)));
  try {
    await (appStarted = startWorkerApp());
  } catch (error) {
    fail(`${name}: ${failureLine(error)}`);
  }
  if (stoppedWhileStarting) return;
  const listener = createAppListener(build, env);
  resolveReady(listener);
  try {
    await listen(server, env);
  } catch (error) {
    fail(`${name}: Start-up failed: ${describeListenFailure(error, env)}`);
  }
  if (stoppedWhileStarting) {
    server.close();
    return;
  }

  process.off("SIGTERM", stopWhileStarting);
  process.off("SIGINT", stopWhileStarting);
  let stopping = false;
  onStopSignal(() => {
    if (stopping) return;
    stopping = true;
    stopServing(server, listener, stopWorkerApp, closed);
  });
}

/**
 * The primary of WORKERS processes: checks the port is free, prepares the database once
 * (migrations, seeding, the start-up lines), then forks the workers, which share the port. It
 * serves nothing itself: it relays the workers' news to each other (caches to drop), restarts a
 * worker that dies (waiting a little longer each time one dies right after its start, and giving
 * up when that keeps happening), and on SIGTERM or SIGINT stops every worker and exits once all
 * are gone.
 */
async function runPrimary(env: Env) {
  // The workers take the port later; a port in use must fail before anything is created.
  try {
    await probePort(env);
  } catch (error) {
    fail(`Start-up failed: ${describeListenFailure(error, env)}`);
  }
  let report: string[];
  try {
    const checked = env.databaseUrl ? undefined : await checkDatabaseAtStart(env.databasePath);
    report = [...(checked ? [checked] : []), ...(await startPrimaryApp())];
  } catch (error) {
    fail(failureLine(error));
  }
  for (const line of report) logLine(line);

  const startedAt = new Map<number, number>();
  let quickDeaths: number[] = [];
  let listening = 0;
  let serving = false;
  let stopping = false;
  let exitCode = 0;
  let killTimer: NodeJS.Timeout | undefined;

  // The workers still running. node:cluster lists a worker until both its process has exited and
  // its channel has closed, and on a loaded machine the exit can come first: a worker that has
  // exited must not count, or the last one's exit would leave the primary waiting for ever.
  const workers = () =>
    Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => worker !== undefined && !worker.isDead());
  const nameOf = (worker: Worker) => `Worker ${worker.id} (pid ${worker.process.pid})`;

  function fork() {
    const worker = cluster.fork();
    startedAt.set(worker.id, Date.now());
  }

  cluster.on("listening", (worker) => {
    logLine(`${nameOf(worker)} started`);
    tellWorker(worker);
    if (serving || ++listening < env.workers) return;
    serving = true;
    logLine(
      `Circular Hub is serving ${env.appUrl} (listening on ${addressOf(env)} with ${env.workers} workers, database ${databaseName(env)})`,
    );
  });

  cluster.on("message", (from, message: unknown) => {
    if (!isPeerNews(message)) return;
    noteNewsInPrimary(message);
    for (const worker of workers()) if (worker !== from && worker.isConnected()) worker.send(message, undefined, {}, () => {});
  });

  cluster.on("exit", (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker.id) ?? 0);
    startedAt.delete(worker.id);
    const how = signal ? `was killed by ${signal}` : `exited with code ${code}`;
    if (stopping) {
      if (code !== 0) exitCode = 1;
      logLine(
        code === 0 ? `${nameOf(worker)} stopped` : `${nameOf(worker)} ${how} while stopping`,
        code === 0 ? "info" : "error",
      );
      if (workers().length === 0) finish();
      return;
    }
    const now = Date.now();
    if (lived < QUICK_DEATH_MS) quickDeaths = [...quickDeaths.filter((at) => now - at < 60_000), now];
    if (quickDeaths.length >= QUICK_DEATHS_TO_GIVE_UP) {
      logLine(
        `${nameOf(worker)} ${how}; workers died right after starting ${quickDeaths.length} times within a minute: giving up`,
        "error",
      );
      exitCode = 1;
      stopWorkers();
      return;
    }
    const delay = lived < QUICK_DEATH_MS ? RESTART_BACKOFF_MS * 2 ** (quickDeaths.length - 1) : 0;
    logLine(`${nameOf(worker)} ${how}; starting another${delay ? ` in ${delay} ms` : ""}`, "error");
    setTimeout(() => {
      if (!stopping) fork();
    }, delay);
  });

  /** Asks every worker to finish its open requests and stop; kills any still running after WORKER_KILL_MS. */
  function stopWorkers() {
    stopping = true;
    for (const worker of workers()) worker.process.kill("SIGTERM");
    if (workers().length === 0) return finish();
    killTimer = setTimeout(() => {
      for (const worker of workers()) {
        logLine(`${nameOf(worker)} still running ${WORKER_KILL_MS / 1000} s after the stop: killed`, "error");
        worker.process.kill("SIGKILL");
      }
    }, WORKER_KILL_MS);
  }

  /** Once every worker is gone: closes the database (folding the WAL back) and exits. */
  function finish() {
    clearTimeout(killTimer);
    stopApp().then(
      () => {
        logLine(exitCode === 0 ? "Stopped." : "Stopped, not cleanly: see the lines above.", exitCode === 0 ? "info" : "error");
        process.exit(exitCode);
      },
      (error: unknown) => {
        logLine(`Stopped with an error while closing: ${describe(error)}`, "error");
        process.exit(1);
      },
    );
  }

  onStopSignal((signal) => {
    if (stopping) return;
    logLine(`${signal} received: finishing open requests…`);
    stopWorkers();
  });

  for (let i = 0; i < env.workers; i++) fork();
}

/** Listens on the port and lets it go again: whether the workers will be able to take it. */
function probePort(env: Env) {
  const probe = net.createServer();
  return new Promise<void>((resolve, reject) => {
    probe.once("error", reject);
    probe.listen({ port: env.port, host: env.host }, () => probe.close(() => resolve()));
  });
}

/** The database the start-up line names: the SQLite file, or PostgreSQL's host and database (never its password). */
function databaseName(env: Env) {
  return env.databaseUrl ? describePostgres(env.databaseUrl) : env.databasePath;
}
