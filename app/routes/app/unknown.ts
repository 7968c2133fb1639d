import { redirect } from "react-router";
import { requireUser } from "~/services/session.server";
import type { Route } from "./+types/unknown";

// Every /app path needs a member first; an unknown one then goes to the landing page, like any unknown path.
export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request);
  return redirect("/");
}
