import autocannon from "autocannon";
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { CONNECTIONS, DURATION, log, MAX_WARM_UP, root, ROUNDS, WARM_UP, WARM_UP_SETTLED } from "./settings.js";

// The harness: builds, starts and stops the servers, loads them with autocannon, and reads their CPU time and memory.
/** @typedef {import("./types.js").Server} Server */
/** @typedef {import("./types.js").Figure} Figure */
/** @typedef {import("./types.js").Target} Target */
/** @typedef {import("./types.js").Account} Account */

export function build() {
  const bin = path.join(root, "node_modules/@react-router/dev/bin.js");
  for (const cwd of [root, path.join(root, "bench/minimal-app")]) {
    const result = spawnSync(process.execPath, [bin, "build"], { cwd, stdio: ["ignore", "ignore", "inherit"] });
    if (result.status !== 0) throw new Error(`build failed in ${cwd}`);
  }
}

/** @returns {Promise<number>} */
export async function freePort() {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.listen(0, "127.0.0.1", () => {
      const { port } = /** @type {import("node:net").AddressInfo} */ (probe.address());
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts a server process and resolves once it answers `probePath`.
 * @param {string} name
 * @param {string} command
 * @param {string[]} argv
 * @param {Record<string, string>} env
 * @returns {Promise<Server>}
 */
export async function startProcess(name, command, argv, env, probePath = "/") {
  const port = await freePort();
  const child = spawn(command, argv, {
    cwd: root,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env, PORT: String(port) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output = (output + chunk).slice(-4000)));
  child.stderr.on("data", (chunk) => (output = (output + chunk).slice(-4000)));
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 600; attempt++) {
    if (child.exitCode !== null) throw new Error(`${name} exited:\n${output}`);
    try {
      const response = await fetch(url + probePath);
      await response.arrayBuffer();
      return { name, url, child, pid: /** @type {number} */ (child.pid), output: () => output };
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`${name} did not start:\n${output}`);
}

/**
 * @param {Server | undefined} server
 * @returns {Promise<void>}
 */
export function stop(server) {
  return new Promise((resolve) => {
    if (!server || server.child.exitCode !== null) return resolve();
    server.child.once("exit", resolve);
    server.child.kill("SIGTERM");
  });
}

/** @param {number} pid */
export function residentMemoryMb(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/** @type {RegExpExecArray} */ (/VmRSS:\s+(\d+) kB/.exec(status))[1]) / 1024;
}

/**
 * @param {string} url
 * @param {Omit<import("autocannon").Options, "url"> & { method?: "GET" | "POST"; body?: string }} [options]
 * @returns {Promise<import("autocannon").Result>}
 */
export function run(url, { headers = {}, duration = DURATION, connections = CONNECTIONS, overallRate, method, body } = {}) {
  return new Promise((resolve, reject) => {
    const request = method ? { method, ...(body ? { body } : {}) } : {};
    autocannon({ url, connections, duration, headers, ...request, ...(overallRate ? { overallRate } : {}) }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

export const median = (/** @type {number[]} */ values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * CPU time (user + system) a process has used so far, in ms.
 * @param {number} pid
 */
export function cpuTimeMs(pid) {
  return ticksToMs(statFields(pid), [11, 12]);
}

/**
 * The fields of /proc/<pid>/stat after the command's name (utime is [11], stime [12], and the
 * waited-for children's cutime and cstime [13] and [14]).
 * @param {number} pid
 */
const statFields = (pid) => fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");

/** The named fields' clock ticks, summed, in ms. */
const ticksToMs = (/** @type {string[]} */ fields, /** @type {number[]} */ indexes) =>
  (indexes.reduce((sum, i) => sum + Number(fields[i]), 0) * 1000) / CLOCK_TICKS;

/**
 * CPU time of PostgreSQL's postmaster and its backends, in ms: the live ones', and through the
 * postmaster's count of its waited-for children, those that ended (a pooled connection closed
 * when idle), so a backend ending during a round neither fails the reading nor takes its time away.
 * @param {number} pid the postmaster
 */
export function clusterCpuTimeMs(pid) {
  const own = ticksToMs(statFields(pid), [11, 12, 13, 14]);
  let children = 0;
  for (const child of childrenOf(pid)) {
    try {
      children += cpuTimeMs(child);
    } catch {
      // Ended between the listing and the reading: the postmaster's count has it now.
    }
  }
  return own + children;
}
/**
 * CPU time of a process and every process it started (a primary and its workers, WORKERS), in ms.
 * @param {number} pid
 * @returns {number}
 */
export function treeCpuTimeMs(pid) {
  return cpuTimeMs(pid) + childrenOf(pid).reduce((sum, child) => sum + treeCpuTimeMs(child), 0);
}

/** @param {number} pid */
export function childrenOf(pid) {
  try {
    return fs.readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").split(" ").filter(Boolean).map(Number);
  } catch {
    return [];
  }
}
export const CLOCK_TICKS = Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout) || 100;

/**
 * Load on each target ({ label, server, path, headers }): a warm-up (not counted, so the JIT has
 * compiled the hot path), then ROUNDS rounds over all targets in turn, so references and the app
 * see the same machine, with the `watched` server's resident memory after each round. Per target:
 * median requests per second and p99 latency, every non-2xx answer, and the server's CPU time per
 * request (steadier than throughput on a shared machine).
 * @param {Target[]} targets
 * @param {Server} watched
 */
export async function measureRounds(targets, watched) {
  for (const target of targets) await warmUntilSettled(target);
  /** @type {Map<string, { result: import("autocannon").Result; cpuMs: number; databaseCpuMs: number }[]>} */
  const samples = new Map(targets.map(({ label }) => [label, []]));
  const memoryAfterRounds = [];
  const databaseCpuMs = () => (databasePid ? clusterCpuTimeMs(databasePid) : 0);
  for (let round = 0; round < ROUNDS; round++) {
    for (const { label, server, path: target, headers, method, body } of targets) {
      const cpuBefore = treeCpuTimeMs(server.pid);
      const databaseBefore = databaseCpuMs();
      const result = await run(server.url + target, { headers, method, body });
      samples
        .get(label)
        ?.push({ result, cpuMs: treeCpuTimeMs(server.pid) - cpuBefore, databaseCpuMs: databaseCpuMs() - databaseBefore });
    }
    memoryAfterRounds.push(+residentMemoryMb(watched.pid).toFixed(1));
  }
  /** @type {Record<string, Figure>} */
  const figures = {};
  for (const [label, rounds] of samples) {
    const figure = {
      label,
      rps: Math.round(median(rounds.map(({ result }) => result.requests.average))),
      p99: median(rounds.map(({ result }) => result.latency.p99)),
      non2xx: rounds.reduce((sum, { result }) => sum + result.non2xx + result.errors + result.timeouts, 0),
      cpuUsPerRequest: Math.round(median(rounds.map(({ result, cpuMs }) => (cpuMs * 1000) / result.requests.total))),
      cpuSpread: spreadOf(rounds.map(({ result, cpuMs }) => (cpuMs * 1000) / result.requests.total)),
      cpuUsPerRound: rounds.map(({ result, cpuMs }) => Math.round((cpuMs * 1000) / result.requests.total)),
      ...(databasePid
        ? {
            databaseCpuUsPerRequest: Math.round(
              median(rounds.map(({ result, databaseCpuMs }) => (databaseCpuMs * 1000) / result.requests.total)),
            ),
          }
        : {}),
    };
    log(
      `  ${label.padEnd(40)} ${String(figure.rps).padStart(7)} req/s  p99 ${String(figure.p99).padStart(4)} ms  ` +
        `CPU ${String(figure.cpuUsPerRequest).padStart(5)} µs/request ±${String(Math.round(figure.cpuSpread * 100)).padStart(2)}%` +
        `${figure.databaseCpuUsPerRequest === undefined ? "" : `  PostgreSQL ${String(figure.databaseCpuUsPerRequest).padStart(5)} µs`}  non-2xx ${figure.non2xx}`,
    );
    figures[label] = figure;
  }
  return { figures, memoryAfterRounds };
}

/**
 * Load on one target until its CPU per request settles (two runs in a row within
 * WARM_UP_SETTLED of each other) or MAX_WARM_UP seconds have passed: a fixed few seconds left
 * pages measured before the JIT had compiled them.
 * @param {Target} target
 */
async function warmUntilSettled({ label, server, path: target, headers, method, body }) {
  let previous = Infinity;
  for (let spent = 0; spent < MAX_WARM_UP; spent += WARM_UP) {
    const cpuBefore = treeCpuTimeMs(server.pid);
    const result = await run(server.url + target, { headers, method, body, duration: WARM_UP });
    const perRequest = ((treeCpuTimeMs(server.pid) - cpuBefore) * 1000) / Math.max(1, result.requests.total);
    if (hasSettled(previous, perRequest)) {
      log(`  warmed ${label}: settled after ${spent + WARM_UP} s`);
      return;
    }
    previous = perRequest;
  }
  log(`  warmed ${label}: not settled after ${MAX_WARM_UP} s`);
}

/**
 * Whether a warm-up run's CPU per request is within WARM_UP_SETTLED of the run's before it; never
 * after the first run, which has none before it (its `previous` is Infinity, and Infinity is
 * within any share of Infinity: every target passed for warm after one run of WARM_UP seconds).
 * @param {number} previous
 * @param {number} current
 */
export const hasSettled = (previous, current) =>
  Number.isFinite(previous) && Math.abs(current - previous) <= WARM_UP_SETTLED * previous;

/**
 * How many times `reference`'s CPU a request `figure` costs, taken round by round (each round's
 * figure over the same round's reference) and the median kept, with the spread of those ratios:
 * a machine slower in one round than another moves both, and leaves the ratio.
 * @param {Figure} figure
 * @param {Figure} reference
 */
export function timesPerRound(figure, reference) {
  const ratios = figure.cpuUsPerRound.map((cpu, round) => cpu / reference.cpuUsPerRound[round]);
  return { times: +median(ratios).toFixed(2), timesSpread: spreadOf(ratios) };
}

/**
 * Each target with a reference in `referenceOf` measured right before it: the two then meet the
 * machine in the same moment of each round, and not minutes apart.
 * @param {Target[]} targets
 * @param {(label: string) => string} referenceOf
 */
export function besideTheirReferences(targets, referenceOf) {
  const references = new Map(targets.map((target) => [target.label, target]));
  const paired = new Set(
    targets.filter((target) => references.has(referenceOf(target.label))).map((target) => referenceOf(target.label)),
  );
  return targets.flatMap((target) => {
    if (paired.has(target.label)) return [];
    const reference = references.get(referenceOf(target.label));
    return reference ? [reference, target] : [target];
  });
}

/**
 * How far a target's rounds lie apart: (highest - lowest) / median, so a change smaller than it
 * cannot be told from noise.
 * @param {number[]} values
 */
export function spreadOf(values) {
  const middle = median(values);
  return middle ? +((Math.max(...values) - Math.min(...values)) / middle).toFixed(3) : 0;
}

/**
 * @param {string} url
 * @param {RequestInit} [init]
 */
export async function json(url, init) {
  const response = await fetch(url, init);
  return { status: response.status, body: await response.json() };
}

/**
 * Registers `count` members through the API and returns their tokens.
 * @param {Server} server
 * @param {number} count
 * @param {string} prefix
 */
export async function registerMembers(server, count, prefix) {
  /** @type {Account[]} */
  const accounts = [];
  for (let i = 0; i < count; i++) {
    const email = `${prefix}${i}@bench.example`;
    const { body } = await json(`${server.url}/api/auth/register`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": `10.9.${Math.floor(i / 200)}.${i % 200}` },
      body: JSON.stringify({ username: `Bench ${i}`, email, password: "bench-password" }),
    });
    accounts.push({ id: body.user.id, email, token: body.token });
  }
  return accounts;
}

/** With --engine postgres: the PostgreSQL database each bench database was copied into, by its folder. */
export const postgresDatabases = new Map();

/**
 * With --engine postgres, the cluster's postmaster: the CPU time of it and every backend it
 * forked is counted beside each target's, as PostgreSQL's CPU per request.
 * @type {number | undefined}
 */
let databasePid;
export function watchDatabase(/** @type {number} */ pid) {
  databasePid = pid;
}

/**
 * The app's environment as `npm start` gets it, with `workers` processes (WORKERS).
 * @param {string} dataDir
 * @param {number} workers
 */
export function appEnvironment(dataDir, workers) {
  const databaseUrl = postgresDatabases.get(dataDir);
  return {
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    DATABASE_PATH: path.join(dataDir, "app.db"),
    UPLOAD_DIR: path.join(dataDir, "uploads"),
    JWT_SECRET: "bench-secret-bench-secret-bench-secret-0123",
    TRUST_PROXY: "1",
    SKIP_BUILD_CHECK: "1",
    WORKERS: String(workers),
  };
}

/**
 * Stops a database size's app and removes its database (about 800 MB at 1M posts).
 * @param {{ app: Server; dataDir: string }} run
 */
export async function finish({ app, dataDir }) {
  await stop(app);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
