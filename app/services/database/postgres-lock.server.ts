// The PostgreSQL engine's lock (postgres.server.ts), in a module of its own that changes nothing
// when imported: the engine sets pg's type parsers for the whole process, which a test or
// command reading PostgreSQL through pg itself must not inherit.

/**
 * The one lock every transaction takes first: PostgreSQL lets writers run side by side, and the
 * rules here were written, and are tested, with one writer at a time (SQLite's write lock). A
 * transaction-scoped advisory lock gives that back across every process on every machine; reads
 * outside transactions never wait for it.
 */
export const WRITE_LOCK_KEY = 0x43485542; // "CHUB"

/**
 * How long a write waits for that lock, or a statement for any row or table lock, before it
 * fails as busy (SQLSTATE 55P03, which isDatabaseBusy knows): the request answers 503 with
 * Retry-After, as on SQLite, rather than hanging while another machine's stuck transaction or
 * another program (a migration by hand, a dump with locks) holds it. Transactions last a few
 * milliseconds; two seconds is many of them queued.
 */
export const LOCK_WAIT_MS = 2_000;
