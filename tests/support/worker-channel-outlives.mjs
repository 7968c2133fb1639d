// Preloaded (NODE_OPTIONS=--import) into a server started by a test: in each worker process of
// node:cluster, hands a copy of the worker's channel to its primary to a `sleep` that outlives the
// worker. The primary then learns that the worker's process exited before it learns that the
// channel closed, an order a loaded machine can also produce.
import { spawn } from "node:child_process";
import cluster from "node:cluster";

/** The channel's file descriptor (node's Pipe handle has one, though its type does not say so). */
const channel = /** @type {{ fd?: number } | undefined} */ (process.channel)?.fd;
if (cluster.isWorker && channel !== undefined && channel >= 0) {
  const holder = spawn("sleep", [process.env.CHANNEL_HELD_SECONDS ?? "30"], {
    stdio: ["ignore", "ignore", "ignore", channel],
    detached: true,
  });
  holder.unref();
}
