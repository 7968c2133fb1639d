/**
 * The value kept in `kept` under `key`, made by `make` the first time, the most recently used `max`
 * of them kept: a Map keeps its keys in the order they were set, so the one read is set again
 * last and the first key is the one used longest ago.
 */
export function keptRecentlyUsed<K, V>(kept: Map<K, V>, key: K, max: number, make: () => V): V {
  let value: V;
  if (kept.has(key)) {
    value = kept.get(key)!;
    kept.delete(key);
  } else value = make();
  kept.set(key, value);
  if (kept.size > max) kept.delete(kept.keys().next().value!);
  return value;
}
