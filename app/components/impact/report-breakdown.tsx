import type { BreakdownRow } from "~/features/impact/wire";
import { kgNumber } from "~/features/impact/format";
import { ScrollBox, shareText } from "./report-figures";

type Row = BreakdownRow & { key: string; label: string };

/** One breakdown of the range (by material or by treatment): weight, its share, CO2e and the confirmed part. */
export function ReportBreakdown({
  id,
  title,
  heading,
  rows,
  totalKg,
}: {
  id: string;
  title: string;
  heading: string;
  rows: Row[];
  totalKg: number;
}) {
  const cell = "px-3 py-2 text-right tabular-nums whitespace-nowrap";
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-3">
      <h3 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
        {title}
      </h3>
      <ScrollBox label={`${title}: table`}>
        <table className="w-full min-w-[36rem] bg-white text-sm">
          <thead className="bg-slate-50 text-slate-700">
            <tr>
              <th scope="col" className="px-3 py-2 text-left">
                {heading}
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                Weight (kg)
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                Share
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                CO2e avoided (kg)
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                Confirmed weight (kg)
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                Entries
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {rows.map((row) => (
              <tr key={row.key} data-key={row.key}>
                <th scope="row" className="px-3 py-2 text-left font-medium text-slate-900">
                  {row.label}
                </th>
                <td className={cell}>{kgNumber(row.weight_kg)}</td>
                <td className={cell}>{shareText(totalKg > 0 ? row.weight_kg / totalKg : null)}</td>
                <td className={cell}>{kgNumber(row.co2e_kg)}</td>
                <td className={cell}>{kgNumber(row.confirmed_weight_kg)}</td>
                <td className={cell}>{row.entries.toLocaleString("en-US")}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollBox>
    </section>
  );
}
