import { Link } from "~/lib/link";
import { TREATMENTS, TREATMENT_LABELS, type Treatment } from "~/features/impact/vocabulary";
import { formatKg, kgNumber } from "~/features/impact/format";
import type { SeriesPoint } from "~/features/impact/wire";
import { dateFormat } from "~/lib/intl";

/**
 * The trend of weight per day or week, stacked by treatment: an SVG drawn on the server, so it
 * reads without JavaScript, with the same numbers in a table for those who cannot see it.
 */

/**
 * One colour a treatment, each at least 3:1 against the card in its theme (a darker shade on
 * white, a lighter one on the dark card), and apart in hue so neighbouring layers differ.
 */
export const TREATMENT_COLOURS = {
  collected: "light-dark(#64748b, #94a3b8)",
  reused: "light-dark(#7c3aed, #a78bfa)",
  recycled: "light-dark(#0369a1, #38bdf8)",
  composted: "light-dark(#15803d, #4ade80)",
  energy_recovery: "light-dark(#b45309, #fbbf24)",
  landfilled: "light-dark(#be123c, #fb7185)",
} as const satisfies Record<Treatment, string>;

/**
 * "Nov 28" for a YYYY-MM-DD day. A chart writes two or three dozen of them, each an Intl format
 * of a parsed date; the days shown are the last few hundred for everyone, so each is written once
 * and kept (at most 1,000, all forgotten when full).
 */
const dayLabels = new Map<string, string>();
function dayLabel(day: string) {
  let label = dayLabels.get(day);
  if (label === undefined) {
    if (dayLabels.size >= 1_000) dayLabels.clear();
    label = dateFormat({ month: "short", day: "numeric", timeZone: "UTC" }).format(new Date(day));
    dayLabels.set(day, label);
  }
  return label;
}
const barLabel = (point: SeriesPoint, bucket: "day" | "week") =>
  bucket === "day" || point.from === point.to ? dayLabel(point.from) : `${dayLabel(point.from)} – ${dayLabel(point.to)}`;

/** The treatments with any weight in the period, in the ledger's order: the legend and the table's columns. */
const treatmentsIn = (points: SeriesPoint[]) =>
  TREATMENTS.filter((treatment) => points.some((point) => point.by_treatment[treatment] > 0));

/** Two decimals are finer than a pixel at any width the card takes. */
const unit = (value: number) => String(Math.round(value * 100) / 100);

/**
 * The bars as one path a treatment, stacked from the bottom in the ledger's order (ten units a
 * bar, 100 high): six elements for a year of days instead of a rectangle a bar and treatment,
 * which made the page's HTML and its render several times larger. The figures are in the table.
 */
export function barPaths(points: SeriesPoint[], shown: readonly Treatment[], highest: number) {
  const tops = points.map(() => 100);
  return shown.map((treatment) => {
    let d = "";
    points.forEach((point, index) => {
      const kg = point.by_treatment[treatment];
      if (kg <= 0) return;
      const height = (kg / highest) * 96;
      tops[index]! -= height;
      d += `M${unit(index * 10 + 1.5)} ${unit(tops[index]!)}h7v${unit(height)}h-7z`;
    });
    return { treatment, d };
  });
}

export function TrendChart({ points, bucket, days }: { points: SeriesPoint[]; bucket: "day" | "week"; days: number }) {
  const shown = treatmentsIn(points);
  const total = points.reduce((sum, point) => sum + point.weight_kg, 0);
  const per = bucket === "day" ? "day" : "week";
  if (shown.length === 0) {
    return (
      <p className="mt-4 rounded-xl bg-slate-50 p-4 text-sm text-slate-600">
        No loads in the last {days} days. Choose a longer period, or{" "}
        <Link to="/app/impact/new" className="font-medium text-brand-700 underline">
          record a load
        </Link>
        .
      </p>
    );
  }
  const highest = Math.max(...points.map((point) => point.weight_kg));
  // Ten units a bar, 100 high; the drawing stretches to the card's width, the labels stay HTML.
  const width = points.length * 10;
  const middle = points[Math.floor((points.length - 1) / 2)]!;
  return (
    <figure className="mt-4">
      <div className="flex gap-2">
        <div aria-hidden className="flex h-48 shrink-0 flex-col justify-between text-right text-xs text-slate-500">
          <span>{formatKg(highest)}</span>
          <span>0</span>
        </div>
        <svg
          role="img"
          aria-label={`Weight per ${per} by treatment over the last ${days} days, ${formatKg(total)} in all. The figures are in the table below.`}
          viewBox={`0 0 ${width} 100`}
          preserveAspectRatio="none"
          className="h-48 min-w-0 flex-1"
        >
          {[0, 50, 100].map((y) => (
            <line
              key={y}
              x1={0}
              x2={width}
              y1={y}
              y2={y}
              vectorEffect="non-scaling-stroke"
              strokeWidth={1}
              style={{ stroke: "light-dark(#e2e8f0, #334155)" }}
            />
          ))}
          {barPaths(points, shown, highest).map(({ treatment, d }) => (
            <path
              key={treatment}
              d={d}
              vectorEffect="non-scaling-stroke"
              strokeWidth={1}
              style={{ fill: TREATMENT_COLOURS[treatment], stroke: "var(--color-white)" }}
            />
          ))}
        </svg>
      </div>
      <div aria-hidden className="mt-1 flex justify-between gap-2 pl-12 text-xs text-slate-500">
        <span>{dayLabel(points[0]!.from)}</span>
        {points.length > 2 ? <span>{dayLabel(middle.from)}</span> : null}
        <span>{dayLabel(points.at(-1)!.from)}</span>
      </div>
      <figcaption className="mt-3">
        <ul aria-label="Treatments" className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700">
          {shown.map((treatment) => (
            <li key={treatment} className="inline-flex items-center gap-1.5">
              <span aria-hidden className="size-3 shrink-0 rounded-sm" style={{ background: TREATMENT_COLOURS[treatment] }} />
              {TREATMENT_LABELS[treatment]}
            </li>
          ))}
        </ul>
      </figcaption>
      <details className="mt-3">
        <summary className="cursor-pointer text-sm font-medium text-brand-700">Show the figures as a table</summary>
        {/* Wider than a phone with every treatment: it scrolls within itself, so it must take the focus to scroll by keyboard. */}
        {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
        <div className="relative mt-2 overflow-x-auto" tabIndex={0} role="region" aria-label="The trend's figures">
          <table className="w-full min-w-max text-right text-sm tabular-nums">
            <caption className="text-left text-sm text-slate-600">
              Weight in kg per {per} by treatment, last {days} days
            </caption>
            <thead>
              <tr className="border-b border-slate-200 text-slate-600">
                <th scope="col" className="py-1 pr-3 text-left font-medium">
                  {bucket === "day" ? "Day" : "Week"}
                </th>
                {shown.map((treatment) => (
                  <th key={treatment} scope="col" className="px-2 py-1 font-medium">
                    {TREATMENT_LABELS[treatment]}
                  </th>
                ))}
                <th scope="col" className="py-1 pl-2 font-medium">
                  Total
                </th>
              </tr>
            </thead>
            <tbody>
              {points.map((point) => (
                <tr key={point.from} className="border-b border-slate-100 text-slate-800">
                  <th scope="row" className="py-1 pr-3 text-left font-normal whitespace-nowrap">
                    {barLabel(point, bucket)}
                  </th>
                  {shown.map((treatment) => (
                    <td key={treatment} className="px-2 py-1">
                      {kgNumber(point.by_treatment[treatment])}
                    </td>
                  ))}
                  <td className="py-1 pl-2 font-medium">{kgNumber(point.weight_kg)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr className="text-slate-900">
                <th scope="row" className="py-1 pr-3 text-left font-semibold">
                  All
                </th>
                {shown.map((treatment) => (
                  <td key={treatment} className="px-2 py-1 font-semibold">
                    {kgNumber(points.reduce((sum, point) => sum + point.by_treatment[treatment], 0))}
                  </td>
                ))}
                <td className="py-1 pl-2 font-semibold">{kgNumber(total)}</td>
              </tr>
            </tfoot>
          </table>
        </div>
      </details>
    </figure>
  );
}
