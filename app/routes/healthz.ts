import { watchDatabase } from "~/services/db.server";
import { isWriteLockHeld } from "~/services/write-lock.server";
import { databaseDamage } from "~/services/db-integrity.server";

/**
 * GET /healthz, for a service manager or monitor: 200 `{status: "ok", database: "ok"}` while the
 * database answers, its file is the one the server opened and writes can be saved; 503 with
 * `database` saying why otherwise: "busy" (another program holds the write lock, so writes are
 * refused), "damaged" (SQLite's check or a request found the file damaged), "unavailable" (the
 * file is gone or does not answer). Always a small JSON body, never a page, answered without
 * waiting on the event loop for any lock; the details are in the server's log, not here, since
 * anyone can ask.
 */
export async function loader() {
  const status = watchDatabase();
  const database = !status.ok ? "unavailable" : databaseDamage() ? "damaged" : (await isWriteLockHeld()) ? "busy" : "ok";
  return Response.json(
    { status: database === "ok" ? "ok" : "unavailable", database },
    { status: database === "ok" ? 200 : 503, headers: { "Cache-Control": "no-store" } },
  );
}
