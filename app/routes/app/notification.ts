import { data, redirect } from "react-router";
import { openNotification } from "~/features/notifications/queries.server";
import { requireUser } from "~/services/session.server";
import { pathId } from "~/lib/path-id";
import type { Route } from "./+types/notification";

/** Opening a notification from the list, the popover or a digest: it is marked read, and the member goes to its thing. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const id = pathId(params.id);
  const target = id !== null ? await openNotification(user.id, id) : null;
  // Another member's notification answers exactly like one that does not exist.
  if (!target) throw data({ message: "This notification does not exist." }, { status: 404 });
  return redirect(target);
}
