import { redirect } from "react-router";
import { requireAdmin } from "~/services/session.server";
import type { Route } from "./+types/index";

/** The admin area opens on the queue of open reports. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return redirect("/app/admin/reports");
}
