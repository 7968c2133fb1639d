import os from "node:os";
import { timesPerRound } from "./harness.js";
import { CONNECTIONS, DURATION, IMPACT_ENTRIES, log, MEMBERS, ROUNDS, TRANSFER_NOTES, WARM_UP } from "./settings.js";
import {
  ADAPTER_FLOOR,
  ownWork,
  OWN_WORK_TARGETS,
  exchangePages,
  feedTargets,
  FLOOR,
  IMPACT_JSON,
  IMPACT_PAGE,
  PROFILE_PAGE,
  TRANSFER_NOTES_JSON,
  TRANSFER_NOTES_PAGE,
  listingTargets,
  publicListingTargets,
  publicPages,
  NOTIFICATIONS_JSON,
  NOTIFICATIONS_PAGE,
  on100k,
  ORDER_JSON,
  ORDER_PAGE,
} from "./targets.js";

// The report: each figure beside its reference, the results as bench/results.json holds them, and the summary printed.
/** @typedef {import("./types.js").Figure} Figure */
/** @typedef {import("./types.js").DatabaseRun} DatabaseRun */
/** @typedef {import("./types.js").Goal} Goal */
/** @typedef {import("./types.js").ReadRow} ReadRow */
/** @typedef {import("./types.js").Results} Results */

/**
 * A figure beside its reference from the same rounds.
 * @param {Figure} figure
 * @param {Figure} reference
 * @param {string} beside
 * @returns {ReadRow}
 */
export function besideReference(figure, reference, beside) {
  const { times, timesSpread } = timesPerRound(figure, reference);
  return {
    label: figure.label,
    rps: figure.rps,
    ratio: +(figure.rps / reference.rps).toFixed(2),
    p99: figure.p99,
    p99Ratio: +(figure.p99 / Math.max(1, reference.p99)).toFixed(2),
    cpuUsPerRequest: figure.cpuUsPerRequest,
    cpuSpread: figure.cpuSpread,
    cpuTimes: times,
    cpuTimesSpread: timesSpread,
    non2xx: figure.non2xx,
    beside,
    ...(figure.databaseCpuUsPerRequest === undefined ? {} : { databaseCpuUsPerRequest: figure.databaseCpuUsPerRequest }),
  };
}
/** A figure's requests per second as a share of the floor measured in the same rounds. */
export const ofFloor = (/** @type {DatabaseRun} */ run, /** @type {string} */ label) =>
  run.figures[label].rps / run.figures[FLOOR].rps;

/** PostgreSQL's CPU per request beside the app's, when the bench ran on it. */
const postgresCpu = (/** @type {{ databaseCpuUsPerRequest?: number }} */ figure) =>
  figure.databaseCpuUsPerRequest === undefined ? "" : ` + PostgreSQL ${figure.databaseCpuUsPerRequest} µs`;

/**
 * Every figure beside its reference, as a ratio: what bench/results.json holds, its goals still to
 * be judged.
 * @param {{ startedAt: string; small: DatabaseRun; million: DatabaseRun | undefined; steady: Record<string, { p50: number; p99: number }>;
 *   javascript: Results["javascript"]; chunks: Results["routeChunks"]; loginBurst: Results["loginBurst"];
 *   exportUnderLoad: Results["exportUnderLoad"]; finalMb: number; workers: Results["workers"] }} measured
 */
export function collectResults({
  startedAt,
  small,
  million,
  steady,
  javascript,
  chunks,
  loginBurst,
  exportUnderLoad,
  finalMb,
  workers,
}) {
  const { figures } = small;
  // Every figure beside its reference, as a ratio.
  const feedRows = feedTargets.map((label) => ({
    label,
    rps: figures[label].rps,
    ratioToFloor: +ofFloor(small, label).toFixed(2),
    p99: figures[label].p99,
    steadyP99: steady[label].p99,
    cpuUsPerRequest: figures[label].cpuUsPerRequest,
    non2xx: figures[label].non2xx,
    ...(figures[label].databaseCpuUsPerRequest === undefined
      ? {}
      : { databaseCpuUsPerRequest: figures[label].databaseCpuUsPerRequest }),
    ...(million
      ? {
          millionRps: million.figures[label].rps,
          // Against the 100k app measured right after it in the same rounds, so a machine slower
          // in one run than the other does not pass for a cost of the database's size.
          millionRatio: +(million.figures[label].rps / million.figures[on100k(label)].rps).toFixed(2),
          millionCpuRatio: +(million.figures[on100k(label)].cpuUsPerRequest / million.figures[label].cpuUsPerRequest).toFixed(2),
          millionP99: million.figures[label].p99,
        }
      : {}),
  }));
  const floor = figures[FLOOR];
  const page1 = "/api/feed/personalized";
  const page50 = "/api/feed/personalized?page=50";
  const landing = figures["/ (landing page)"];
  const minimalPage = figures["minimal RR page (floor)"];
  const rounds = small.memory.afterEachRound;
  // Its goals are judged just below, from the figures themselves.
  const results = /** @type {Results & { goals: Goal[] }} */ ({
    startedAt,
    machine: { cpus: os.cpus().length, node: process.version },
    settings: { connections: CONNECTIONS, durationSeconds: DURATION, warmUpSeconds: WARM_UP, rounds: ROUNDS, members: MEMBERS },
    reference: {
      bareJson: figures["bare node:http JSON (ceiling)"],
      minimalJson: floor,
      minimalJsonNodeHttp: figures[ADAPTER_FLOOR],
      minimalPage,
      ...(figures[ownWork(page1)] ? { feedLimit: figures[ownWork(page1)] } : {}),
    },
    feeds100k: feedRows,
    exchange: [
      ...listingTargets.map((label) => besideReference(figures[label], floor, "minimal JSON route")),
      ...exchangePages.map((label) => besideReference(figures[label], minimalPage, "minimal page")),
      ...publicListingTargets.map((label) => besideReference(figures[label], floor, "minimal JSON route")),
      ...publicPages.map((label) => besideReference(figures[label], minimalPage, "minimal page")),
    ],
    impact: [
      besideReference(figures[IMPACT_JSON], floor, "minimal JSON route"),
      besideReference(figures[IMPACT_PAGE], minimalPage, "minimal page"),
    ].map((row) => ({ ...row, entries: IMPACT_ENTRIES })),
    transferNotes: [
      besideReference(figures[TRANSFER_NOTES_JSON], floor, "minimal JSON route"),
      besideReference(figures[TRANSFER_NOTES_PAGE], minimalPage, "minimal page"),
    ].map((row) => ({ ...row, notes: TRANSFER_NOTES })),
    page50ToPage1: +(figures[page50].rps / figures[page1].rps).toFixed(2),
    landing: { rps: landing.rps, p99: landing.p99, ratioToMinimalPage: +(landing.rps / minimalPage.rps).toFixed(2) },
    javascript,
    routeChunks: chunks,
    memory: {
      bareIdleMb: small.memory.bareIdleMb,
      appIdleMb: small.memory.appIdleMb,
      appAfterSetUpMb: small.memory.appAfterSetUpMb,
      ratioToBare: +(small.memory.appIdleMb / small.memory.bareIdleMb).toFixed(2),
      afterEachRound: rounds,
      growthFromFirstToLastRoundMb: +(rounds[rounds.length - 1] - rounds[0]).toFixed(1),
      afterAllMb: finalMb,
    },
    loginBurst,
    exportUnderLoad,
    perRequest: [...feedTargets, listingTargets[1], ORDER_JSON, NOTIFICATIONS_JSON, IMPACT_JSON, TRANSFER_NOTES_JSON].map(
      (label) => besideReference(figures[label], figures[ADAPTER_FLOOR], "minimal JSON route behind node:http"),
    ),
    ...(figures[ownWork(page1)]
      ? {
          ownWork: OWN_WORK_TARGETS.map((label) => {
            const [app, own] = [figures[label], figures[ownWork(label)]];
            return {
              label,
              cpuUsPerRequest: app.cpuUsPerRequest,
              cpuSpread: app.cpuSpread,
              ownWorkCpuUsPerRequest: own.cpuUsPerRequest,
              ownWorkCpuSpread: own.cpuSpread,
              ...timesPerRound(app, own),
            };
          }),
        }
      : {}),
    pages: [IMPACT_PAGE, TRANSFER_NOTES_PAGE, PROFILE_PAGE, ORDER_PAGE, NOTIFICATIONS_PAGE, "/app/marketplace"].map((label) =>
      besideReference(figures[label], minimalPage, "minimal page"),
    ),
    minimalJavaScriptKb: small.minimalJavaScriptKb,
    workers,
    ...(million
      ? {
          million: {
            reference: { minimalJson: million.figures[FLOOR] },
            page50ToPage1: +(million.figures[page50].rps / million.figures[page1].rps).toFixed(2),
          },
        }
      : {}),
  });
  return results;
}

/**
 * The summary table, the per-request table, the workers and the goals, as the bench prints them.
 * @param {Results & { goals: Goal[] }} results
 */
export function printSummary(results) {
  const million = results.million;
  const feedRows = results.feeds100k;
  const floor = results.reference.minimalJson;
  const landing = results.landing;
  const minimalPage = results.reference.minimalPage;
  const rounds = results.memory.afterEachRound;
  const finalMb = results.memory.afterAllMb;
  log("\nSummary (ratio = app ÷ minimal React Router JSON route, measured in the same rounds):");
  log(
    `  ${"endpoint".padEnd(34)} ${"req/s".padStart(7)} ${"ratio".padStart(6)} ${"p99".padStart(6)} ${"1-conn".padStart(7)} ${"CPU µs".padStart(7)}${million ? "   1M req/s  1M÷100k  by CPU" : ""}`,
  );
  log(
    `  ${"floor: minimal RR JSON route".padEnd(34)} ${String(floor.rps).padStart(7)} ${"1".padStart(6)} ${String(floor.p99).padStart(4)}ms ${"".padStart(7)} ${String(floor.cpuUsPerRequest).padStart(7)}`,
  );
  const adapterFloor = results.reference.minimalJsonNodeHttp;
  log(
    `  ${"same route behind node:http".padEnd(34)} ${String(adapterFloor.rps).padStart(7)} ${String(+(adapterFloor.rps / floor.rps).toFixed(2)).padStart(6)} ${String(adapterFloor.p99).padStart(4)}ms ${"".padStart(7)} ${String(adapterFloor.cpuUsPerRequest).padStart(7)}`,
  );
  for (const row of feedRows) {
    log(
      `  ${row.label.padEnd(34)} ${String(row.rps).padStart(7)} ${String(row.ratioToFloor).padStart(6)} ${String(row.p99).padStart(4)}ms ${String(row.steadyP99).padStart(5)}ms ${String(row.cpuUsPerRequest).padStart(7)}` +
        (million
          ? `   ${String(row.millionRps).padStart(8)}  ${String(row.millionRatio).padStart(7)}  ${row.millionCpuRatio}`
          : ""),
    );
  }
  for (const row of [...results.exchange, ...results.impact]) {
    log(
      `  ${row.label.padEnd(34)} ${String(row.rps).padStart(7)} ${String(row.ratio).padStart(6)} ${String(row.p99).padStart(4)}ms ${"".padStart(7)} ${String(row.cpuUsPerRequest).padStart(7)}  (÷ ${row.beside})`,
    );
  }
  log(`  landing page: ${landing.rps} req/s, ${results.landing.ratioToMinimalPage} of the minimal page (${minimalPage.rps})`);
  log(`  bare node:http ceiling: ${results.reference.bareJson.rps} req/s; page 50 ÷ page 1: ${results.page50ToPage1}`);
  log(
    `  memory: idle ${results.memory.appIdleMb} MB (${results.memory.ratioToBare}× bare ${results.memory.bareIdleMb} MB; ` +
      `${results.memory.appAfterSetUpMb} MB 1 s after the set-up's requests), after each round ${rounds.join(", ")} MB, at the end ${finalMb} MB`,
  );
  log("\nEach request's own work: ratio and p99 ÷ the minimal JSON route behind node:http, pages ÷ the minimal page:");
  for (const row of [...results.perRequest, ...results.pages]) {
    log(
      `  ${row.label.padEnd(34)} ${String(row.rps).padStart(7)} ${String(row.ratio).padStart(6)} ${String(row.p99).padStart(4)}ms ` +
        `${String(row.p99Ratio).padStart(5)}× ${String(row.cpuUsPerRequest).padStart(7)} µs` +
        `${row.databaseCpuUsPerRequest === undefined ? "" : ` + PostgreSQL ${row.databaseCpuUsPerRequest} µs`}  (÷ ${row.beside})`,
    );
  }
  if (results.ownWork) {
    log(
      "\nEach hot read beside its own work (its statements and JSON on bare node:http, measured right before it), " +
        "CPU µs a request (spread of the rounds): the median of the rounds' ratios (their spread)",
    );
    for (const row of results.ownWork) {
      log(
        `  ${row.label.padEnd(34)} ${String(row.cpuUsPerRequest).padStart(7)} (±${Math.round(row.cpuSpread * 100)}%) beside ` +
          `${String(row.ownWorkCpuUsPerRequest).padStart(6)} (±${Math.round(row.ownWorkCpuSpread * 100)}%): ` +
          `${row.times}× (±${Math.round(row.timesSpread * 100)}%)`,
      );
    }
  }
  log("\nWorkers (same machine, same rounds; CPU of the primary and its workers together):");
  for (const row of results.workers.rows) {
    log(
      `  ${row.label.padEnd(34)} 1 worker ${row.oneWorker.rps} req/s ${row.oneWorker.cpuUsPerRequest} µs${postgresCpu(row.oneWorker)}, ` +
        `2 workers ${row.twoWorkers.rps} req/s ${row.twoWorkers.cpuUsPerRequest} µs${postgresCpu(row.twoWorkers)} ` +
        `(throughput ×${row.throughputRatio}, CPU ×${row.cpuRatio})`,
    );
  }
  const { justStarted, idle } = results.workers;
  log(
    `  idle: primary ${idle.primaryMb} MB, each worker ${idle.workersMb.join(", ")} MB (just started: ${justStarted.workersMb.join(", ")} MB)`,
  );
  log("\nGoals:");
  for (const goal of results.goals) log(`  ${goal.met ? "met    " : "NOT met"}  ${goal.goal}: ${goal.measured}`);
}
