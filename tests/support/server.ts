import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { inject } from "vitest";
import { checkAgainstApiDocument } from "./api-document";
import { createTestDatabase } from "./postgres";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export type TestServer = {
  url: string;
  port: number;
  /** The process started: the server (or npm, with `npmStart`). */
  pid: number;
  dataDir: string;
  env: Record<string, string>;
  logs: () => string;
  /** Closes the server's standard output and error, as a service manager's journal that went away. */
  closeOutput: () => void;
  stop: () => Promise<number | null>;
};

/** Servers still running (tests/support/stop-left-servers.ts ends them after each file). */
const running = new Set<ChildProcess>();

/** Ends the servers a test started and did not stop, as when it failed before its own stop. */
export function killLeftServers() {
  for (const child of running) child.kill("SIGKILL");
  running.clear();
}

/**
 * Starts the real production server (`node server.js`, as `npm start` does, on the build
 * made by `npm test`) on a free port with its own temporary data folder. With `npmStart`, through
 * `npm start` itself, so `stop()` signals npm as a service manager would.
 */
export async function startServer(
  overrides: Record<string, string> = {},
  existingDataDir?: string,
  options: ServerOptions = {},
): Promise<TestServer> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await launchServer(overrides, existingDataDir, options);
    } catch (error) {
      // The free port freePort found was taken by another file's server before this one bound it.
      const portTaken = String(error).includes("is already in use by another program");
      if (!portTaken || overrides.PORT || attempt === 3) throw error;
    }
  }
}

type ServerOptions = {
  npmStart?: boolean;
  /**
   * The run's engine (TEST_ENGINE) unless a test is about the SQLite file itself (its lock,
   * its disk, its backup) and says "sqlite".
   */
  engine?: "sqlite" | "postgres";
  /**
   * The database created and migrated by the server itself, as on an installation's first start.
   * Otherwise a new data folder's server starts on a copy of one migrated once for the run
   * (tests/support/migrated-databases-setup.ts): empty, so it is seeded all the same.
   */
  fresh?: boolean;
  /** What the start waits for in the server's output: by default the line that says it is serving. */
  until?: RegExp;
};

async function launchServer(
  overrides: Record<string, string>,
  existingDataDir: string | undefined,
  {
    npmStart = false,
    engine = process.env.TEST_ENGINE === "postgres" ? "postgres" : "sqlite",
    fresh = false,
    until = /is serving/,
  }: ServerOptions,
): Promise<TestServer> {
  const dataDir = existingDataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "circular-it-"));
  const migrated = fresh || existingDataDir ? undefined : inject("migratedDatabases");
  if (migrated && engine === "sqlite" && !overrides.DATABASE_PATH) {
    fs.copyFileSync(migrated.sqlite, path.join(dataDir, "app.db"));
  }
  const port = await freePort();
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? "",
    HOME: process.env.HOME ?? "",
    PORT: String(port),
    DATABASE_PATH: path.join(dataDir, "app.db"),
    UPLOAD_DIR: path.join(dataDir, "uploads"),
    APP_ENV: "test",
    BCRYPT_COST: "4",
    SEED: "1",
    TRUST_PROXY: "1",
    SKIP_BUILD_CHECK: "1",
    // One process, as before WORKERS: the suite runs several servers at once on few cores, and
    // tests/integration/workers.test.ts starts its own with two.
    WORKERS: "1",
    // Tests publish far more than a member may in an hour; the allowance has its own tests.
    POSTS_PER_HOUR: "100000",
    COMMENTS_PER_HOUR: "100000",
    // Each order mail at once, as tests wait for them one by one; folding has its own test.
    ORDER_MAIL_FOLD_SECONDS: "0",
    ...(engine === "postgres" && !overrides.DATABASE_URL ? { DATABASE_URL: await postgresFor(dataDir, migrated?.postgres) } : {}),
    ...overrides,
  };
  const child = npmStart
    ? spawn("npm", ["start", "--silent"], { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] })
    : spawn(process.execPath, [path.join(root, "server.js")], { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  running.add(child);
  void exited.then(() => running.delete(child));
  await new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      if (until.test(output)) {
        clearInterval(timer);
        resolve();
      }
    }, 25);
    void exited.then((code) => {
      clearInterval(timer);
      reject(new Error(`server exited with ${code} before listening:\n${output}`));
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    pid: child.pid!,
    dataDir,
    env,
    logs: () => output,
    closeOutput: () => {
      child.stdout!.destroy();
      child.stderr!.destroy();
    },
    stop: () => stopChild(child, exited),
  };
}

async function stopChild(child: ChildProcess, exited: Promise<number | null>) {
  if (child.exitCode === null) child.kill("SIGTERM");
  return exited;
}

/** A server's settings without its PostgreSQL: a command told to work on a SQLite file instead. */
export function sqliteEnv(env: Record<string, string>) {
  return Object.fromEntries(Object.entries(env).filter(([name]) => name !== "DATABASE_URL"));
}

/** Runs server.js with the given environment and resolves with its exit code and output (for start-up failures). */
export async function runServerExpectingExit(overrides: Record<string, string>) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "circular-cfg-"));
  const env = {
    PATH: process.env.PATH ?? "",
    HOME: process.env.HOME ?? "",
    PORT: String(await freePort()),
    DATABASE_PATH: path.join(dataDir, "app.db"),
    UPLOAD_DIR: path.join(dataDir, "uploads"),
    SKIP_BUILD_CHECK: "1",
    WORKERS: "1",
    ...overrides,
  };
  const child = spawn(process.execPath, [path.join(root, "server.js")], { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout!.on("data", (chunk) => (stdout += chunk));
  child.stderr!.on("data", (chunk) => (stderr += chunk));
  const timer = setTimeout(() => child.kill("SIGKILL"), 20_000);
  const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
  clearTimeout(timer);
  return { code, stdout, stderr, dataDir };
}

/** A JSON call to the API; the client address is chosen per test so rate limits do not collide. */
export async function api(
  server: TestServer,
  pathname: string,
  {
    method = "GET",
    body,
    token,
    headers = {},
  }: { method?: string; body?: unknown; token?: string; headers?: Record<string, string> } = {},
) {
  const response = await fetch(server.url + pathname, {
    method,
    redirect: "manual",
    headers: {
      ...(body !== undefined ? { "content-type": "application/json" } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
  const text = await response.text();
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  checkAgainstApiDocument(method, pathname, response.status, response.headers.get("content-type"), json);
  return { status: response.status, headers: response.headers, json, text };
}

let addressCounter = 0;
/**
 * A fresh client address from the IPv6 documentation prefix, sent as X-Forwarded-For (test
 * servers trust it), so each test has its own rate-limit counters. Nothing is sent there. Each
 * is in a /64 of its own, as separate clients would be: the password threads take turns by /64.
 */
export function newClientAddress() {
  addressCounter++;
  const hex = (n: number) => n.toString(16);
  return `2001:db8:${hex(process.pid & 0xffff)}:${hex(addressCounter & 0xffff)}::${hex(process.pid >>> 16)}:${hex(addressCounter >>> 16)}`;
}

let memberCounter = 0;
/** Registers a new member from their own client address (so rate limits never collide). */
export async function registerMember(server: TestServer, password = "compost-heap-7") {
  memberCounter++;
  const address = newClientAddress();
  const email = `member${memberCounter}-${process.pid}@example.org`;
  const response = await api(server, "/api/auth/register", {
    method: "POST",
    body: { username: `Member ${memberCounter}`, email, password, user_type: "user" },
    headers: { "x-forwarded-for": address },
  });
  if (response.status !== 201) throw new Error(`registration failed: ${response.status} ${response.text}`);
  return { email, password, address, token: response.json.token as string, id: response.json.user.id as number };
}

/**
 * With TEST_ENGINE=postgres, each server's database on the PostgreSQL TEST_POSTGRES_URL names:
 * one per data folder, so a server started again on the same folder finds its data.
 */
async function postgresFor(dataDir: string, template: string | null | undefined) {
  const file = path.join(dataDir, "postgres-database");
  if (fs.existsSync(file)) return fs.readFileSync(file, "utf8").trim();
  // Left for the throwaway cluster's removal: a test may start its server again on the folder.
  const { url } = await createTestDatabase("it", { template });
  fs.writeFileSync(file, url);
  return url;
}
