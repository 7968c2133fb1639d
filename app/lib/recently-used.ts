/**
 * Sets `value` under `key` as the newest of `kept`, and lets go of the oldest once there are more
 * than `max`: a Map keeps its keys in the order they were set, so the first key is the one set
 * longest ago. Every bounded cache of the app keeps its entries this way.
 */
export function keepNewest<K, V>(kept: Map<K, V>, key: K, value: V, max: number): V {
  kept.delete(key);
  kept.set(key, value);
  if (kept.size > max) kept.delete(kept.keys().next().value!);
  return value;
}

/**
 * The value kept in `kept` under `key`, made by `make` the first time, the most recently used `max`
 * of them kept: the one read is set again as the newest (keepNewest), so the one let go is the one
 * used longest ago.
 */
export function keptRecentlyUsed<K, V>(kept: Map<K, V>, key: K, max: number, make: () => V): V {
  return keepNewest(kept, key, kept.has(key) ? kept.get(key)! : make(), max);
}
