// `npm test`: checks types and lint, builds the app once, then runs every vitest project (unit and unit-isolated,
// integration, e2e, and on PostgreSQL integration-postgres, e2e-postgres, postgres): the browser
// projects in a run of their own beside the others'. Integration and browser tests start the real
// production server from this build. With arguments, one vitest run is given them as they are.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { postgresBinaries, startPostgresCluster } from "./postgres-cluster.js";

/**
 * Runs a command with this process's output; its failure ends this process with its code.
 * @param {string} command
 * @param {string[]} args
 */
const run = (command, args) => {
  const result = spawnSync(command, args, { stdio: "inherit", env: process.env });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

/**
 * Runs Node scripts at once, printing each one's output together when it ends; any failure ends
 * this process with its code once all have ended.
 * @param {string[][]} commands
 */
async function runTogether(commands) {
  const codes = await Promise.all(
    commands.map(
      (args) =>
        new Promise((resolve) => {
          const child = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "pipe"], env: process.env });
          /** @type {Buffer[]} */
          const output = [];
          child.stdout.on("data", (chunk) => output.push(chunk));
          child.stderr.on("data", (chunk) => output.push(chunk));
          child.on("close", (code) => {
            process.stdout.write(Buffer.concat(output));
            if (code !== 0) console.error(`${args[0]} failed (exit ${code})`);
            resolve(code ?? 1);
          });
        }),
    ),
  );
  const failed = codes.find((code) => code !== 0);
  if (failed !== undefined) process.exit(failed);
}

const chromium = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
if (!fs.existsSync(chromium)) {
  console.error(
    `Browser tests need Chromium at ${chromium}: install Debian's chromium (apt-get install chromium) or set CHROMIUM_PATH.`,
  );
  process.exit(1);
}

const postgres = postgresBinaries();
if (!postgres) {
  console.error("The PostgreSQL tests need PostgreSQL's programs: install Debian's postgresql-15 (or set POSTGRES_BIN).");
  process.exit(1);
}

// Route type files come from the route config; tsc and ESLint's typed rules need them first.
run(process.execPath, ["node_modules/@react-router/dev/bin.js", "typegen"]);
// The checks and the build read the sources and write nothing the others read: run side by side,
// each one's output printed whole when it ends, they take about three quarters of their time in turn.
await runTogether([
  ["node_modules/typescript/bin/tsc"],
  ["node_modules/eslint/bin/eslint.js", "."],
  ["node_modules/prettier/bin/prettier.cjs", "--check", "--log-level", "warn", "."],
  ["node_modules/@react-router/dev/bin.js", "build"],
]);
/** The browser suites; the rest (unit, integration on both engines, postgres) run beside them. */
const BROWSER_PROJECTS = ["e2e", "e2e-postgres"];
const OTHER_PROJECTS = ["unit", "unit-isolated", "integration", "integration-postgres", "postgres"];

// The PostgreSQL suites get a cluster of their own, started here and removed after, pass or fail.
const cluster = await startPostgresCluster(postgres);
const env = { ...process.env, TEST_POSTGRES_URL: cluster.url };
let status;
try {
  const filters = process.argv.slice(2);
  status = filters.length ? await vitest(filters, env) : await browsersBeside(env);
} finally {
  cluster.stop();
}
process.exit(status);

/**
 * One vitest run with this process's output; resolves with its exit code.
 * @param {string[]} args
 * @param {NodeJS.ProcessEnv} env
 * @param {import("node:child_process").StdioOptions} [stdio]
 * @returns {Promise<number>}
 */
function vitest(args, env, stdio = "inherit") {
  const child = spawn(process.execPath, ["node_modules/vitest/vitest.mjs", "run", ...args], { stdio, env });
  return new Promise((resolve) => child.on("close", (code) => resolve(code ?? 1)));
}

/**
 * The whole suite as two vitest runs side by side: the browser files one at a time (each drives a
 * Chromium beside its server) and the rest on two workers. Run one after the other, the browser
 * files left about a fifth of the 2 cores idle for a third of an hour; side by side the idle time
 * is filled. The browser run's report is written to a file and printed after the other's, then
 * one closing line counts both.
 * @param {NodeJS.ProcessEnv} env
 */
async function browsersBeside(env) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "circular-test-"));
  const summaries = path.join(dir, "summaries");
  const report = path.join(dir, "browsers.log");
  const reportFile = fs.openSync(report, "w");
  const withSummaries = { ...env, TEST_SUMMARY_FILE: summaries };
  console.log("The browser suites run beside the others; their report follows.");
  const [others, browsers] = await Promise.all([
    vitest([...OTHER_PROJECTS.flatMap((name) => ["--project", name]), "--maxWorkers", "2"], withSummaries),
    vitest(
      BROWSER_PROJECTS.flatMap((name) => ["--project", name]),
      withSummaries,
      ["ignore", reportFile, reportFile],
    ),
  ]);
  fs.closeSync(reportFile);
  process.stdout.write(fs.readFileSync(report));
  // A run that ended before its reporter (a broken config) wrote no line: its exit code fails the whole.
  const counts = (fs.existsSync(summaries) ? fs.readFileSync(summaries, "utf8") : "")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line))
    .reduce(
      (sum, count) => ({
        passed: sum.passed + count.passed,
        failed: sum.failed + count.failed,
        skipped: sum.skipped + count.skipped,
        failures: [...sum.failures, ...count.failures],
      }),
      { passed: 0, failed: 0, skipped: 0, failures: [] },
    );
  console.log(`\nTests: ${counts.passed} passed, ${counts.failed} failed${counts.skipped ? `, ${counts.skipped} skipped` : ""}`);
  // Named again last: a CI log shows only its end, and a failure far above it would be out of sight.
  for (const failure of counts.failures) console.log(`  failed: ${failure}`);
  fs.rmSync(dir, { recursive: true, force: true });
  return others || browsers;
}
