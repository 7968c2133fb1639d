import { apiRoute, apiSuccess, failureResponse, readJson, requireApiSession } from "~/services/http/api.server";
import { getCart, setCartQuantity } from "~/features/exchange/cart.server";
import { cartLineSchema } from "~/features/exchange/schemas";

/** GET /api/cart; PUT /api/cart {listing_id, quantity} sets a line (0 removes it). */
export const loader = apiRoute({
  async GET({ request }) {
    const { user } = await requireApiSession(request);
    return apiSuccess({ data: { cart: await getCart(user) } });
  },
});
export const action = apiRoute({
  async PUT({ request }) {
    const { user } = await requireApiSession(request);
    const line = await readJson(request, cartLineSchema);
    const outcome = await setCartQuantity(user, line.listing_id, line.quantity);
    if (!outcome.ok) return failureResponse(outcome);
    return apiSuccess({ message: outcome.message, data: { cart: outcome.cart } });
  },
});
