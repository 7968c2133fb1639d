import path from "node:path";
import { fileURLToPath } from "node:url";

// The bench's settings (npm run bench -- --quick shortens the rounds) and its log.

/** The project's folder (this file is bench/lib/settings.js). */
export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const args = new Set(process.argv.slice(2));
export const QUICK = args.has("--quick");
/** `--engine postgres`: the app on a throwaway PostgreSQL holding a copy of the same database (npm run db:copy). */
export const ENGINE =
  process.argv[process.argv.indexOf("--engine") + 1] === "postgres" && process.argv.includes("--engine") ? "postgres" : "sqlite";
export const ROUNDS = QUICK ? 1 : 3;
export const DURATION = QUICK ? 3 : 10;
export const WARM_UP = QUICK ? 1 : 3;
/**
 * A target is warmed in runs of WARM_UP seconds until two runs in a row cost the same CPU per
 * request within WARM_UP_SETTLED (the JIT has settled: a page can take 30 s of load), and at most
 * MAX_WARM_UP seconds.
 */
export const WARM_UP_SETTLED = 0.05;
export const MAX_WARM_UP = QUICK ? 1 : 36;
/** Requests per second of the steady load: the latency of one request, and the login burst. */
export const STEADY_RATE = 100;
export const CONNECTIONS = 16;
export const MEMBERS = 1000;
/** Marketplace listings, beside the posts, in every database size. */
export const LISTINGS = 100_000;
/** Impact ledger entries of the one member whose dashboard and /api/impact are measured (100k posts only). */
export const IMPACT_ENTRIES = 100_000;
/** Transfer notes the same member is a party to, whose register (page and JSON) is measured. */
export const TRANSFER_NOTES = 20_000;

/**
 * How long after its start a process counts as idle: V8's memory reducer gives back what start-up
 * left behind (the grown young generation, start-up garbage) about 8 s after the last garbage
 * collection, which takes a worker from about 97 to about 80 MB. A bare server does not change.
 */
export const SETTLE_MS = 20_000;

/** @param {string} message */
export function log(message) {
  process.stdout.write(`${message}\n`);
}
