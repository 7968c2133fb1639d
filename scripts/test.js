// `npm test`: checks types and lint, builds the app once, then runs every vitest project (unit,
// integration, e2e, and on PostgreSQL integration-postgres, e2e-postgres, postgres). Integration
// and browser tests start the real production server from this build.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
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
// each one's output printed whole when it ends, they take about two thirds of their time in turn.
await runTogether([
  ["node_modules/typescript/bin/tsc"],
  ["node_modules/eslint/bin/eslint.js", "."],
  ["node_modules/prettier/bin/prettier.cjs", "--check", "--log-level", "warn", "."],
  ["node_modules/@react-router/dev/bin.js", "build"],
]);
// The PostgreSQL suites get a cluster of their own, started here and removed after, pass or fail.
const cluster = await startPostgresCluster(postgres);
let status;
try {
  const result = spawnSync(process.execPath, ["node_modules/vitest/vitest.mjs", "run", ...process.argv.slice(2)], {
    stdio: "inherit",
    env: { ...process.env, TEST_POSTGRES_URL: cluster.url },
  });
  status = result.status ?? 1;
} finally {
  cluster.stop();
}
process.exit(status);
