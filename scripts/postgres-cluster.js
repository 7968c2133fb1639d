// A throwaway PostgreSQL for the tests: a cluster in a temporary folder, on a free loopback port,
// started before the suites and removed after. PostgreSQL refuses to run as root, so as root the
// cluster belongs to the `postgres` user that Debian's package creates.
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

const VERSIONS = ["17", "16", "15"];

/** The folder of PostgreSQL's programs (initdb, pg_ctl), or undefined when none is installed. */
export function postgresBinaries() {
  if (process.env.POSTGRES_BIN) return process.env.POSTGRES_BIN;
  for (const version of VERSIONS) {
    const dir = `/usr/lib/postgresql/${version}/bin`;
    if (fs.existsSync(path.join(dir, "initdb"))) return dir;
  }
  return undefined;
}

/** A port nothing listens on now. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = /** @type {net.AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts a cluster; answers its URL (a superuser `circular` with trust on loopback), its pid() and stop().
 * @param {string} bin
 */
export async function startPostgresCluster(bin) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "circular-pg-"));
  const asRoot = process.getuid?.() === 0;
  const as = (/** @type {string} */ program, /** @type {string[]} */ args) =>
    asRoot ? ["runuser", ["-u", "postgres", "--", path.join(bin, program), ...args]] : [path.join(bin, program), args];
  if (asRoot) execFileSync("chown", ["postgres", root]);
  const data = path.join(root, "data");
  const port = await freePort();
  const run = (/** @type {string} */ program, /** @type {string[]} */ args) => {
    const [command, full] = as(program, args);
    const result = spawnSync(/** @type {string} */ (command), /** @type {string[]} */ (full), { encoding: "utf8" });
    if (result.status !== 0) throw new Error(`${program} failed: ${result.stderr || result.stdout}`);
  };
  run("initdb", ["-D", data, "-U", "circular", "--auth=trust", "-E", "UTF8", "--locale=C.UTF-8"]);
  // fsync off: a test cluster lost in a crash is simply made again.
  const options = `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300`;
  run("pg_ctl", ["-D", data, "-o", options, "-l", path.join(root, "log"), "-w", "start"]);
  return {
    url: `postgres://circular@127.0.0.1:${port}/postgres`,
    /** The postmaster's process id (the first line of its postmaster.pid): its children are the backends. */
    pid: () => Number(fs.readFileSync(path.join(data, "postmaster.pid"), "utf8").split("\n")[0]),
    stop() {
      try {
        run("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]);
      } finally {
        fs.rmSync(root, { recursive: true, force: true });
      }
    },
  };
}
