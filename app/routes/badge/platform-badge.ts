import { badgeThemeOf } from "~/features/badges/svg";
import { platformBadge } from "~/features/badges/badges.server";
import { badgeResponse } from "~/services/http/badge-response.server";
import type { Route } from "./+types/platform-badge";

/** GET /badge/platform.svg: the platform's figures, each kilogram once (those of GET /api/impact/platform). */
export async function loader({ request, url }: Route.LoaderArgs) {
  return badgeResponse(request, await platformBadge(badgeThemeOf(url.searchParams.get("theme"))));
}
