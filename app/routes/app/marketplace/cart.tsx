import { RouteError } from "~/components/route-error";
import { getCart } from "~/features/exchange/cart.server";
import type { CheckoutAnswer } from "~/features/exchange/wire";
import { cartPageAction } from "~/features/exchange/marketplace-pages.server";
import { answerForm, answerInPlace } from "~/services/http/form-action.server";
import { requireUser } from "~/services/session.server";
import { siteName, siteTitle } from "~/lib/site-title";
import type { Route } from "./+types/cart";
import { CartPage } from "~/components/marketplace/cart-page";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: siteTitle(matches, "Cart · Marketplace") },
  {
    name: "description",
    content: `Your cart in the ${siteName(matches)} marketplace: change quantities, then send your requests.`,
  },
];

const HERE = "/app/cart";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  return { cart: await getCart(user) };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const form = await request.formData();
  const page = await cartPageAction(user, form, HERE);
  if (page.inPlace) return answerInPlace<CheckoutAnswer>(page.answer);
  return answerForm(form, page.answer, { returnTo: page.returnTo, failureInPlace: page.failureInPlace });
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} links={[{ to: "/app/marketplace", label: "Back to the marketplace" }]} />;
}

export default function Cart({ loaderData, actionData }: Route.ComponentProps) {
  return <CartPage cart={loaderData.cart} answer={actionData as CheckoutAnswer | undefined} />;
}
