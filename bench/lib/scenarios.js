import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createBenchDatabase, IMPACT_MEMBER } from "../seed-data.js";
import {
  appEnvironment,
  postgresDatabases,
  childrenOf,
  finish,
  json,
  measureRounds,
  besideTheirReferences,
  registerMembers,
  residentMemoryMb,
  run,
  startProcess,
  stop,
  watchDatabase,
} from "./harness.js";
import { minimalJavaScript } from "./javascript.js";
import Database from "better-sqlite3";
import pg from "pg";
import { postgresBinaries, startPostgresCluster } from "../../scripts/postgres-cluster.js";
import {
  ENGINE,
  IMPACT_ENTRIES,
  LISTINGS,
  log,
  MEMBERS,
  ROUNDS,
  root,
  SETTLE_MS,
  STEADY_RATE,
  TRANSFER_NOTES,
} from "./settings.js";
import {
  ADAPTER_FLOOR,
  ownWork,
  OWN_WORK_TARGETS,
  exchangePages,
  feedTargets,
  FANS,
  IMPACT_JSON,
  IMPACT_PAGE,
  PROFILE_PAGE,
  TRANSFER_NOTES_JSON,
  TRANSFER_NOTES_PAGE,
  LIKE_JSON,
  listingTargets,
  publicListingTargets,
  publicPages,
  NOTIFICATIONS_JSON,
  NOTIFICATIONS_PAGE,
  LOT_JSON,
  LOT_PAGE,
  on100k,
  ORDER_JSON,
  ORDER_PAGE,
  WORKER_TARGETS,
} from "./targets.js";

// The scenarios: one database size against the references, the app with two workers, a login burst, exports under load.
/** @typedef {import("./types.js").Server} Server */
/** @typedef {import("./types.js").Account} Account */
/** @typedef {import("./types.js").DatabaseRun} DatabaseRun */

/**
 * p99 of other requests for 6 s of steady load on Trending (STEADY_RATE requests per second over
 * two connections), with or without 20 logins hashing meanwhile. Sixteen connections at a fixed
 * rate fire together and queue behind each other, which would hide what a stall adds.
 * @param {Server} server
 * @param {Account[]} accounts
 * @param {Record<string, string>} headers
 */
export async function loadWithLogins(server, accounts, headers) {
  const load = run(`${server.url}/api/feed/trending`, { headers, duration: 6, connections: 2, overallRate: STEADY_RATE });
  /** @type {number | null} */
  let burstMs = null;
  if (accounts.length) {
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const started = Date.now();
    await Promise.all(
      accounts.map((account, i) =>
        fetch(`${server.url}/api/auth/login`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-forwarded-for": `10.8.0.${i + 1}` },
          body: JSON.stringify({ email: account.email, password: "bench-password" }),
        }).then((response) => response.arrayBuffer()),
      ),
    );
    burstMs = Date.now() - started;
  }
  const result = await load;
  return { burstMs, p99: result.latency.p99, non2xx: result.non2xx };
}

/** The downloads of all of a member's data: their impact ledger as CSV and their account as JSON. */
export const EXPORTS = ["/api/impact/export", "/api/users/export"];

/**
 * The trending feed at a steady rate, as loadWithLogins measures it, while the member with the
 * long ledger downloads both exports at once (one of each: a second of a kind would be refused),
 * reading them as fast as this machine can. The load lasts until both downloads have ended.
 * @param {Server} server
 * @param {Record<string, string>} exporterHeaders the member with the long ledger
 * @param {Record<string, string>} headers the feed's reader
 */
export async function loadWithExports(server, exporterHeaders, headers) {
  const duration = 12;
  const load = run(`${server.url}/api/feed/trending`, { headers, duration, connections: 2, overallRate: STEADY_RATE });
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const downloads = await Promise.all(
    EXPORTS.map(async (target) => {
      const started = Date.now();
      const response = await fetch(`${server.url}${target}`, { headers: exporterHeaders });
      const bytes = (await response.arrayBuffer()).byteLength;
      return { path: target, status: response.status, ms: Date.now() - started, mb: +(bytes / 1e6).toFixed(1) };
    }),
  );
  const result = await load;
  const longest = Math.max(...downloads.map((download) => download.ms));
  if (longest > (duration - 3) * 1000) log(`  (the downloads outlasted the load: ${longest} ms)`);
  return { downloads, p90: result.latency.p90, p99: result.latency.p99, non2xx: result.non2xx };
}

/**
 * One database size: creates it, starts the app exactly as `npm start` does and the two reference
 * servers beside it, and measures them in the same rounds. With `beside` (the 100k run, still
 * running), each feed is also measured on that app right after this one, so the two sizes are
 * compared on the same machine minute. Returns with the app still running.
 * @param {number} posts
 * @param {DatabaseRun} [beside]
 * @returns {Promise<DatabaseRun>}
 */
export async function benchDatabase(posts, beside) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `circular-bench-${posts}-`));
  log(`\nCreating ${posts.toLocaleString("en-US")} posts by ${MEMBERS} members…`);
  const started = Date.now();
  createBenchDatabase(path.join(dataDir, "app.db"), {
    members: MEMBERS,
    posts,
    listings: LISTINGS,
    impactEntries: beside ? 0 : IMPACT_ENTRIES,
    transferNotes: beside ? 0 : TRANSFER_NOTES,
  });
  log(`  done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (ENGINE === "postgres") await copyToPostgres(dataDir, posts);

  const app = await startProcess("app", process.execPath, ["server.js"], appEnvironment(dataDir, 1));
  /** @type {Server | undefined} */
  let bare;
  /** @type {Server | undefined} */
  let limit;
  /** @type {Server | undefined} */
  let minimal;
  /** @type {Server | undefined} */
  let adapter;
  try {
    const [reader] = await registerMembers(app, 1, `reader-${posts}-`);
    const headers = { authorization: `Bearer ${reader.token}` };
    // The reader follows 20 authors, prefers two categories and lives in Berlin.
    for (let author = 1; author <= MEMBERS; author += 50) {
      await fetch(`${app.url}/api/users/${author}/follow`, { method: "POST", headers });
    }
    await json(`${app.url}/api/users/preferences`, {
      method: "PUT",
      headers: { ...headers, "content-type": "application/json" },
      body: JSON.stringify({ categories: ["recycling", "composting"], location: "Berlin" }),
    });
    // The reader asks for one piece of a member's listing, so there is an order page to read.
    const found = await json(`${app.url}/api/listings?kind=sale&sort=newest&limit=12`, { headers });
    const listing = found.body.data.listings.find((/** @type {{ is_sample: boolean; unit: string }} */ item) => !item.is_sample);
    const placed = await json(`${app.url}/api/orders`, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json" },
      body: JSON.stringify({ listing_id: listing.id, quantity: listing.unit === "piece" ? 1 : 0.5 }),
    });
    const pageHeaders = { cookie: `session=${reader.token}` };
    // The member with a long ledger signs in as anyone does.
    /** @type {Record<string, string>} */
    let impactHeaders = {};
    let lotId = 0;
    if (!beside) {
      const signedIn = await json(`${app.url}/api/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": "10.7.0.1" },
        body: JSON.stringify(IMPACT_MEMBER),
      });
      impactHeaders = { cookie: `session=${signedIn.body.token}` };
      // Its lot at the end of the chain is closed: the 100 lots listed on from it took all of it.
      const held = await json(`${app.url}/api/lots?state=closed`, { headers: impactHeaders });
      lotId = held.body.data.lots[0].id;
    }
    const orderId = placed.body.data.order.id;
    const pageTarget = (/** @type {string} */ page) =>
      page === ORDER_PAGE
        ? `/app/orders/${orderId}`
        : page === ORDER_JSON
          ? `/api/orders/${orderId}`
          : page === LOT_PAGE || page === LOT_JSON
            ? page.replace(":id", String(lotId))
            : page;
    // Members follow the reader, so its notifications list is a full page.
    if (!beside) {
      for (const fan of await registerMembers(app, FANS, `fan-${posts}-`))
        await fetch(`${app.url}/api/users/${reader.id}/follow`, {
          method: "POST",
          headers: { authorization: `Bearer ${fan.token}` },
        });
    }
    // The references answer a real page of this feed.
    const feedJson = path.join(dataDir, "feed-page.json");
    fs.writeFileSync(feedJson, await (await fetch(`${app.url}/api/feed/personalized`, { headers })).text());
    bare = await startProcess("bare node:http", process.execPath, ["bench/reference/bare-server.js"], { FEED_JSON: feedJson });
    // Each hot read's own limit: its statements and JSON, nothing else (SQLite's file only).
    /** @type {{ path: string; headers: Record<string, string> }[]} */
    const ownWorkReads = OWN_WORK_TARGETS.map((target) => ({
      path: pageTarget(target),
      headers: target === IMPACT_JSON || target === TRANSFER_NOTES_JSON ? impactHeaders : headers,
    }));
    if (ENGINE === "sqlite" && !beside) {
      const ownWorkFile = path.join(dataDir, "own-work.json");
      fs.writeFileSync(ownWorkFile, JSON.stringify(await ownWorkOf(dataDir, ownWorkReads)));
      limit = await startProcess(
        "each hot read's own work on bare node:http",
        process.execPath,
        ["bench/reference/own-work-server.js"],
        { OWN_WORK: ownWorkFile, DATABASE_PATH: path.join(dataDir, "app.db") },
      );
    }
    minimal = await startProcess(
      "minimal React Router (@react-router/serve)",
      process.execPath,
      ["node_modules/@react-router/serve/bin.js", "bench/minimal-app/build/server/index.js"],
      { FEED_JSON: feedJson, NODE_ENV: "production" },
      "/api/data",
    );
    adapter = await startProcess(
      "minimal React Router (node:http adapter)",
      process.execPath,
      ["bench/reference/adapter-server.js"],
      { FEED_JSON: feedJson, NODE_ENV: "production" },
      "/api/data",
    );
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const appAfterSetUpMb = +residentMemoryMb(app.pid).toFixed(1);
    // Idle as a worker's idle is read: once V8 has given back what the set-up's requests left
    // (registrations hash passwords); a reading 1 s after them swung by 30 MB from run to run.
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS - 1000));
    const memory = {
      bareIdleMb: +residentMemoryMb(bare.pid).toFixed(1),
      appIdleMb: +residentMemoryMb(app.pid).toFixed(1),
      appAfterSetUpMb,
    };
    const minimalJavaScriptKb = await minimalJavaScript(minimal);

    log(`Load (${posts.toLocaleString("en-US")} posts), ${ROUNDS} rounds over the references and every feed:`);
    const feeds = await measureRounds(
      besideTheirReferences(
        [
          { label: "bare node:http JSON (ceiling)", server: bare, path: "/" },
          { label: "minimal RR JSON route (floor)", server: minimal, path: "/api/data" },
          { label: ADAPTER_FLOOR, server: adapter, path: "/api/data" },
          ...(limit
            ? OWN_WORK_TARGETS.map((target, i) => ({
                label: ownWork(target),
                server: /** @type {Server} */ (limit),
                ...ownWorkReads[i],
              }))
            : []),
          ...feedTargets.flatMap((target) => [
            { label: target, server: app, path: target, headers },
            ...(beside ? [{ label: on100k(target), server: beside.app, path: target, headers: beside.headers }] : []),
          ]),
          // The listings are measured once, with the 100k posts (their number does not change with the posts').
          ...(beside ? [] : listingTargets.map((target) => ({ label: target, server: app, path: target, headers }))),
          // A visitor's: no token (the answer is the same for everyone).
          ...(beside ? [] : publicListingTargets.map((target) => ({ label: target, server: app, path: target }))),
          ...(beside
            ? []
            : [IMPACT_JSON, TRANSFER_NOTES_JSON].map((target) => ({
                label: target,
                server: app,
                path: target,
                headers: impactHeaders,
              }))),
          ...(beside ? [] : [{ label: LOT_JSON, server: app, path: pageTarget(LOT_JSON), headers: impactHeaders }]),
          ...(beside
            ? []
            : [NOTIFICATIONS_JSON, ORDER_JSON].map((target) => ({
                label: target,
                server: app,
                path: pageTarget(target),
                headers,
              }))),
          // A like writes its author's notification in its own transaction: it must stay as fast as a read.
          // The same member liking again takes it back, so half the calls like (and notify) and half unlike.
          ...(beside
            ? []
            : [
                {
                  label: LIKE_JSON,
                  server: app,
                  path: "/api/posts/1/interactions",
                  headers: { ...headers, "content-type": "application/json" },
                  method: /** @type {const} */ ("POST"),
                  body: JSON.stringify({ type: "like" }),
                },
              ]),
        ],
        ownWork,
      ),
      app,
    );
    log(`  the app's resident memory after each round: ${feeds.memoryAfterRounds.join(", ")} MB`);
    const pages = await measureRounds(
      [
        { label: "minimal RR page (floor)", server: minimal, path: "/" },
        { label: "/ (landing page)", server: app, path: "/" },
        ...(beside
          ? []
          : exchangePages.map((page) => ({ label: page, server: app, path: pageTarget(page), headers: pageHeaders }))),
        // A visitor's: with a session the public marketplace sends the member on to /app.
        ...(beside ? [] : publicPages.map((page) => ({ label: page, server: app, path: page }))),
        ...(beside
          ? []
          : [IMPACT_PAGE, TRANSFER_NOTES_PAGE, PROFILE_PAGE].map((page) => ({
              label: page,
              server: app,
              path: page,
              headers: impactHeaders,
            }))),
        ...(beside ? [] : [{ label: NOTIFICATIONS_PAGE, server: app, path: NOTIFICATIONS_PAGE, headers: pageHeaders }]),
        ...(beside ? [] : [{ label: LOT_PAGE, server: app, path: pageTarget(LOT_PAGE), headers: impactHeaders }]),
      ],
      app,
    );
    return {
      posts,
      app,
      dataDir,
      figures: { ...feeds.figures, ...pages.figures },
      memory: { ...memory, afterEachRound: feeds.memoryAfterRounds },
      headers,
      pageHeaders,
      impactHeaders,
      minimalJavaScriptKb,
    };
  } catch (error) {
    await finish({ app, dataDir });
    throw error;
  } finally {
    await Promise.all([stop(bare), stop(limit), stop(minimal), stop(adapter)]);
  }
}

/**
 * What each read's own work is: the app is started once more on the database with
 * bench/reference/record-statements.js loaded, asked for each read until its kept lists are
 * filled, and the statements of its last answer kept, with their values, beside that answer.
 * @param {string} dataDir
 * @param {{ path: string; headers: Record<string, string> }[]} reads
 * @returns {Promise<Record<string, { statements: unknown[]; body: unknown }>>}
 */
async function ownWorkOf(dataDir, reads) {
  const recording = await startProcess("app recording its statements", process.execPath, ["server.js"], {
    ...appEnvironment(dataDir, 1),
    NODE_OPTIONS: `--import ${pathToFileURL(path.join(root, "bench/reference/record-statements.js")).href}`,
  });
  let text = "";
  recording.child.stdout?.on("data", (chunk) => (text += chunk));
  const db = new Database(path.join(dataDir, "app.db"));
  /** @type {Record<string, { statements: unknown[]; body: unknown }>} */
  const work = {};
  try {
    for (const read of reads) {
      let body;
      for (let i = 0; i < 3; i++) {
        text = "";
        body = await (await fetch(`${recording.url}${read.path}`, { headers: read.headers })).json();
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      // The job runner's look at its queue may fall in the same moment: it is not the read's.
      const statements = text
        .split("\n")
        .filter((line) => line.startsWith("STATEMENT ") && !/\bjobs\b/.test(line))
        .map((line) => JSON.parse(line.slice("STATEMENT ".length)));
      // Each is run once here, so a statement that cannot run alone is named rather than failing the reference.
      const runnable = statements.filter(({ sql, params }) => {
        try {
          const statement = db.prepare(sql);
          if (statement.reader) statement.all(...params);
          else statement.run(...params);
          return true;
        } catch (error) {
          log(`  (left out of ${read.path}'s own work, ${error instanceof Error ? error.message : error}: ${sql.slice(0, 300)})`);
          return false;
        }
      });
      log(`  ${read.path}'s own work: ${runnable.length} statements a warm request`);
      work[read.path] = { statements: runnable, body };
    }
  } finally {
    db.close();
    await stop(recording);
  }
  return work;
}

/**
 * What a workers row keeps of a figure.
 * @param {import("./types.js").Figure} figure
 */
const workersFigure = ({ rps, p99, cpuUsPerRequest, non2xx, databaseCpuUsPerRequest }) => ({
  rps,
  p99,
  cpuUsPerRequest,
  non2xx,
  databaseCpuUsPerRequest,
});

/**
 * The same app on the same database with WORKERS=2, beside the running one-worker app in the same
 * rounds: throughput and CPU time per request of the whole process tree (primary and workers),
 * and each process's resident memory just after start (1 s) and idle (SETTLE_MS).
 * @param {DatabaseRun} small
 */
export async function benchWorkers(small) {
  log("\nWorkers: the same app with WORKERS=1 and WORKERS=2, in the same rounds:");
  const started = Date.now();
  const two = await startProcess("app, 2 workers", process.execPath, ["server.js"], appEnvironment(small.dataDir, 2));
  try {
    const memoryOf = () => ({
      primaryMb: +residentMemoryMb(two.pid).toFixed(1),
      workersMb: childrenOf(two.pid).map((pid) => +residentMemoryMb(pid).toFixed(1)),
    });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const justStarted = memoryOf();
    await new Promise((resolve) => setTimeout(resolve, started + SETTLE_MS - Date.now()));
    const idle = memoryOf();
    log(`  just started (1 s): primary ${justStarted.primaryMb} MB, workers ${justStarted.workersMb.join(", ")} MB`);
    log(`  idle (${SETTLE_MS / 1000} s): primary ${idle.primaryMb} MB, workers ${idle.workersMb.join(", ")} MB`);
    const headersOf = (/** @type {string} */ target) => (target.startsWith("/api/") ? small.headers : small.pageHeaders);
    const { figures } = await measureRounds(
      WORKER_TARGETS.flatMap((target) => [
        { label: `${target}, 1 worker`, server: small.app, path: target, headers: headersOf(target) },
        { label: `${target}, 2 workers`, server: two, path: target, headers: headersOf(target) },
      ]),
      two,
    );
    const rows = WORKER_TARGETS.map((label) => {
      const one = figures[`${label}, 1 worker`];
      const both = figures[`${label}, 2 workers`];
      return {
        label,
        oneWorker: workersFigure(one),
        twoWorkers: workersFigure(both),
        throughputRatio: +(both.rps / one.rps).toFixed(2),
        cpuRatio: +(both.cpuUsPerRequest / one.cpuUsPerRequest).toFixed(2),
      };
    });
    return { justStarted, idle, rows };
  } finally {
    await stop(two);
  }
}

/** @type {{ url: string; pid: () => number; stop: () => void } | undefined} */
let cluster;

/**
 * With --engine postgres: the bench database copied into a database of a throwaway PostgreSQL
 * (started once, removed when the bench ends) with npm run db:copy, which the app then runs on.
 * @param {string} dataDir
 * @param {number} posts
 */
async function copyToPostgres(dataDir, posts) {
  const bin = postgresBinaries();
  if (!bin) throw new Error("--engine postgres needs PostgreSQL's programs (Debian's postgresql-15)");
  if (!cluster) {
    cluster = await startPostgresCluster(bin);
    const started = cluster;
    process.on("exit", () => started.stop());
    watchDatabase(cluster.pid());
  }
  const name = `bench_${posts}`;
  const admin = new pg.Client({ connectionString: cluster.url });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name}`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(cluster.url);
  url.pathname = `/${name}`;
  log(`Copying it into PostgreSQL (npm run db:copy)…`);
  const started = Date.now();
  const copy = spawnSync(process.execPath, ["scripts/db-copy.js", "--to", url.toString()], {
    cwd: root,
    env: { ...process.env, ...appEnvironment(dataDir, 1), DATABASE_URL: "" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (copy.status !== 0) throw new Error("npm run db:copy failed");
  log(`  done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  postgresDatabases.set(dataDir, url.toString());
}
