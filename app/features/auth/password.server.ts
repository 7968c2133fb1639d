import { createRequire } from "node:module";
import os from "node:os";
import { Worker } from "node:worker_threads";
import { fitsBcrypt } from "./schemas";
import { getEnv } from "~/services/env.server";

const HASHING_THREAD_NICE = 10;

/**
 * bcrypt runs in worker threads: at cost 12 one hash takes about 250 ms of CPU, and bcryptjs's
 * async mode still runs on the main thread, so a burst of logins would stall every page.
 */
const workerSource = `
const { parentPort, workerData } = require("node:worker_threads");
// On Linux a nice value belongs to one thread: this lowers only the hashing thread's, so under
// load the pages and the API run first and logins take longer instead.
try { require("node:os").setPriority(0, ${HASHING_THREAD_NICE}); } catch {}
const bcrypt = require(workerData.bcryptPath);
parentPort.on("message", ({ id, op, password, hash, cost }) => {
  try {
    const result = op === "hash" ? bcrypt.hashSync(password, cost) : bcrypt.compareSync(password, hash);
    parentPort.postMessage({ id, result });
  } catch (error) {
    parentPort.postMessage({ id, error: String(error && error.message || error) });
  }
});
`;

type Job = { resolve: (value: unknown) => void; reject: (error: Error) => void };
type PooledWorker = { worker: Worker; busy: number };

const bcryptPath = createRequire(import.meta.url).resolve("bcryptjs");
const pool: PooledWorker[] = [];
const jobs = new Map<number, Job>();
let nextJobId = 1;

function poolSize() {
  return Math.max(1, Math.min(4, os.availableParallelism() - 1));
}

function pickWorker(): PooledWorker {
  if (pool.length < poolSize()) {
    const worker = new Worker(workerSource, { eval: true, workerData: { bcryptPath } });
    const pooled = { worker, busy: 0 };
    worker.on("message", ({ id, result, error }: { id: number; result?: unknown; error?: string }) => {
      pooled.busy--;
      const job = jobs.get(id);
      jobs.delete(id);
      if (error) job?.reject(new Error(error));
      else job?.resolve(result);
    });
    // The pool must not keep a stopping server alive.
    worker.unref();
    pool.push(pooled);
    return pooled;
  }
  return pool.reduce((least, candidate) => (candidate.busy < least.busy ? candidate : least));
}

function run<T>(message: Record<string, unknown>): Promise<T> {
  const id = nextJobId++;
  const target = pickWorker();
  target.busy++;
  return new Promise<T>((resolve, reject) => {
    jobs.set(id, { resolve: resolve as (value: unknown) => void, reject });
    target.worker.postMessage({ id, ...message });
  });
}

export function hashPassword(password: string): Promise<string> {
  // The schemas refuse such passwords with a message; reaching here is a programming error.
  if (!fitsBcrypt(password)) throw new Error("password over 72 bytes");
  return run<string>({ op: "hash", password, cost: getEnv().bcryptCost });
}

let comparisonsStarted = 0;
/** How many bcrypt comparisons this process has started: a failed login must always cost one. */
export const passwordComparisonsStarted = () => comparisonsStarted;

function compare(password: string, hash: string) {
  comparisonsStarted++;
  return run<boolean>({ op: "compare", password, hash });
}

let dummyHash: Promise<string> | undefined;
/** A hash of the configured cost that no login is checked against for real. */
function equaliserHash() {
  dummyHash ??= hashPassword("timing-equaliser-not-a-password");
  return dummyHash;
}

/**
 * Every check costs one bcrypt comparison. A hash that is not bcrypt (a seeded member's "!",
 * decision 003) matches nothing, but answering at once would tell an attacker in 6 ms instead
 * of 340 that the address has no usable password: such a check compares with the dummy hash.
 */
export async function verifyPassword(password: string, hash: string): Promise<boolean> {
  if (!hash.startsWith("$2")) {
    await compare(password, await equaliserHash());
    return false;
  }
  return compare(password, hash);
}

/**
 * Checking a password against a hash of the same cost for unknown e-mails makes a failed
 * login take as long whether or not the account exists.
 */
export async function burnPasswordCheck(password: string) {
  await compare(password, await equaliserHash());
}

export async function closePasswordWorkers() {
  await Promise.all(pool.splice(0).map(({ worker }) => worker.terminate()));
}
