import { data, redirect } from "react-router";
import { threadOfMessageFor } from "~/features/enquiries/store/enquiries.server";
import { requireUser } from "~/services/session.server";
import { pathIdOr404 } from "~/lib/path-id";
import type { Route } from "./+types/enquiry-message";

const NOT_FOUND = "This message does not exist.";

/** Where a notice about a message leads: the message in its thread, for the thread's two members. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const messageId = pathIdOr404(params.id, NOT_FOUND);
  const thread = await threadOfMessageFor(user.id, messageId);
  if (thread === null) throw data(NOT_FOUND, { status: 404 });
  return redirect(`/app/enquiries/${thread}#message-${messageId}`);
}
