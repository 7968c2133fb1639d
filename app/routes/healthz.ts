import { watchDatabase } from "~/services/db.server";
import { storageState } from "~/services/storage.server";

/**
 * GET /healthz, for a service manager or monitor: 200 while the database answers and its file is
 * the one the server opened, 503 otherwise. `storage` says how much room the disks of UPLOAD_DIR
 * and the database have left: "low", or "full" when not even one large file fits, which is a 503
 * too, since no upload (and soon no write) can succeed. Always a small JSON body, never a page;
 * the reason is in the server's log, not here, since anyone can ask.
 */
export function loader() {
  const status = watchDatabase();
  const storage = storageState();
  const ok = status.ok && storage !== "full";
  return Response.json(
    { status: ok ? "ok" : "unavailable", storage },
    { status: ok ? 200 : 503, headers: { "Cache-Control": "no-store" } },
  );
}
