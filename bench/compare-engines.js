// `node bench/compare-engines.js`: the last run on each engine side by side (bench/results.json
// and bench/results-postgres.json), as the table in bench/README.md: each read's requests per
// second and CPU per request, PostgreSQL's own CPU beside the app's, and PostgreSQL's throughput
// as a share of SQLite's, each first taken as a share of the floor measured in its own run.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
/** @param {string} file */
const read = (file) => JSON.parse(fs.readFileSync(path.join(root, "bench", file), "utf8"));
const sqlite = read("results.json");
const postgres = read("results-postgres.json");

/** @typedef {{ label: string; rps: number; cpuUsPerRequest: number; databaseCpuUsPerRequest?: number }} Row */
/** @param {any} results @returns {Row[]} */
const rowsOf = (results) => [...results.feeds100k, ...results.exchange, ...results.impact, ...results.pages];
/** @param {any} results */
const floorOf = (results) => results.reference.minimalJson.rps;

const byLabel = new Map(rowsOf(postgres).map((row) => [row.label, row]));
const lines = [
  `SQLite run of ${sqlite.startedAt.slice(0, 10)}, PostgreSQL run of ${postgres.startedAt.slice(0, 10)}; ` +
    `floor ${floorOf(sqlite)} and ${floorOf(postgres)} req/s.`,
  "",
  "| read | SQLite req/s | CPU µs | PostgreSQL req/s | app CPU µs | PostgreSQL's CPU µs | PostgreSQL ÷ SQLite |",
  "|---|---|---|---|---|---|---|",
];
const seen = new Set();
for (const row of rowsOf(sqlite)) {
  const other = byLabel.get(row.label);
  if (!other || seen.has(row.label)) continue;
  seen.add(row.label);
  const share = other.rps / floorOf(postgres) / (row.rps / floorOf(sqlite));
  lines.push(
    `| \`${row.label}\` | ${row.rps} | ${row.cpuUsPerRequest} | ${other.rps} | ${other.cpuUsPerRequest} | ` +
      `${other.databaseCpuUsPerRequest ?? "–"} | ${share.toFixed(2)} |`,
  );
}
for (const [name, results] of [
  ["SQLite", sqlite],
  ["PostgreSQL", postgres],
]) {
  const feed = results.workers.rows.find((/** @type {{ label: string }} */ row) => row.label === "/api/feed/personalized");
  if (feed)
    lines.push(
      "",
      `${name}: the feed with two processes ×${feed.throughputRatio} one (${feed.oneWorker.rps} → ${feed.twoWorkers.rps} req/s).`,
    );
}
process.stdout.write(`${lines.join("\n")}\n`);
