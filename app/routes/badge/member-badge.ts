import { badgeThemeOf } from "~/features/badges/svg";
import { memberBadge } from "~/features/badges/badges.server";
import { badgeNotFound, badgeResponse } from "~/services/http/badge-response.server";
import { fileId } from "~/lib/path-id";
import type { Route } from "./+types/member-badge";

/** GET /badge/members/:id.svg: a member's impact badge, 404 while they have not turned it on. */
export async function loader({ request, url, params }: Route.LoaderArgs) {
  const id = fileId(params.file, "svg");
  if (id === null) return badgeNotFound();
  return badgeResponse(request, await memberBadge(id, badgeThemeOf(url.searchParams.get("theme"))));
}
