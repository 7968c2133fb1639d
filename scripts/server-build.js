// The production server build, made when missing or older than the sources: used by `npm start`
// (server.js) and by the operator commands (backup, restore), which run the same code.
import { spawnSync } from "node:child_process";
import cluster from "node:cluster";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const serverBuildFile = path.join(projectRoot, "build/server/index.js");
const sources = ["app", "db", "public", "package.json", "vite.config.ts", "react-router.config.ts"];

/**
 * The newest modification time under the given paths (files or folders), in ms.
 * @param {string[]} paths relative to the project
 */
function newestChange(paths) {
  let newest = 0;
  /** @param {string} target */
  const visit = (target) => {
    let stat;
    try {
      stat = fs.statSync(target);
    } catch {
      return;
    }
    if (stat.isDirectory()) {
      for (const entry of fs.readdirSync(target)) visit(path.join(target, entry));
    } else {
      newest = Math.max(newest, stat.mtimeMs);
    }
  };
  paths.forEach((p) => visit(path.join(projectRoot, p)));
  return newest;
}

/** Builds when there is no build yet or a source file changed since the last one. */
function buildIfNeeded() {
  const built = fs.existsSync(serverBuildFile) ? fs.statSync(serverBuildFile).mtimeMs : 0;
  if (built && newestChange(sources) <= built) return;
  console.log(built ? "Sources changed since the last build: rebuilding…" : "No build yet: building…");
  const result = spawnSync(process.execPath, [path.join(projectRoot, "node_modules/@react-router/dev/bin.js"), "build"], {
    cwd: projectRoot,
    stdio: "inherit",
  });
  if (result.status !== 0) {
    console.error("The build failed; see the output above.");
    process.exit(1);
  }
}

/**
 * The app's server build, whose entry module also exports what entry.server.tsx adds: the server
 * and the operator commands.
 * @typedef {import("react-router").ServerBuild & { entry: { module: typeof import("../app/entry.server") } }} AppServerBuild
 */

/**
 * The server build, built first if needed (SKIP_BUILD_CHECK=1 skips the check, as the tests do).
 * React and React Router pick their development builds unless told otherwise, and those render
 * several times slower: NODE_ENV is set before the build (and React with it) is imported.
 * @returns {Promise<AppServerBuild>}
 */
export async function loadServerBuild() {
  process.env.NODE_ENV ??= "production";
  if (!["0", "1", undefined].includes(process.env.SKIP_BUILD_CHECK)) {
    console.error("Configuration error: SKIP_BUILD_CHECK must be 0 or 1");
    process.exit(1);
  }
  // A worker (WORKERS) loads the build its primary checked just before.
  if (process.env.SKIP_BUILD_CHECK !== "1" && !cluster.isWorker) buildIfNeeded();
  return import(serverBuildFile);
}
