import { serveMedia } from "~/services/media.server";
import type { Route } from "./+types/media";

/** GET /media/:name: uploaded post media. */
export async function loader({ request, params }: Route.LoaderArgs) {
  return serveMedia(request, params.name);
}
