import { Link } from "~/lib/link";
import { RouteError } from "~/components/route-error";
import { Pagination } from "~/components/ui/pagination";
import { kg } from "~/components/lots/weights";
import { lotsOf } from "~/features/lots/lots.server";
import { lotQuerySchema } from "~/features/lots/schemas";
import { MATERIAL_LABELS } from "~/vocabulary/materials";
import { requireUser } from "~/services/session.server";
import { siteTitle } from "~/lib/site-title";
import type { Route } from "./+types/lots";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: siteTitle(matches, "Your lots") }];

export async function loader({ request, url }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const parsed = lotQuerySchema.safeParse(Object.fromEntries(url.searchParams));
  // A hand-edited address with a bad value shows the open lots rather than an error.
  const query = parsed.success ? parsed.data : lotQuerySchema.parse({});
  return { state: query.state, ...(await lotsOf(user.id, query)) };
}

const tab = (active: boolean) =>
  `rounded-lg px-3 py-2 text-sm font-semibold ${active ? "bg-brand-600 text-white" : "text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50"}`;

export default function Lots({ loaderData }: Route.ComponentProps) {
  const { state, lots, pagination } = loaderData;
  const pages = Math.max(Math.ceil(pagination.total / pagination.limit), 1);
  const at = (page: number) => `/app/lots?state=${state}&page=${page}`;
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <header className="space-y-2">
        <h2 className="text-2xl font-bold text-slate-900">Your lots</h2>
        <p className="text-slate-600">
          Each transfer note gives you a lot of the weight you received. List from a lot to hand part of it on, or record what you
          did with it; a lot closes once nothing is left.
        </p>
        <p>
          <Link to="/app/lots/fates" className="font-medium text-brand-700 hover:underline">
            Where your waste went
          </Link>
        </p>
      </header>
      <nav aria-label="Lots by state" className="flex flex-wrap gap-2">
        <Link to="/app/lots?state=open" className={tab(state === "open")} aria-current={state === "open" ? "page" : undefined}>
          Open
        </Link>
        <Link
          to="/app/lots?state=closed"
          className={tab(state === "closed")}
          aria-current={state === "closed" ? "page" : undefined}
        >
          Closed
        </Link>
      </nav>
      {lots.length === 0 ? (
        <p className="rounded-lg bg-white p-6 text-slate-600 ring-1 ring-slate-200">
          {state === "open" ? "No open lots. A completed waste order you receive gives you one." : "No closed lots yet."}
        </p>
      ) : (
        <ul className="space-y-3">
          {lots.map((lot) => (
            <li key={lot.id} className="rounded-xl bg-white p-4 ring-1 ring-slate-200">
              <h3 className="font-semibold break-words text-slate-900">
                <Link to={`/app/lots/${lot.id}`} className="hover:underline">
                  Lot {lot.id}: {MATERIAL_LABELS[lot.material]}
                  {lot.note_number ? ` from note ${lot.note_number}` : ""}
                </Link>
              </h3>
              <p className="mt-1 text-sm text-slate-600">
                {kg(lot.weight_left_kg)} left of {kg(lot.weight_kg)}
                {lot.ewc_codes.length ? ` · codes ${lot.ewc_codes.join(", ")}` : ""}
                {lot.parent_lot_id ? ` · listed on from lot ${lot.parent_lot_id}` : ""}
              </p>
            </li>
          ))}
        </ul>
      )}
      {pages > 1 ? (
        <Pagination
          previous={pagination.page > 1 ? { to: at(pagination.page - 1), label: "Newer lots" } : null}
          next={pagination.hasMore ? { to: at(pagination.page + 1), label: "Older lots" } : null}
          status={`Page ${pagination.page} of ${pages}`}
        />
      ) : null}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} />;
}
