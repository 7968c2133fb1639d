import { apiRoute, apiSuccess, failureResponse, readJson, readQuery, requireApiSession } from "~/services/http/api.server";
import { requestOrder } from "~/features/exchange/orders.server";
import { listOrders } from "~/features/exchange/store/orders.server";
import { orderListQuerySchema, orderRequestSchema } from "~/features/exchange/schemas";

/** GET /api/orders (the caller's buying or selling, newest first) and POST {listing_id, quantity, message?, handover?}. */
export const loader = apiRoute({
  async GET({ request }) {
    const { user } = await requireApiSession(request);
    const query = readQuery(request, orderListQuerySchema);
    const { orders, total } = await listOrders(user, query);
    return apiSuccess({
      data: {
        orders,
        pagination: { page: query.page, limit: query.limit, total, hasMore: query.page * query.limit < total },
      },
    });
  },
});

export const action = apiRoute({
  async POST({ request }) {
    const { user } = await requireApiSession(request);
    const fields = await readJson(request, orderRequestSchema);
    const outcome = await requestOrder(user, fields);
    if (!outcome.ok) return failureResponse(outcome);
    return apiSuccess({ data: { order: outcome.order }, message: outcome.message }, { status: 201 });
  },
});
