import { apiRoute, apiSuccess, failureResponse, readJson, requireApiSession } from "~/services/http/api.server";
import { checkout } from "~/features/exchange/cart.server";
import { checkoutSchema } from "~/features/exchange/schemas";

/** POST /api/cart/checkout {message?, handover?}: one request per cart line, all or none; 201 {orders}. */
export const loader = apiRoute({});
export const action = apiRoute({
  async POST({ request }) {
    const { user } = await requireApiSession(request);
    const details = await readJson(request, checkoutSchema);
    const outcome = await checkout(user, details);
    if (!outcome.ok) return failureResponse(outcome);
    return apiSuccess({ message: outcome.message, data: { orders: outcome.orders } }, { status: 201 });
  },
});
