import { randomUUID } from "node:crypto";
import { setImmediate as nextTurn } from "node:timers/promises";
import { statement } from "./database/db.server";
import { consumeRateLimit, waitOf } from "./rate-limit.server";

/**
 * The downloads that send all of a member's data (their account as JSON, their impact ledger and
 * their register of transfer notes as CSV): each kind runs once at a time per member and a few times an hour, and each is sent a
 * piece at a time so that other members' requests are answered between the pieces.
 *
 * One at a time holds across the server's processes (WORKERS): a download holds a lease row in
 * export_leases, taken in one statement only when no live one is there, pushed on as it sends,
 * and deleted when it ends however it ends. A process that dies mid-download leaves its lease to
 * expire after EXPORT_LEASE_MS.
 */
export type ExportKind = "account" | "impact" | "transfer-notes";

/** Downloads of each kind a member may start in an hour: a few retries, far from a script's loop. */
export const EXPORTS_PER_HOUR = 10;
/** How long a lease holds without being pushed on: a client that reads nothing for this long may lose it. */
export const EXPORT_LEASE_MS = 60_000;
/** Pushed on at most this often: one write per piece sent would be a write per 100 KB. */
const LEASE_RENEW_MS = 10_000;
/** What a refused second download is told: a long ledger's download takes a few seconds. */
export const EXPORT_BUSY_RETRY_AFTER_SECONDS = 10;
const HOUR = 3_600_000;

export type ExportLease = { memberId: number; kind: ExportKind; holder: string };
export type ExportStart = { ok: true; lease: ExportLease } | { ok: false; message: string; retryAfterSeconds: number };

const TAKE_SQL = `INSERT INTO export_leases (member_id, kind, holder, expires_at) VALUES (@memberId, @kind, @holder, @expiresAt)
  ON CONFLICT (member_id, kind) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at
  WHERE export_leases.expires_at <= @now
  RETURNING holder`;
const RENEW_SQL =
  "UPDATE export_leases SET expires_at = @expiresAt WHERE member_id = @memberId AND kind = @kind AND holder = @holder";
const RELEASE_SQL = "DELETE FROM export_leases WHERE member_id = @memberId AND kind = @kind AND holder = @holder";

/**
 * Takes the member's lease for this kind and counts the download against their hour, or says why
 * not: another of the same kind is being sent, or the hour's downloads are used up.
 */
export async function startExport(memberId: number, kind: ExportKind, now = Date.now()): Promise<ExportStart> {
  const lease: ExportLease = { memberId, kind, holder: randomUUID() };
  const taken = await statement(TAKE_SQL).get({ ...lease, expiresAt: now + EXPORT_LEASE_MS, now });
  if (!taken) {
    return {
      ok: false,
      message: "Your previous download of this export is still running. Please wait for it to finish.",
      retryAfterSeconds: EXPORT_BUSY_RETRY_AFTER_SECONDS,
    };
  }
  const allowance = await consumeRateLimit(`export:${kind}:member:${memberId}`, { limit: EXPORTS_PER_HOUR, windowMs: HOUR }, now);
  if (!allowance.allowed) {
    await releaseExport(lease);
    return {
      ok: false,
      message: `You can download this export ${EXPORTS_PER_HOUR} times an hour. Please try again in ${waitOf(allowance.retryAfterSeconds)}.`,
      retryAfterSeconds: allowance.retryAfterSeconds,
    };
  }
  return { ok: true, lease };
}

export async function releaseExport(lease: ExportLease) {
  await releaseLease(lease);
}

async function releaseLease(lease: ExportLease) {
  await statement(RELEASE_SQL).run(lease);
}

/** Pushes the lease on; false when it expired and another download of the kind took it. */
async function renewExport(lease: ExportLease, now = Date.now()) {
  return (await statement(RENEW_SQL).run({ ...lease, expiresAt: now + EXPORT_LEASE_MS })).changes === 1;
}

/** A download under way: its lease, and the request's signal, aborted when the client goes away. */
export type ExportDownload = { lease: ExportLease; signal: AbortSignal };

/**
 * The download's bytes, one piece of text from `nextPiece` at a time (null when there is no
 * more), its lease released when it ends, fails or is cancelled. Without a download (tests) it
 * only reads.
 *
 * A piece is made only when the one before is on its way (a high-water mark of none: the edge
 * reads the next piece once the socket has taken the last), so memory holds one piece whatever
 * the download's size and a slow client slows the reading. Before each piece the event loop turns
 * once, so the requests that arrived meanwhile are answered between pieces even when the client
 * reads as fast as the server writes. When the client goes away no further piece is read and the
 * lease is released at once.
 */
export function exportStream(nextPiece: () => string | null | Promise<string | null>, download?: ExportDownload) {
  const encoder = new TextEncoder();
  const lease = download?.lease;
  const signal = download?.signal;
  let renewedAt = Date.now();
  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    signal?.removeEventListener("abort", end);
    if (lease) void releaseLease(lease).catch(() => {});
  };
  signal?.addEventListener("abort", end);
  if (signal?.aborted) end();
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        await nextTurn();
        if (ended) return controller.close();
        try {
          const now = Date.now();
          if (lease && now - renewedAt >= LEASE_RENEW_MS) {
            // The client read nothing for longer than the lease, and the member started another
            // download of this kind meanwhile: one at a time, so this one stops.
            if (!(await renewExport(lease, now))) throw new Error("The export's lease was taken by a newer download.");
            renewedAt = now;
          }
          const piece = await nextPiece();
          if (piece === null) {
            end();
            controller.close();
          } else controller.enqueue(encoder.encode(piece));
        } catch (error) {
          end();
          controller.error(error);
        }
      },
      cancel: end,
    },
    { highWaterMark: 0 },
  );
}

/** The leases held now, for tests. */
export async function exportLeaseCount() {
  return ((await statement("SELECT count(*) AS leases FROM export_leases").get()) as { leases: number }).leases;
}
