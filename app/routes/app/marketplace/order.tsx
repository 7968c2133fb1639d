import { data } from "react-router";
import { RouteError } from "~/components/route-error";
import { orderPageAction } from "~/features/exchange/order-page.server";
import { orderPageWithNote } from "~/features/transfer-notes/orders.server";
import type { OrderPageResult } from "~/features/exchange/wire";
import { answerForm } from "~/services/http/form-action.server";
import { requireUser } from "~/services/session.server";
import { siteTitle } from "~/lib/site-title";
import type { Route } from "./+types/order";
import { OrderPage } from "~/components/marketplace/order-page";
import { pathIdOr404 } from "~/lib/path-id";

export const meta: Route.MetaFunction = ({ data: page, matches }) => [
  { title: page ? siteTitle(matches, `Order #${page.order.id}`) : siteTitle(matches, "Order") },
];

const NOT_FOUND = "This order does not exist.";

const orderIdOf = (value: string | undefined) => pathIdOr404(value, NOT_FOUND);

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const page = await orderPageWithNote(user, orderIdOf(params.id));
  if (!page) throw data(NOT_FOUND, { status: 404 });
  return page;
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request);
  const orderId = orderIdOf(params.id);
  const form = await request.formData();
  const result = await orderPageAction(user, orderId, form);
  // A refusal renders the page again with the reason beside the form that was sent.
  return answerForm(form, result, { returnTo: `/app/orders/${orderId}`, failureInPlace: true });
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <RouteError
      error={error}
      notFound={{ title: "Order not found", message: "This order doesn't exist or isn't yours to see." }}
      links={[{ to: "/app/orders", label: "Back to my orders" }]}
    />
  );
}

export default function Order({ loaderData, actionData }: Route.ComponentProps) {
  return <OrderPage page={loaderData} result={actionData as OrderPageResult | undefined} />;
}
