import { redirect } from "react-router";
import type { Route } from "./+types/marketplace-redirect";

export const loader = ({ params }: Route.LoaderArgs) => redirect(`/app/marketplace/${encodeURIComponent(params.id)}`, 301);
