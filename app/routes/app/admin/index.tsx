import { redirect } from "react-router";
import { requireAdmin } from "~/services/session.server";
import type { Route } from "./+types/index";

/** The admin area opens on the queue of open reports. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return redirect("/app/admin/reports");
}

// A page, not a resource route: a member asking for the area gets the shell's plain "not found"
// page from the admin layout's guard, like any other page under it, never a bare answer.
export default function AdminIndex() {
  return null;
}
