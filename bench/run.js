// `npm run bench`: measures the app against the floor and the ceiling of its own stack.
// Options: --million (also the 1,000,000-post database), --quick (1 round of 3 s, for a try-out),
// --skip-build (use the existing builds).
import autocannon from "autocannon";
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import zlib from "node:zlib";
import { createBenchDatabase } from "./seed-data.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const args = new Set(process.argv.slice(2));
const QUICK = args.has("--quick");
const ROUNDS = QUICK ? 1 : 3;
const DURATION = QUICK ? 3 : 10;
const CONNECTIONS = 16;
const MEMBERS = 1000;

function log(message) {
  process.stdout.write(`${message}\n`);
}

function build() {
  const bin = path.join(root, "node_modules/@react-router/dev/bin.js");
  for (const cwd of [root, path.join(root, "bench/minimal-app")]) {
    const result = spawnSync(process.execPath, [bin, "build"], { cwd, stdio: ["ignore", "ignore", "inherit"] });
    if (result.status !== 0) throw new Error(`build failed in ${cwd}`);
  }
}

async function freePort() {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** Starts a server process and resolves once it answers `probePath`. */
async function startProcess(name, command, argv, env, probePath = "/") {
  const port = await freePort();
  const child = spawn(command, argv, { cwd: root, env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env, PORT: String(port) }, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (chunk) => (output = (output + chunk).slice(-4000)));
  child.stderr.on("data", (chunk) => (output = (output + chunk).slice(-4000)));
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 600; attempt++) {
    if (child.exitCode !== null) throw new Error(`${name} exited:\n${output}`);
    try {
      const response = await fetch(url + probePath);
      await response.arrayBuffer();
      return { name, url, child, pid: child.pid, output: () => output };
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`${name} did not start:\n${output}`);
}

function stop(server) {
  return new Promise((resolve) => {
    if (!server || server.child.exitCode !== null) return resolve();
    server.child.once("exit", resolve);
    server.child.kill("SIGTERM");
  });
}

function residentMemoryMb(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)[1]) / 1024;
}

function run(url, { headers = {}, duration = DURATION } = {}) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration, headers }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Rounds of load on one URL: median requests per second and p99 latency, and non-2xx answers. */
async function measure(label, url, options) {
  const rounds = [];
  for (let round = 0; round < ROUNDS; round++) rounds.push(await run(url, options));
  const figure = {
    label,
    rps: Math.round(median(rounds.map((r) => r.requests.average))),
    p99: median(rounds.map((r) => r.latency.p99)),
    non2xx: rounds.reduce((sum, r) => sum + r.non2xx + r.errors + r.timeouts, 0),
  };
  log(`  ${label.padEnd(34)} ${String(figure.rps).padStart(7)} req/s  p99 ${String(figure.p99).padStart(4)} ms  non-2xx ${figure.non2xx}`);
  return figure;
}

async function json(url, init) {
  const response = await fetch(url, init);
  return { status: response.status, body: await response.json() };
}

/** Registers `count` members through the API and returns their tokens. */
async function registerMembers(server, count, prefix) {
  const accounts = [];
  for (let i = 0; i < count; i++) {
    const email = `${prefix}${i}@bench.example`;
    const { body } = await json(`${server.url}/api/auth/register`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": `10.9.${Math.floor(i / 200)}.${i % 200}` },
      body: JSON.stringify({ username: `Bench ${i}`, email, password: "bench-password" }),
    });
    accounts.push({ email, token: body.token });
  }
  return accounts;
}

/** The JavaScript files a page downloads (module scripts, preloads, route modules), gzipped sizes. */
async function pageAssets(server, pathname, cookie) {
  const html = await (await fetch(server.url + pathname, { headers: cookie ? { cookie } : {} })).text();
  const assets = new Set([...html.matchAll(/(?:href|src)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]));
  for (const m of html.matchAll(/import\s*(?:\*\s*as\s*\w+\s*from\s*|\(\s*)?"(\/assets\/[^"]+\.js)"/g)) assets.add(m[1]);
  const sizes = new Map();
  for (const asset of assets) {
    const bytes = Buffer.from(await (await fetch(server.url + asset)).arrayBuffer());
    sizes.set(asset, zlib.gzipSync(bytes, { level: 9 }).length);
  }
  return sizes;
}

/**
 * Each page's total, and its route's own share: what it loads beyond the files every page loads
 * (React, React Router, the root).
 */
async function pagesJavaScript(server, pages, cookie) {
  const loaded = [];
  for (const page of pages) loaded.push([page, await pageAssets(server, page, page.startsWith("/app") ? cookie : undefined)]);
  const common = [...loaded[0][1].keys()].filter((asset) => loaded.every(([, sizes]) => sizes.has(asset)));
  const kb = (bytes) => +(bytes / 1024).toFixed(1);
  return loaded.map(([page, sizes]) => {
    let total = 0;
    let own = 0;
    for (const [asset, size] of sizes) {
      total += size;
      if (!common.includes(asset)) own += size;
    }
    return { page, gzippedKb: kb(total), routeChunkKb: kb(own) };
  });
}

/** p99 of other requests while 20 logins hash their passwords at once. */
async function loginBurst(server, accounts, headers) {
  const load = run(`${server.url}/api/feed/trending`, { headers, duration: 6 });
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
  const burstMs = Date.now() - started;
  const result = await load;
  return { logins: accounts.length, burstMs, otherRequestsP99: result.latency.p99, non2xx: result.non2xx };
}

async function benchDatabase(posts, references) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `circular-bench-${posts}-`));
  log(`\nCreating ${posts.toLocaleString("en-US")} posts by ${MEMBERS} members…`);
  let started = Date.now();
  createBenchDatabase(path.join(dataDir, "app.db"), { members: MEMBERS, posts });
  log(`  done in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  // The production server, started exactly as `npm start` starts it.
  const app = await startProcess("app", process.execPath, ["server.js"], {
    DATABASE_PATH: path.join(dataDir, "app.db"),
    UPLOAD_DIR: path.join(dataDir, "uploads"),
    JWT_SECRET: "bench-secret-bench-secret-bench-secret-0123",
    TRUST_PROXY: "1",
    SKIP_BUILD_CHECK: "1",
  });
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
    const feedPage = await (await fetch(`${app.url}/api/feed/personalized`, { headers })).text();
    if (references && !references.feedJson) {
      references.feedJson = path.join(dataDir, "feed-page.json");
      fs.writeFileSync(references.feedJson, feedPage);
    }
    const idleMb = residentMemoryMb(app.pid);
    const targets = [
      ["/api/feed/personalized", "/api/feed/personalized"],
      ["/api/feed/personalized?page=50", "/api/feed/personalized?page=50"],
      ["/api/feed/trending", "/api/feed/trending"],
      ["/api/feed/local", "/api/feed/local"],
      ["/api/feed/following", "/api/feed/following"],
      ["/api/feed/search?query=compost", "/api/feed/search?query=compost"],
    ];
    log(`Load on the app (${posts.toLocaleString("en-US")} posts):`);
    const figures = {};
    const memoryAfterRounds = [];
    for (const [label, target] of targets) {
      figures[label] = await measure(label, app.url + target, { headers });
      memoryAfterRounds.push(+residentMemoryMb(app.pid).toFixed(1));
    }
    figures["/ (landing page)"] = await measure("/ (landing page)", `${app.url}/`);
    memoryAfterRounds.push(+residentMemoryMb(app.pid).toFixed(1));
    return { posts, app, figures, memory: { idleMb: +idleMb.toFixed(1), afterEachTarget: memoryAfterRounds }, headers, dataDir };
  } catch (error) {
    await stop(app);
    throw error;
  }
}

async function main() {
  const startedAt = new Date().toISOString();
  if (!args.has("--skip-build")) {
    log("Building the app and the minimal reference app…");
    build();
  }
  const references = {};
  const small = await benchDatabase(100_000, references);
  const { app } = small;

  log("\nReference servers:");
  const bare = await startProcess("bare node:http", process.execPath, ["bench/reference/bare-server.js"], { FEED_JSON: references.feedJson });
  const minimal = await startProcess(
    "minimal React Router (@react-router/serve)",
    process.execPath,
    ["node_modules/@react-router/serve/bin.js", "bench/minimal-app/build/server/index.js"],
    { FEED_JSON: references.feedJson, NODE_ENV: "production" },
  );
  const bareIdleMb = +residentMemoryMb(bare.pid).toFixed(1);
  const reference = {
    bareJson: await measure("bare node:http JSON (ceiling)", `${bare.url}/`),
    minimalJson: await measure("minimal RR JSON route (floor)", `${minimal.url}/api/data`),
    minimalPage: await measure("minimal RR page (floor)", `${minimal.url}/`),
  };
  await Promise.all([stop(bare), stop(minimal)]);

  log("\nJavaScript per page (gzipped):");
  const [pageReader] = await registerMembers(app, 1, "pages-");
  const cookie = `session=${pageReader.token}`;
  const pages = ["/", "/auth/login", "/auth/register", "/app/dashboard", "/app/marketplace", "/app/community", "/app/education", "/app/profile"];
  const javascript = await pagesJavaScript(app, pages, cookie);
  for (const figure of javascript) {
    log(`  ${figure.page.padEnd(20)} ${String(figure.gzippedKb).padStart(6)} KB total, ${figure.routeChunkKb} KB of it the route's own`);
  }

  log("\nA burst of 20 logins while the feed is under load:");
  const burstAccounts = await registerMembers(app, 20, "burst-");
  const burst = await loginBurst(app, burstAccounts, small.headers);
  log(`  logins took ${burst.burstMs} ms; other requests' p99 ${burst.otherRequestsP99} ms`);
  const finalMb = +residentMemoryMb(app.pid).toFixed(1);
  await stop(app);

  let million;
  if (args.has("--million")) {
    million = await benchDatabase(1_000_000);
    await stop(million.app);
  }

  // Every figure beside its reference, as a ratio.
  const floor = reference.minimalJson.rps;
  const feedRows = Object.entries(small.figures)
    .filter(([label]) => label.startsWith("/api"))
    .map(([label, figure]) => ({
      label,
      rps: figure.rps,
      ratioToFloor: +(figure.rps / floor).toFixed(2),
      p99: figure.p99,
      non2xx: figure.non2xx,
      ...(million ? { millionRps: million.figures[label].rps, millionRatio: +(million.figures[label].rps / figure.rps).toFixed(2) } : {}),
    }));
  const landing = small.figures["/ (landing page)"];
  const results = {
    startedAt,
    machine: { cpus: os.cpus().length, node: process.version },
    settings: { connections: CONNECTIONS, durationSeconds: DURATION, rounds: ROUNDS, members: MEMBERS },
    reference,
    feeds100k: feedRows,
    page50ToPage1: +(small.figures["/api/feed/personalized?page=50"].rps / small.figures["/api/feed/personalized"].rps).toFixed(2),
    landing: { rps: landing.rps, p99: landing.p99, ratioToMinimalPage: +(landing.rps / reference.minimalPage.rps).toFixed(2) },
    javascript,
    memory: {
      bareIdleMb,
      appIdleMb: small.memory.idleMb,
      ratioToBare: +(small.memory.idleMb / bareIdleMb).toFixed(2),
      afterEachTarget: small.memory.afterEachTarget,
      afterAllMb: finalMb,
    },
    loginBurst: burst,
    ...(million ? { million: { figures: million.figures, page50ToPage1: +(million.figures["/api/feed/personalized?page=50"].rps / million.figures["/api/feed/personalized"].rps).toFixed(2) } } : {}),
  };

  log("\nSummary (ratio = app ÷ minimal React Router JSON route):");
  log(`  ${"endpoint".padEnd(34)} ${"req/s".padStart(7)} ${"ratio".padStart(6)} ${"p99".padStart(5)}${million ? "   1M req/s  1M÷100k" : ""}`);
  for (const row of feedRows) {
    log(
      `  ${row.label.padEnd(34)} ${String(row.rps).padStart(7)} ${String(row.ratioToFloor).padStart(6)} ${String(row.p99).padStart(4)}ms` +
        (million ? `   ${String(row.millionRps).padStart(8)}  ${row.millionRatio}` : ""),
    );
  }
  log(`  landing page: ${landing.rps} req/s, ${results.landing.ratioToMinimalPage} of the minimal page (${reference.minimalPage.rps})`);
  log(`  bare node:http ceiling: ${reference.bareJson.rps} req/s; page 50 ÷ page 1: ${results.page50ToPage1}`);
  log(`  memory: idle ${small.memory.idleMb} MB (${results.memory.ratioToBare}× bare ${bareIdleMb} MB), after load ${finalMb} MB`);
  fs.writeFileSync(path.join(root, "bench/results.json"), `${JSON.stringify(results, null, 2)}\n`);
  log("\nWrote bench/results.json");
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
