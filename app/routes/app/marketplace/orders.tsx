import { useRouteLoaderData } from "react-router";
import { Link } from "~/lib/link";
import { Money } from "~/components/money";
import { RouteError } from "~/components/route-error";
import { listOrders } from "~/features/exchange/store/orders.server";
import { orderListQuerySchema, ORDER_ROLES } from "~/features/exchange/schemas";
import { formatQuantity } from "~/features/exchange/stock";
import { ORDER_STATE_LABELS, ORDER_STATES, orderStateLabel } from "~/features/exchange/vocabulary";
import { dateTime } from "~/lib/dates";
import { countOf } from "~/lib/plural";
import { requireUser } from "~/services/session.server";
import { siteTitle } from "~/lib/site-title";
import type { Route } from "./+types/orders";
import { MemberLink } from "~/components/member-link";
import { Spaced } from "~/components/spaced";
import { Pagination } from "~/components/ui/pagination";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: siteTitle(matches, "My orders") }];

export async function loader({ request, url }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const parsed = orderListQuerySchema.safeParse(Object.fromEntries(url.searchParams));
  // A hand-edited address with a bad value shows the first page of buying rather than an error.
  const query = parsed.success ? parsed.data : orderListQuerySchema.parse({});
  const { orders, total } = await listOrders(user, query);
  return { query, orders, total, viewerId: user.id };
}

const ROLE_LABELS = { buying: "Buying", selling: "Selling" } as const;

function href(query: { role: string; state?: string; page?: number }) {
  const params = new URLSearchParams({ role: query.role });
  if (query.state) params.set("state", query.state);
  if (query.page && query.page > 1) params.set("page", String(query.page));
  return `/app/orders?${params}`;
}

const pill =
  "rounded-full px-3 py-1.5 text-sm font-medium ring-1 ring-slate-300 text-slate-700 hover:bg-slate-50 aria-[current=page]:bg-brand-600 aria-[current=page]:text-white aria-[current=page]:ring-brand-600";

export default function Orders({ loaderData }: Route.ComponentProps) {
  const { query, orders, total, viewerId } = loaderData;
  const layout = useRouteLoaderData("routes/app/layout") as { timeZone?: string } | undefined;
  const timeZone = layout?.timeZone ?? "UTC";
  const pages = Math.max(1, Math.ceil(total / query.limit));
  const stateLabel = query.state ? ORDER_STATE_LABELS[query.state].toLowerCase() : "";

  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <div>
        <h2 className="text-2xl font-bold text-slate-900">My orders</h2>
        <p className="mt-1 text-slate-600">
          What you asked others for (buying) and what others asked you for (selling). Payment happens between the two of you.
        </p>
        <p className="mt-1 text-slate-600">
          Questions before an order are in your{" "}
          <Link to="/app/enquiries" className="text-brand-700 underline">
            conversations
          </Link>
          .
        </p>
      </div>

      <nav aria-label="Buying or selling" className="flex flex-wrap gap-2 border-b border-slate-200 pb-3">
        <Spaced>
          {ORDER_ROLES.map((role) => (
            <Link
              key={role}
              to={href({ role, state: query.state })}
              aria-current={query.role === role ? "page" : undefined}
              className={pill}
            >
              {ROLE_LABELS[role]}
            </Link>
          ))}
        </Spaced>
      </nav>

      <nav aria-label="Filter by state" className="flex flex-wrap gap-2">
        <Spaced>
          <Link to={href({ role: query.role })} aria-current={!query.state ? "page" : undefined} className={pill}>
            All
          </Link>
          {ORDER_STATES.map((state) => (
            <Link
              key={state}
              to={href({ role: query.role, state })}
              aria-current={query.state === state ? "page" : undefined}
              className={pill}
            >
              {ORDER_STATE_LABELS[state]}
            </Link>
          ))}
        </Spaced>
      </nav>

      <p className="text-sm text-slate-600" aria-live="polite">
        {countOf(total, `${stateLabel ? `${stateLabel} ` : ""}order`)} {query.role === "buying" ? "as buyer" : "as seller"}
      </p>

      {orders.length === 0 ? (
        <div className="rounded-2xl bg-white p-8 text-center shadow-sm ring-1 ring-slate-200">
          <h3 className="text-lg font-semibold text-slate-900">No orders here yet</h3>
          <p className="mt-2 text-slate-600">
            {query.role === "buying"
              ? "When you ask for a listing, or offer something a member wants, the order shows here."
              : "When members ask for your listings, or offer what you want, their orders show here."}
          </p>
          <Link
            to="/app/marketplace"
            className="mt-4 inline-block rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700"
          >
            Browse the marketplace
          </Link>
        </div>
      ) : (
        <ul className="space-y-3">
          {orders.map((order) => {
            const other = order.buyer.id === viewerId ? order.seller : order.buyer;
            return (
              <li key={order.id} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5">
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div className="min-w-0 flex-1">
                    <h3 className="font-semibold text-slate-900 break-words">
                      <Link to={`/app/orders/${order.id}`} className="hover:text-brand-700 hover:underline">
                        Order #{order.id}: {order.listing.title}
                      </Link>
                    </h3>
                    <p className="mt-1 text-sm text-slate-600 break-words">
                      Listing:{" "}
                      <Link to={`/app/marketplace/${order.listing.id}`} className="text-brand-700 hover:underline">
                        {order.listing.title}
                      </Link>
                    </p>
                    <p className="mt-1 text-sm text-slate-600 break-words">
                      {order.buyer.id === viewerId ? "Seller" : "Buyer"}: <MemberLink member={other} />
                    </p>
                  </div>
                  <span className="shrink-0 rounded-full bg-slate-100 px-3 py-1 text-sm font-medium text-slate-800">
                    {orderStateLabel(order)}
                  </span>
                </div>
                <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-3">
                  <div className="min-w-0">
                    <dt className="text-slate-500">Quantity</dt>
                    <dd className="text-slate-900">{formatQuantity(order.quantity, order.listing.unit)}</dd>
                  </div>
                  <div className="min-w-0">
                    <dt className="text-slate-500">{order.total_is_estimate ? "Estimated total" : "Total"}</dt>
                    <dd className="font-semibold text-slate-900">
                      <Money cents={order.total_cents} free />
                    </dd>
                  </div>
                  <div className="min-w-0">
                    <dt className="text-slate-500">Asked on</dt>
                    <dd className="text-slate-900">
                      <time dateTime={order.created_at}>{dateTime(order.created_at, timeZone)}</time>
                    </dd>
                  </div>
                </dl>
              </li>
            );
          })}
        </ul>
      )}

      {pages > 1 ? (
        <Pagination
          previous={query.page > 1 ? { to: href({ ...query, page: query.page - 1 }), label: "Newer orders" } : null}
          status={
            <>
              Page {Math.min(query.page, pages)} of {pages}
            </>
          }
          next={query.page < pages ? { to: href({ ...query, page: query.page + 1 }), label: "Older orders" } : null}
        />
      ) : null}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} links={[{ to: "/app/dashboard", label: "Back to the dashboard" }]} />;
}
