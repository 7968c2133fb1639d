import { databaseHealth } from "~/services/database/database-health.server";
import { mediaStoreHealth } from "~/services/media.server";
import { storageState } from "~/services/storage.server";

/**
 * GET /healthz, for a service manager or monitor: 200 `{status: "ok", database: "ok", media: "ok",
 * storage}` while the database answers, its file is the one the server opened and writes can be
 * saved, media files can be stored (UPLOAD_DIR writable, or the bucket of MEDIA_STORE answering
 * within 3 s), and the disks have room. 503 with `status: "unavailable"` otherwise: `database`
 * says "busy" (another program holds the write lock, so writes are refused), "damaged" (SQLite's
 * check or a request found the file damaged) or "unavailable" (the file is gone or does not
 * answer); `media` says "unavailable" when files cannot be stored; `storage` says how much room
 * the disks of UPLOAD_DIR (unless media are in a bucket) and the database have left: "ok", "low"
 * (still a 200), or "full" when not even one large file fits (a 503: no upload, and soon no
 * write, can succeed). Always a small JSON body, never a page, answered without waiting on the
 * event loop for any lock; the details are in the server's log, not here, since anyone can ask.
 */
export async function loader() {
  const [database, media] = await Promise.all([databaseHealth(), mediaStoreHealth()]);
  const storage = storageState();
  const ok = database === "ok" && media === "ok" && storage !== "full";
  return Response.json(
    { status: ok ? "ok" : "unavailable", database, media, storage },
    { status: ok ? 200 : 503, headers: { "Cache-Control": "no-store" } },
  );
}
