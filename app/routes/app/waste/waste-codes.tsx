import { RouteError } from "~/components/route-error";
import { WasteCodesPage } from "~/components/waste-codes/waste-codes-page";
import { searchWasteCodes } from "~/features/waste-codes/codes.server";
import { wasteCodeQuerySchema } from "~/features/waste-codes/schemas";
import { requireUser } from "~/services/session.server";
import type { Route } from "./+types/waste-codes";

export const meta: Route.MetaFunction = () => [{ title: "Waste codes · Circular Hub" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request);
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const parsed = wasteCodeQuerySchema.safeParse(params);
  // A hand-edited address with a bad value shows the whole list rather than an error.
  const query = parsed.success ? parsed.data : wasteCodeQuerySchema.parse({});
  const hazardous = query.hazardous === undefined ? ("" as const) : query.hazardous ? ("true" as const) : ("false" as const);
  return { filters: { search: query.search ?? "", hazardous }, results: searchWasteCodes(query) };
}

export default function WasteCodes({ loaderData }: Route.ComponentProps) {
  return <WasteCodesPage filters={loaderData.filters} results={loaderData.results} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} />;
}
