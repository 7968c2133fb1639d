import { watchDatabase } from "~/services/db.server";

/**
 * GET /healthz, for a service manager or monitor: 200 while the database answers and its file is
 * the one the server opened, 503 otherwise. Always a small JSON body, never a page; the reason is
 * in the server's log, not here, since anyone can ask.
 */
export function loader() {
  const status = watchDatabase();
  return Response.json(
    { status: status.ok ? "ok" : "unavailable" },
    { status: status.ok ? 200 : 503, headers: { "Cache-Control": "no-store" } },
  );
}
