import cluster from "node:cluster";
import { randomUUID } from "node:crypto";

/**
 * News one worker gives the others when the server runs several processes (WORKERS): a write in
 * one worker makes the copies the others keep in memory stale too. The worker sends the news to
 * the primary (process.send), the primary relays it to every other worker, and each applies it
 * with the handler registered for its topic. A single process has nobody to tell.
 *
 * The primary relays from one IPC channel to the others in the order it reads them, and hands new
 * connections to workers over the same channels: a client that has its answer to a write and then
 * connects again reaches a worker that has already applied the news.
 */
export type PeerNews = { peerNews: string; payload: unknown };

const handlers = new Map<string, (payload: unknown) => void>();

/** Registers what this process does when another tells news under `topic`. */
export function onPeerNews(topic: string, handler: (payload: unknown) => void) {
  handlers.set(topic, handler);
}

/**
 * On PostgreSQL the others may run on other machines: news goes through the database
 * (LISTEN/NOTIFY, database/postgres-start.server) to every process on every machine, this machine's
 * workers included, and the primary's relay is not used. Each process knows its own news by
 * its origin and does not apply it twice. There the news reaches another process a moment after it
 * is sent (milliseconds), with nothing ordering it before that process's next request. A write
 * whose answer should find every process told (the site's settings) waits for tellPeers's promise:
 * the news is then in the database before the answer leaves, which leaves only the moment the
 * other processes take to read it.
 */
let broadcast: ((message: string) => Promise<void>) | undefined;
const origin = randomUUID();

/** Sends all news through `send` from now on (undefined: back to the primary's relay). */
export function setPeerBroadcast(send: ((message: string) => Promise<void>) | undefined) {
  broadcast = send;
}

/** Applies news another process broadcast; this process's own is ignored, and so is anything unreadable. */
export function receivePeerBroadcast(message: string) {
  let news: (PeerNews & { origin?: unknown }) | undefined;
  try {
    news = JSON.parse(message) as PeerNews & { origin?: unknown };
  } catch {
    return;
  }
  if (!isPeerNews(news) || news.origin === origin) return;
  handlers.get(news.peerNews)?.(news.payload);
}

/**
 * Tells every other worker; `payload` must survive JSON. Nothing happens outside a worker.
 * Resolves once the news is sent (never rejects: a failure to send is logged where it happens).
 */
export async function tellPeers(topic: string, payload: unknown = null): Promise<void> {
  if (broadcast) return broadcast(JSON.stringify({ origin, peerNews: topic, payload }));
  if (!cluster.isWorker || !process.send || !process.connected) return;
  // With a callback, a channel that closed meanwhile (the primary stopping) is no error to throw.
  process.send({ peerNews: topic, payload } satisfies PeerNews, undefined, {}, () => {});
}

/**
 * Tells this process as well as the others, as if news had come from another worker: for a
 * write in one feature that makes what a feature above it keeps stale, without importing it (a
 * block ends follows, which the community's kept lists read). Nothing happens where nobody
 * registered the topic: nothing is kept there.
 */
export function tellEveryone(topic: string, payload: unknown = null) {
  handlers.get(topic)?.(payload);
  void tellPeers(topic, payload);
}

export const isPeerNews = (message: unknown): message is PeerNews =>
  typeof message === "object" && message !== null && typeof (message as PeerNews).peerNews === "string";

/** In a worker: applies the news the primary relays. */
export function listenToPeers() {
  process.on("message", (message: unknown) => {
    if (isPeerNews(message)) handlers.get(message.peerNews)?.(message.payload);
  });
}
