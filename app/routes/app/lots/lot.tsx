import { ArrowLeft } from "~/components/icons";
import { data, redirect } from "react-router";
import { Link } from "~/lib/link";
import { ChainTable, ChainTimeline } from "~/components/lots/chain-timeline";
import { OperationForm } from "~/components/lots/operation-form";
import { kg } from "~/components/lots/weights";
import { RouteError } from "~/components/route-error";
import { quietButton } from "~/components/ui/button";
import { lotWithChain, NO_SUCH_LOT, recordOperation } from "~/features/lots/lots.server";
import { chainQuerySchema } from "~/features/lots/schemas";
import { formDataObject } from "~/lib/forms";
import { Pagination } from "~/components/ui/pagination";
import { pathIdOr404 } from "~/lib/path-id";
import { answerInPlace } from "~/services/http/form-action.server";
import { timeZoneOf } from "~/services/http/time-zone.server";
import { flashToastHeader } from "~/services/http/toast.server";
import { requireUser } from "~/services/session.server";
import { MATERIAL_LABELS } from "~/vocabulary/materials";
import { siteTitle } from "~/lib/site-title";
import type { Route } from "./+types/lot";

export const meta: Route.MetaFunction = ({ data: page, matches }) => [
  { title: page ? siteTitle(matches, `Lot ${page.lot.id} · Your lots`) : siteTitle(matches, "Lot") },
];

const lotIdOf = (value: string | undefined) => pathIdOr404(value, data(NO_SUCH_LOT, { status: 404 }));

export async function loader({ request, url, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const parsed = chainQuerySchema.safeParse(Object.fromEntries(url.searchParams));
  const seen = await lotWithChain(user.id, lotIdOf(params.id), parsed.success ? parsed.data.page : 1);
  if (!seen) throw data(NO_SUCH_LOT, { status: 404 });
  return { ...seen, timeZone: timeZoneOf(request), today: new Date().toISOString().slice(0, 10) };
}

/** The operation form, with or without script: refused, the page again with the errors and what was sent. */
export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request);
  const lotId = lotIdOf(params.id);
  const fields = formDataObject(await request.formData());
  const values = Object.fromEntries(Object.entries(fields).filter(([, value]) => typeof value === "string")) as Record<
    string,
    string
  >;
  const outcome = await recordOperation(user, lotId, fields);
  if (!outcome.ok) return answerInPlace({ ...outcome, values });
  return redirect(`/app/lots/${lotId}`, {
    headers: { "Set-Cookie": await flashToastHeader({ type: "success", title: outcome.message }) },
  });
}

export default function LotPage({ loaderData, actionData }: Route.ComponentProps) {
  const { lot, chain, pagination, held, freeKg, timeZone, today } = loaderData;
  const pages = Math.max(Math.ceil(pagination.total / pagination.limit), 1);
  const chainPage = (page: number) => `/app/lots/${lot.id}?page=${page}#chain-title`;
  const paging =
    pages > 1 ? (
      <Pagination
        previous={pagination.page > 1 ? { to: chainPage(pagination.page - 1), label: "Earlier steps" } : null}
        next={pagination.hasMore ? { to: chainPage(pagination.page + 1), label: "Later steps" } : null}
        status={`Steps ${(pagination.page - 1) * pagination.limit + 1} to ${(pagination.page - 1) * pagination.limit + chain.length} of ${pagination.total}`}
      />
    ) : null;
  const refused = actionData && !actionData.ok ? actionData : undefined;
  const open = lot.state === "open";
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <Link to="/app/lots" className="inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 hover:underline">
        <ArrowLeft aria-hidden className="size-4" /> Your lots
      </Link>
      <section aria-labelledby="lot-title" className="space-y-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
        <h2 id="lot-title" className="text-2xl font-bold break-words text-slate-900">
          Lot {lot.id}: {MATERIAL_LABELS[lot.material]}
        </h2>
        <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
          {[
            ["Holder", lot.holder.name],
            ["Weight left", `${kg(lot.weight_left_kg)} of ${kg(lot.weight_kg)}${open ? "" : " (closed)"}`],
            ["Codes", lot.ewc_codes.join(", ") || "—"],
            ["Transfer note", lot.note_number ?? "Swept after its two years"],
            ["Listed on from", lot.parent_lot_id ? `Lot ${lot.parent_lot_id}` : "First hand-over"],
          ].map(([term, detail]) => (
            <div key={term}>
              <dt className="text-sm font-medium text-slate-600">{term}</dt>
              <dd className="break-words text-slate-900">{detail}</dd>
            </div>
          ))}
        </dl>
        {held && open ? (
          <p className="text-sm text-slate-600">
            {freeKg < lot.weight_left_kg ? `Your open listings of this lot claim ${kg(lot.weight_left_kg - freeKg)}; ` : ""}
            {kg(freeKg)} can be listed on or treated.{" "}
            <Link to={`/app/marketplace/new?lot=${lot.id}`} className={`${quietButton} mt-2 inline-block`}>
              List from this lot
            </Link>
          </p>
        ) : null}
      </section>
      {held && open ? (
        <section aria-labelledby="operation-title" className="space-y-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
          <h2 id="operation-title" className="text-xl font-bold text-slate-900">
            Record an operation
          </h2>
          <p className="text-slate-600">
            A final operation fixes the fate of the weight it names and takes it out of the lot. Storage, exchange, blending and
            repackaging (R12, R13, D13, D14, D15) leave it in hand.
          </p>
          <OperationForm
            weightLeftKg={lot.weight_left_kg}
            today={today}
            values={refused?.values ?? {}}
            errors={refused?.errors ?? {}}
            message={refused?.message}
          />
        </section>
      ) : null}
      <section aria-labelledby="chain-title" className="space-y-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
        <h2 id="chain-title" className="text-xl font-bold text-slate-900">
          The chain
        </h2>
        <p className="text-slate-600">Every hand-over and operation of this load, from its first holder to its last.</p>
        {paging}
        <ChainTimeline chain={chain} current={lot.id} timeZone={timeZone} />
        <h3 className="text-lg font-semibold text-slate-900">As a table</h3>
        <ChainTable chain={chain} timeZone={timeZone} />
        {paging}
      </section>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} links={[{ to: "/app/lots", label: "Your lots" }]} />;
}
