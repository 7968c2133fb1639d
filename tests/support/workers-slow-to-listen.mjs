// Preloaded (NODE_OPTIONS=--import) into a server started by a test: each worker process of
// node:cluster waits WORKER_LISTEN_DELAY_SECONDS before it takes the port, and says so when it
// begins to wait, so a test can stop the server while its workers are still starting.
import cluster from "node:cluster";
import net from "node:net";

if (cluster.isWorker) {
  const listen = net.Server.prototype.listen;
  const delayMs = Number(process.env.WORKER_LISTEN_DELAY_SECONDS ?? "30") * 1000;
  net.Server.prototype.listen = function (/** @type {unknown[]} */ ...args) {
    process.stderr.write(`Worker ${cluster.worker?.id} waits before it listens\n`);
    setTimeout(() => listen.apply(this, /** @type {never} */ (args)), delayMs);
    return this;
  };
}
