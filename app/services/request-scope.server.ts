import { AsyncLocalStorage } from "node:async_hooks";

/**
 * What one HTTP request may keep for itself while React Router runs its loaders: each loader gets
 * its own copy of the Request (and of its signal), so nothing on the Request is shared; the edge
 * runs the whole request in this scope instead. Only a reading request (GET, HEAD) keeps
 * anything: an action may change what it read (a block, a session ended), and what runs after it
 * must read afresh. Outside a request (jobs, tests) there is no scope.
 */
const scope = new AsyncLocalStorage<Map<string, unknown> | null>();

/** Runs one request's handling in a scope of its own. */
export function inRequestScope<T>(method: string, work: () => Promise<T>): Promise<T> {
  return scope.run(method === "GET" || method === "HEAD" ? new Map() : null, work);
}

/** The request's kept value under `key`, made by `make` the first time; outside a reading request, made each time. */
export function keptForRequest<T>(key: string, make: () => T): T {
  const kept = scope.getStore();
  if (!kept) return make();
  if (!kept.has(key)) kept.set(key, make());
  return kept.get(key) as T;
}
