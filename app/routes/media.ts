import { seesHidden } from "~/services/access.server";
import { serveMedia } from "~/services/media.server";
import { getOptionalUser } from "~/services/session.server";
import type { Route } from "./+types/media";

/** GET /media/:name: uploaded post media, listing photos and event photos. */
export async function loader({ request, params }: Route.LoaderArgs) {
  // The session is read only for a hidden thing's file: its author and admins still see it.
  return serveMedia(request, params.name, async (ownerId) => {
    const user = await getOptionalUser(request);
    return user !== null && seesHidden(user, ownerId);
  });
}
