// `npm run bench`: measures the app against the floor and the ceiling of its own stack.
// Options: --million (also the 1,000,000-post database), --quick (1 round of 3 s, for a try-out),
// --skip-build (use the existing builds), --engine postgres (the app on PostgreSQL: a throwaway
// cluster holding a copy of the same database, made with npm run db:copy).
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { engineGoals, goals } from "./lib/goals.js";
import { build, finish, registerMembers, residentMemoryMb, run } from "./lib/harness.js";
import { pagesJavaScript, routeChunks } from "./lib/javascript.js";
import { collectResults, printSummary } from "./lib/report.js";
import { benchDatabase, benchWorkers, loadWithExports, loadWithLogins } from "./lib/scenarios.js";
import { args, ENGINE, IMPACT_ENTRIES, log, root, STEADY_RATE } from "./lib/settings.js";
import { feedTargets } from "./lib/targets.js";

// Kept importable from here, to try one measurement on a small database.
export { loadWithExports } from "./lib/scenarios.js";

/** @typedef {import("./lib/types.js").DatabaseRun} DatabaseRun */

async function main() {
  const startedAt = new Date().toISOString();
  if (!args.has("--skip-build")) {
    log("Building the app and the minimal reference app…");
    build();
  }
  const small = await benchDatabase(100_000);
  const { app } = small;

  log("\nJavaScript per page (gzipped):");
  const [pageReader] = await registerMembers(app, 1, "pages-");
  const cookie = `session=${pageReader.token}`;
  const pages = [
    "/",
    "/auth/login",
    "/auth/register",
    "/app/dashboard",
    "/app/marketplace",
    "/app/reports",
    "/app/community",
    "/app/education",
    "/app/profile",
  ];
  const javascript = await pagesJavaScript(app, pages, cookie);
  for (const figure of javascript) log(`  ${figure.page.padEnd(20)} ${String(figure.gzippedKb).padStart(6)} KB`);
  const chunks = await routeChunks(app);
  log(
    `  route chunks (module + chunks only it imports): ${chunks.map((c) => `${c.route.replace("routes/", "")} ${c.gzippedKb}`).join(", ")} KB`,
  );

  log("\nOne request at a time, at a steady rate (latency without a queue):");
  /** @type {Record<string, { p50: number; p99: number }>} */
  const steady = {};
  for (const target of feedTargets) {
    const result = await run(app.url + target, {
      headers: small.headers,
      duration: 5,
      connections: 1,
      overallRate: STEADY_RATE / 2,
    });
    steady[target] = { p50: result.latency.p50, p99: result.latency.p99 };
    log(
      `  ${target.padEnd(34)} p50 ${String(result.latency.p50).padStart(3)} ms  p99 ${String(result.latency.p99).padStart(3)} ms`,
    );
  }

  log(`\nTrending at ${STEADY_RATE} req/s, alone and with a burst of 20 logins:`);
  const burstAccounts = await registerMembers(app, 20, "burst-");
  const alone = await loadWithLogins(app, [], small.headers);
  const withLogins = await loadWithLogins(app, burstAccounts, small.headers);
  const loginBurst = {
    logins: burstAccounts.length,
    requestsPerSecond: STEADY_RATE,
    burstMs: withLogins.burstMs,
    otherRequestsP99Alone: alone.p99,
    otherRequestsP99: withLogins.p99,
    raisedByMs: withLogins.p99 - alone.p99,
    non2xx: alone.non2xx + withLogins.non2xx,
  };
  log(`  p99 ${alone.p99} ms alone, ${withLogins.p99} ms while 20 logins took ${withLogins.burstMs} ms`);

  log(
    `\nTrending at ${STEADY_RATE} req/s while a member with ${IMPACT_ENTRIES.toLocaleString("en-US")} entries downloads both exports:`,
  );
  const withExports = await loadWithExports(app, small.impactHeaders, small.headers);
  const exportUnderLoad = {
    entries: IMPACT_ENTRIES,
    downloads: withExports.downloads,
    requestsPerSecond: STEADY_RATE,
    feedP99Alone: alone.p99,
    feedP90: withExports.p90,
    feedP99: withExports.p99,
    non2xx: withExports.non2xx,
  };
  for (const download of withExports.downloads)
    log(`  ${download.path.padEnd(20)} ${download.status} ${String(download.mb).padStart(5)} MB in ${download.ms} ms`);
  log(`  feed p99 ${alone.p99} ms alone, ${withExports.p99} ms during the downloads (p90 ${withExports.p90} ms)`);
  const finalMb = +residentMemoryMb(app.pid).toFixed(1);
  const workers = await benchWorkers(small);

  /** @type {DatabaseRun | undefined} */
  let million;
  if (args.has("--million")) {
    try {
      million = await benchDatabase(1_000_000, small);
    } finally {
      await finish(small);
    }
    await finish(million);
  } else {
    await finish(small);
  }
  const results = collectResults({
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
  });
  results.goals = goals(results);
  if (ENGINE === "postgres") {
    const sqliteFile = path.join(root, "bench/results.json");
    const sqlite = fs.existsSync(sqliteFile) ? JSON.parse(fs.readFileSync(sqliteFile, "utf8")) : undefined;
    results.goals.push(...engineGoals(results, sqlite?.engine === "sqlite" ? sqlite : undefined));
  }
  printSummary(results);
  // Each engine's figures in a file of their own, so the two can be read side by side.
  const file = ENGINE === "postgres" ? "bench/results-postgres.json" : "bench/results.json";
  fs.writeFileSync(path.join(root, file), `${JSON.stringify({ engine: ENGINE, ...results }, null, 2)}\n`);
  log(`\nWrote ${file}`);
}

// Run by npm run bench; imported (to try one measurement on a small database), it only lends its functions.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
