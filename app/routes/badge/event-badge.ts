import { badgeThemeOf } from "~/features/badges/svg";
import { eventBadge } from "~/features/badges/badges.server";
import { badgeNotFound, badgeResponse } from "~/services/http/badge-response.server";
import { fileId } from "~/lib/path-id";
import type { Route } from "./+types/event-badge";

/** GET /badge/events/:id.svg: an event's results as a badge ("Results not recorded yet" until they are). */
export async function loader({ request, url, params }: Route.LoaderArgs) {
  const id = fileId(params.file, "svg");
  if (id === null) return badgeNotFound();
  return badgeResponse(request, await eventBadge(id, badgeThemeOf(url.searchParams.get("theme"))));
}
