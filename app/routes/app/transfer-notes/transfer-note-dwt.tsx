import { data } from "react-router";
import { RouteError } from "~/components/route-error";
import { DwtReceiptPage } from "~/components/transfer-notes/dwt-receipt-page";
import { dwtReceiptFor } from "~/features/transfer-notes/dwt-receipt.server";
import { NO_SUCH_NOTE } from "~/features/transfer-notes/schemas";
import { pathIdOr404 } from "~/lib/path-id";
import { requireUser } from "~/services/session.server";
import { siteTitle } from "~/lib/site-title";
import type { Route } from "./+types/transfer-note-dwt";

export const meta: Route.MetaFunction = ({ data: page, matches }) => [
  { title: page ? siteTitle(matches, `Receipt of ${page.number}`) : siteTitle(matches, "Receipt") },
];

/** The transferee's page only: the transferor, and anyone else, find no such page (the API tells the transferor why). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const outcome = await dwtReceiptFor(user.id, pathIdOr404(params.id, NO_SUCH_NOTE));
  if (!outcome.ok) throw data(NO_SUCH_NOTE, { status: 404 });
  return { id: outcome.note.id, number: outcome.note.number, ...outcome.answer };
}

export default function TransferNoteDwt({ loaderData }: Route.ComponentProps) {
  return <DwtReceiptPage {...loaderData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <RouteError
      error={error}
      notFound={{ title: "Receipt not found", message: "This receipt doesn't exist or isn't yours to send." }}
      links={[{ to: "/app/transfer-notes", label: "Back to transfer notes" }]}
    />
  );
}
