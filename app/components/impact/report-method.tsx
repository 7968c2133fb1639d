import type { MethodView } from "~/features/impact/report";
import { MATERIAL_LABELS, TREATMENT_LABELS } from "~/features/impact/vocabulary";
import { factorText, ScrollBox, WARM_COLUMN_LABELS } from "./report-figures";

/** The rule that keeps a load changing hands from being claimed by every hand (docs/decisions/043). */
function CountingOnce() {
  return (
    <div id="counting-once" className="space-y-2 text-sm text-slate-700">
      <h4 className="font-semibold text-slate-900">Each kilogram counted once</h4>
      <ul className="list-disc space-y-1 pl-5">
        <li>
          When an order completes, the member who hands the load over has <strong>diverted</strong> it and the member who takes it
          has <strong>received</strong> it. Both see the weight in their own figures; only the first hand-over of a load counts in
          the whole platform&apos;s weight.
        </li>
        <li>
          The load&apos;s CO2e is credited once. Until a holder records a final recovery or disposal operation, it is credited to
          the member who first handed it over, as <strong>diverted, fate pending</strong>, worked out with the treatment the
          listing expects (recycling for scrap and raw materials, reuse for goods).
        </li>
        <li>
          A final operation (any R or D code but R12, R13, D13, D14 and D15, which only store, exchange, blend or repackage) sets
          the load&apos;s fate: the holder who recorded it has <strong>recovered</strong> that weight and is credited its CO2e
          with the treatment the operation sets, and the same share of the pending credit leaves the first member.
        </li>
        <li>
          For example: A hands 1,000 kg of scrap metal to B, B hands 600 kg of it on to C, and C records R4 (recycling of metals)
          on the 600 kg. The platform counts 1,000 kg, not 1,600. A diverted 1,000 kg and keeps the CO2e of the 400 kg whose fate
          is still pending; B received 1,000 kg and diverted 600 kg, with no CO2e; C received and recovered 600 kg and is credited
          its CO2e.
        </li>
      </ul>
    </div>
  );
}

/**
 * How the CO2e figures are worked out, for a reader who wants to check them: the table, its
 * licence and where the figures come from, the formula, the mapping of our materials and
 * treatments (proxies named), and every cell's factor or the reason it counts zero.
 */
export function ReportMethod({ method, otherTables }: { method: MethodView; otherTables: string[] }) {
  const { table } = method;
  const zeroReasons = [
    ...new Set(method.grid.flatMap((row) => row.cells.flatMap((cell) => (cell.kgPerKg === null ? [cell.why] : [])))),
  ];
  return (
    <section
      id="method"
      aria-labelledby="method-title"
      className="space-y-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5 print:shadow-none"
    >
      <h3 id="method-title" className="text-lg font-semibold text-slate-900">
        Method
      </h3>
      <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[10rem_1fr]">
        <dt className="font-medium text-slate-600">Factor table</dt>
        <dd className="min-w-0 text-slate-900">{table.name}</dd>
        <dt className="font-medium text-slate-600">Edition</dt>
        <dd className="min-w-0 text-slate-900">{table.edition}</dd>
        <dt className="font-medium text-slate-600">Licence</dt>
        <dd className="min-w-0 text-slate-900">{table.licence}</dd>
        <dt className="font-medium text-slate-600">Citation</dt>
        <dd className="min-w-0 text-slate-900">{table.citation}</dd>
        <dt className="font-medium text-slate-600">Provenance</dt>
        <dd className="min-w-0 text-slate-900">{table.provenance}</dd>
      </dl>
      <p className="text-sm text-slate-700">{table.method}</p>
      <p className="text-sm text-slate-700">
        Every entry keeps the key of the table it was worked out with ({table.key}) and its figure, so a later edition never
        rewrites old figures.
      </p>
      <CountingOnce />
      {otherTables.length > 0 ? (
        <p className="text-sm font-medium text-amber-800">
          Some entries in these dates were worked out with another table: {otherTables.join(", ")}. Their figures are kept as they
          were written.
        </p>
      ) : null}

      <div className="grid gap-4 md:grid-cols-2">
        <div className="min-w-0">
          <h4 className="font-semibold text-slate-900">Materials and their rows</h4>
          <ul className="mt-2 space-y-1 text-sm text-slate-700">
            {method.materials.map((each) => (
              <li key={each.material}>
                <span className="font-medium text-slate-900">{MATERIAL_LABELS[each.material]}</span>:{" "}
                {each.row === null ? `no row. ${each.why}` : each.row}
                {each.proxy ? ` (proxy: ${each.proxy})` : null}
              </li>
            ))}
          </ul>
        </div>
        <div className="min-w-0">
          <h4 className="font-semibold text-slate-900">Treatments and their columns</h4>
          <ul className="mt-2 space-y-1 text-sm text-slate-700">
            {method.treatments.map((each) => (
              <li key={each.treatment}>
                <span className="font-medium text-slate-900">{TREATMENT_LABELS[each.treatment]}</span>:{" "}
                {each.column === null ? `no column. ${each.why}` : (WARM_COLUMN_LABELS[each.column] ?? each.column)}
                {each.treatment === "landfilled" ? " (the baseline: it avoids nothing)" : null}
                {each.proxy ? ` (proxy: ${each.proxy})` : null}
              </li>
            ))}
          </ul>
        </div>
      </div>

      <h4 className="font-semibold text-slate-900">kg CO2e avoided per kg, by material and treatment</h4>
      {/* Each reason a cell counts zero is written once, under the table, and marked in its cells. */}
      <ScrollBox label="Factors by material and treatment">
        <table className="w-full min-w-[40rem] bg-white text-xs">
          <thead className="bg-slate-50 text-slate-700">
            <tr>
              <th scope="col" className="px-2 py-2 text-left">
                Material
              </th>
              {method.treatments.map((each) => (
                <th key={each.treatment} scope="col" className="px-2 py-2 text-left">
                  {TREATMENT_LABELS[each.treatment]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {method.grid.map((row) => (
              <tr key={row.material}>
                <th scope="row" className="px-2 py-2 text-left align-top font-medium break-normal text-slate-900">
                  {MATERIAL_LABELS[row.material]}
                </th>
                {row.cells.map((cell) => (
                  <td key={cell.treatment} className="px-2 py-2 align-top text-slate-700">
                    {cell.kgPerKg === null ? (
                      <>
                        0{" "}
                        <a href={`#zero-${zeroReasons.indexOf(cell.why) + 1}`} className="text-brand-700 hover:underline">
                          <span className="sr-only">counts zero, reason </span>({zeroReasons.indexOf(cell.why) + 1})
                        </a>
                      </>
                    ) : (
                      <span className="tabular-nums">{factorText(cell.kgPerKg)}</span>
                    )}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollBox>
      <ol className="space-y-1 text-sm text-slate-700">
        {zeroReasons.map((why, index) => (
          <li key={why} id={`zero-${index + 1}`}>
            ({index + 1}) {why}
          </li>
        ))}
      </ol>
    </section>
  );
}
