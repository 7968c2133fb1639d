/** An address as proxies write it: IPv4, IPv6 (maybe bracketed), a port, or a zone. */
const ADDRESS = /^[0-9A-Za-z:.[\]%_-]{1,64}$/;

/**
 * The client's address. With no trusted proxy it is the connection's peer. With N proxies in
 * front (TRUST_PROXY=N) it is the N-th X-Forwarded-For entry from the right: each proxy appends
 * the address it received the request from, so the entries to the left of what the nearest
 * proxies wrote are whatever the client chose to send, and must not be believed.
 */
export function clientAddressOf(
  forwardedFor: string | string[] | undefined,
  peer: string | undefined,
  trustedProxies: number,
): string {
  const fallback = peer ?? "unknown";
  if (trustedProxies < 1 || !forwardedFor) return fallback;
  const entries = (Array.isArray(forwardedFor) ? forwardedFor.join(",") : forwardedFor)
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0) return fallback;
  // Fewer entries than proxies: the request skipped the outer ones, so the left-most entry is the
  // one the first proxy it met wrote.
  const chosen = entries[Math.max(0, entries.length - trustedProxies)]!;
  return ADDRESS.test(chosen) ? chosen : fallback;
}
