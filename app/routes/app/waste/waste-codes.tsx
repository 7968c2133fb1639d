import { RouteError } from "~/components/route-error";
import { WasteCodesPage } from "~/components/waste-codes/waste-codes-page";
import { wasteCodePickerState } from "~/features/waste-codes/codes.server";
import { requireUser } from "~/services/session.server";
import { siteTitle } from "~/lib/site-title";
import type { Route } from "./+types/waste-codes";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: siteTitle(matches, "Waste codes") }];

export async function loader({ request, url }: Route.LoaderArgs) {
  await requireUser(request);
  return wasteCodePickerState(url);
}

export default function WasteCodes({ loaderData }: Route.ComponentProps) {
  return <WasteCodesPage filters={loaderData.filters} results={loaderData.results} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} />;
}
