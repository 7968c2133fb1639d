import { ArrowLeft } from "~/components/icons";
import { Link } from "~/lib/link";
import { ScrollBox } from "~/components/impact/report-figures";
import { kgSum as kg, share } from "~/components/lots/weights";
import { RouteError } from "~/components/route-error";
import { fatesOf } from "~/features/lots/fates.server";
import { operationName } from "~/features/lots/operations";
import { requireUser } from "~/services/session.server";
import { siteTitle } from "~/lib/site-title";
import type { Route } from "./+types/lot-fates";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: siteTitle(matches, "Where your waste went") }];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  return fatesOf(user.id);
}

export default function Fates({ loaderData }: Route.ComponentProps) {
  const { transfers, handed_over_kg: total, fates, unknown_kg: unknown } = loaderData;
  const cell = "px-3 py-2 align-top";
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <Link to="/app/lots" className="inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 hover:underline">
        <ArrowLeft aria-hidden className="size-4" /> Your lots
      </Link>
      <section aria-labelledby="fates-title" className="space-y-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
        <h2 id="fates-title" className="text-2xl font-bold text-slate-900">
          Where your waste went
        </h2>
        <p className="text-slate-600">
          The final operations later holders recorded on what you handed over, and on everything listed on from it. Weight still
          held, stored or on its way has no known fate yet.
        </p>
        {transfers === 0 ? (
          <p className="text-slate-600">You have not handed waste over yet: a completed waste order you sell starts the count.</p>
        ) : (
          <>
            <p className="text-slate-900">
              You handed over {kg(total)} in {transfers === 1 ? "one transfer" : `${transfers} transfers`}.
            </p>
            <ScrollBox label="Fates by operation">
              <table className="min-w-full divide-y divide-slate-200 text-left text-sm">
                <caption className="sr-only">Weight by final operation, and the share whose fate is unknown</caption>
                <thead className="bg-slate-50 text-slate-700">
                  <tr>
                    <th scope="col" className={cell}>
                      Fate
                    </th>
                    <th scope="col" className={`${cell} text-right`}>
                      Weight
                    </th>
                    <th scope="col" className={`${cell} whitespace-nowrap text-right`}>
                      Share
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {fates.map((fate) => (
                    <tr key={fate.code}>
                      <th scope="row" className={`${cell} font-normal break-words`}>
                        {fate.code} {operationName(fate.code)}
                      </th>
                      <td className={`${cell} whitespace-nowrap text-right`}>{kg(fate.weight_kg)}</td>
                      <td className={`${cell} whitespace-nowrap text-right`}>{share(fate.weight_kg, total)}</td>
                    </tr>
                  ))}
                  <tr>
                    <th scope="row" className={`${cell} font-normal`}>
                      Fate not known yet
                    </th>
                    <td className={`${cell} whitespace-nowrap text-right`}>{kg(unknown)}</td>
                    <td className={`${cell} whitespace-nowrap text-right`}>{share(unknown, total)}</td>
                  </tr>
                </tbody>
              </table>
            </ScrollBox>
          </>
        )}
      </section>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} links={[{ to: "/app/lots", label: "Your lots" }]} />;
}
