import { requireAdmin } from "~/services/session.server";
import type { Route } from "./+types/reports";

// Placeholder: the page is being written.
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export default function Placeholder() {
  return <h1 className="text-xl font-semibold">Admin</h1>;
}
