import { isIPv6 } from "node:net";
import { createRequire } from "node:module";
import os from "node:os";
import { Worker } from "node:worker_threads";
import { BusyError } from "~/services/http/busy";
import { getEnv } from "~/services/env.server";
import { logLine } from "~/services/log.server";

/**
 * The threads bcrypt runs on, and who waits for them. At cost 12 one hash takes 250-400 ms of CPU,
 * and bcryptjs's async mode still runs on the main thread, so the work goes to worker threads.
 * Each thread takes one task at a time; the tasks wait here, in one queue per client address,
 * and a free thread takes the next task of the address after the one it served last (round
 * robin), and no address holds every thread. So an address that sends 30 wrong passwords at once
 * waits for its own, and another address's sign-in starts at once or after one task of each
 * other waiting address, not after all of them.
 * What may wait is bounded: an address past its share is refused with a BusyError (a 503 with
 * Retry-After), and so is the longest queue's newest task when the whole process is full.
 */

/** Tasks one address may have waiting (beyond those running): an office behind one NAT signing in at 9:00 fits. */
export const MAX_WAITING_PER_ADDRESS = 8;
/** Tasks this process keeps waiting in all: about 15 s of work at cost 12 on 2 threads. */
export const MAX_WAITING = 64;
export const PASSWORD_BUSY_MESSAGE = "Too many sign-ins are being checked right now. Please try again in a few seconds.";

const HASHING_THREAD_NICE = 10;

const workerSource = `
const { parentPort, workerData } = require("node:worker_threads");
// On Linux a nice value belongs to one thread: this lowers only the hashing thread's, so under
// load the pages and the API run first and logins take longer instead.
try { require("node:os").setPriority(0, ${HASHING_THREAD_NICE}); } catch {}
const bcrypt = require(workerData.bcryptPath);
parentPort.on("message", ({ op, password, hash, cost }) => {
  try {
    if (op === "exit") process.exit(1);
    const result = op === "hash" ? bcrypt.hashSync(password, cost) : bcrypt.compareSync(password, hash);
    parentPort.postMessage({ result });
  } catch (error) {
    parentPort.postMessage({ error: String(error && error.message || error) });
  }
});
`;

/** "exit" ends the thread as a crash would: tests use it to see the thread replaced. */
export type PasswordTask =
  { op: "hash"; password: string; cost: number } | { op: "compare"; password: string; hash: string } | { op: "exit" };

type Waiting = {
  task: PasswordTask;
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
};
type Thread = { worker: Worker; current?: Waiting; address?: string; startedAt: number };

const bcryptPath = createRequire(import.meta.url).resolve("bcryptjs");
const threads = new Set<Thread>();
/** Waiting tasks by client address; a Map keeps insertion order, which is the round robin's. */
const queues = new Map<string, Waiting[]>();
let waitingCount = 0;
/** A running average of one task's time, for the Retry-After of a refusal. */
let averageTaskMs = 300;

/**
 * One process's share of the cores: with WORKERS processes each has a pool of its own, so the
 * cores are divided between them (one thread at least). The threads' lower priority keeps the
 * main threads first in line for the cores they share.
 */
export function passwordThreadCount(cores = os.availableParallelism(), workers = getEnv().workers) {
  return Math.max(1, Math.floor(cores / workers));
}

function busy(): BusyError {
  const ahead = waitingCount + threads.size;
  const seconds = Math.ceil((averageTaskMs * ahead) / passwordThreadCount() / 1000);
  return new BusyError(PASSWORD_BUSY_MESSAGE, Math.min(30, Math.max(1, seconds)));
}

function startThread(): Thread {
  const worker = new Worker(workerSource, { eval: true, workerData: { bcryptPath } });
  const thread: Thread = { worker, startedAt: 0 };
  worker.on("message", ({ result, error }: { result?: unknown; error?: string }) => {
    const done = thread.current;
    thread.current = undefined;
    averageTaskMs = averageTaskMs * 0.8 + (Date.now() - thread.startedAt) * 0.2;
    if (error) done?.reject(new Error(error));
    else done?.resolve(result);
    serveNext();
  });
  // An error inside the thread ends it; "exit" follows, which is where it is replaced.
  worker.on("error", () => {});
  worker.on("exit", (code) => {
    if (!threads.delete(thread)) return;
    if (thread.current) {
      logLine(`A password thread stopped (exit code ${code}) during a task; that request was answered 503`, "error");
      thread.current.reject(busy());
      thread.current = undefined;
    }
    serveNext();
  });
  // The pool must not keep a stopping server alive.
  worker.unref();
  threads.add(thread);
  return thread;
}

function freeThread(): Thread | undefined {
  for (const thread of threads) if (!thread.current) return thread;
  return threads.size < passwordThreadCount() ? startThread() : undefined;
}

/**
 * Threads one address may hold at once: all but one, so that a thread is free at once for an
 * address that comes while another floods (without it, the newcomer waits for a task to end).
 */
export const threadsPerAddress = () => Math.max(1, passwordThreadCount() - 1);

function runningFor(address: string) {
  let count = 0;
  for (const thread of threads) if (thread.current && thread.address === address) count++;
  return count;
}

/** Gives free threads the next tasks, one address after another. */
function serveNext() {
  while (waitingCount > 0) {
    let entry: [string, Waiting[]] | undefined;
    for (const candidate of queues) {
      if (runningFor(candidate[0]) < threadsPerAddress()) {
        entry = candidate;
        break;
      }
    }
    if (!entry) return;
    const thread = freeThread();
    if (!thread) return;
    const [address, queue] = entry;
    const next = queue.shift()!;
    waitingCount--;
    // This address goes to the back of the line, behind every other that waits.
    queues.delete(address);
    if (queue.length) queues.set(address, queue);
    thread.current = next;
    thread.address = address;
    thread.startedAt = Date.now();
    thread.worker.postMessage(next.task);
  }
}

/**
 * Whose turn a task waits in: the client's IPv4 address (an IPv4-mapped IPv6 one read as IPv4),
 * or the /64 network of an IPv6 one. One host is given a whole /64, so sign-ins from many of its
 * addresses would otherwise each take a turn and crowd out everyone else.
 */
export function turnKeyOf(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!isIPv6(address)) return address;
  const [head = "", tail = ""] = address.toLowerCase().split("::");
  const left = head ? head.split(":") : [];
  const right = address.includes("::") ? (tail ? tail.split(":") : []) : [];
  const groups = [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill("0"), ...right];
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}

/** The longest queue, and its address, for a full process to refuse from. */
function longestQueue(): [string, Waiting[]] | undefined {
  let longest: [string, Waiting[]] | undefined;
  for (const entry of queues) if (!longest || entry[1].length > longest[1].length) longest = entry;
  return longest;
}

/**
 * Runs `task` on a thread in the turn of `address` (the client's, as client-address.server.ts
 * gives it). Throws a BusyError when the address has too many tasks waiting, and when the
 * process is full and this address waits the least (then the longest queue's newest task is
 * refused instead, so the address flooding the server is the one told to wait).
 */
export function runPasswordTask<T>(clientAddress: string, task: PasswordTask): Promise<T> {
  const address = turnKeyOf(clientAddress);
  const queue = queues.get(address) ?? [];
  if (queue.length >= MAX_WAITING_PER_ADDRESS) return Promise.reject(busy());
  if (waitingCount >= MAX_WAITING) {
    const [longestAddress, longest] = longestQueue()!;
    if (longest.length <= queue.length + 1) return Promise.reject(busy());
    const dropped = longest.pop()!;
    waitingCount--;
    if (!longest.length) queues.delete(longestAddress);
    dropped.reject(busy());
  }
  return new Promise<T>((resolve, reject) => {
    queue.push({ task, resolve: resolve as (value: unknown) => void, reject });
    waitingCount++;
    if (!queues.has(address)) queues.set(address, queue);
    serveNext();
  });
}

/** How many threads run and how many tasks wait (for tests). */
export const passwordThreadsState = () => ({ threads: threads.size, waiting: waitingCount });

/** Ends the threads; what was waiting or running is refused with a BusyError. */
export async function closePasswordThreads() {
  const all = [...threads];
  threads.clear();
  for (const queue of queues.values()) for (const waiting of queue) waiting.reject(busy());
  queues.clear();
  waitingCount = 0;
  for (const thread of all) thread.current?.reject(busy());
  await Promise.all(all.map(({ worker }) => worker.terminate()));
}
