// The shapes the bench passes around and writes to bench/results.json (JSDoc types, checked by tsc).

/**
 * A server process the benchmark started.
 * @typedef {{ name: string; url: string; child: import("node:child_process").ChildProcess; pid: number; output: () => string }} Server
 */
/**
 * A figure per target: median requests per second, p99 in ms, failed answers, CPU µs a request
 * (the median of the rounds, and each round's in turn).
 * @typedef {{ label: string; rps: number; p99: number; non2xx: number; cpuUsPerRequest: number; cpuSpread: number;
 *   cpuUsPerRound: number[]; databaseCpuUsPerRequest?: number }} Figure
 */
/** @typedef {{ label: string; server: Server; path: string; headers?: Record<string, string>; method?: "GET" | "POST"; body?: string }} Target */
/** @typedef {{ id: number; email: string; token: string }} Account */
/**
 * One database size measured: its app still running, and every figure by label.
 * @typedef {{ posts: number; app: Server; dataDir: string; figures: Record<string, Figure>; headers: Record<string, string>;
 *   pageHeaders: Record<string, string>; impactHeaders: Record<string, string>; minimalJavaScriptKb: number;
 *   memory: { bareIdleMb: number; appIdleMb: number; appAfterSetUpMb: number; afterEachRound: number[] } }} DatabaseRun
 */
/** @typedef {{ goal: string; met: boolean; measured: string }} Goal */
/**
 * A read beside its reference measured in the same rounds: throughput and p99 as ratios, and its CPU
 * a request as times the reference's (the median of the rounds' ratios, and their spread).
 * @typedef {{ label: string; rps: number; ratio: number; p99: number; p99Ratio: number; cpuUsPerRequest: number; cpuSpread: number;
 *   cpuTimes: number; cpuTimesSpread: number; non2xx: number; beside: string; databaseCpuUsPerRequest?: number }} ReadRow
 */
/**
 * One target with one worker and with two.
 * @typedef {{ label: string; throughputRatio: number; cpuRatio: number;
 *   oneWorker: { rps: number; p99: number; cpuUsPerRequest: number; non2xx: number; databaseCpuUsPerRequest?: number };
 *   twoWorkers: { rps: number; p99: number; cpuUsPerRequest: number; non2xx: number; databaseCpuUsPerRequest?: number } }} WorkersRow
 */
/**
 * A feed's figures on the 100k database, and on the 1M one with --million.
 * @typedef {{ label: string; rps: number; ratioToFloor: number; p99: number; steadyP99: number; cpuUsPerRequest: number; non2xx: number;
 *   databaseCpuUsPerRequest?: number; millionRps?: number; millionRatio?: number; millionCpuRatio?: number; millionP99?: number }} FeedRow
 */
/**
 * A hot read's CPU a request beside its own work's (its statements and JSON on a bare server), measured
 * right after it in each round; `times` is the median of the rounds' ratios, `timesSpread` their spread.
 * @typedef {{ label: string; cpuUsPerRequest: number; cpuSpread: number; ownWorkCpuUsPerRequest: number; ownWorkCpuSpread: number;
 *   times: number; timesSpread: number }} OwnWorkRow
 */
/**
 * What bench/results.json holds.
 * @typedef {{
 *   startedAt: string;
 *   machine: { cpus: number; node: string };
 *   settings: { connections: number; durationSeconds: number; warmUpSeconds: number; rounds: number; members: number };
 *   reference: { bareJson: Figure; minimalJson: Figure; minimalJsonNodeHttp: Figure; minimalPage: Figure; feedLimit?: Figure };
 *   feeds100k: FeedRow[];
 *   exchange: ReadRow[];
 *   impact: (ReadRow & { entries: number })[];
 *   transferNotes: (ReadRow & { notes: number })[];
 *   page50ToPage1: number;
 *   landing: { rps: number; p99: number; ratioToMinimalPage: number };
 *   javascript: { page: string; gzippedKb: number }[];
 *   routeChunks: { route: string; gzippedKb: number }[];
 *   memory: { bareIdleMb: number; appIdleMb: number; appAfterSetUpMb: number; ratioToBare: number; afterEachRound: number[];
 *     growthFromFirstToLastRoundMb: number;
 *     afterAllMb: number };
 *   loginBurst: { logins: number; requestsPerSecond: number; burstMs: number | null; otherRequestsP99Alone: number; otherRequestsP99: number;
 *     raisedByMs: number; non2xx: number };
 *   exportUnderLoad: { entries: number; downloads: { path: string; status: number; ms: number; mb: number }[]; requestsPerSecond: number;
 *     feedP99Alone: number; feedP90: number; feedP99: number; non2xx: number };
 *   million?: { reference: { minimalJson: Figure }; page50ToPage1: number };
 *   perRequest: ReadRow[];
 *   ownWork?: OwnWorkRow[];
 *   pages: ReadRow[];
 *   minimalJavaScriptKb: number;
 *   workers: { justStarted: { primaryMb: number; workersMb: number[] }; idle: { primaryMb: number; workersMb: number[] };
 *     rows: WorkersRow[] };
 * }} Results
 */

export {};
