import { keptUntilDatabaseChanges } from "~/services/database/db.server";
import { getEnv } from "~/services/env.server";
import { platformTotals } from "~/features/impact/store/summary.server";
import { countMembers, countOrganisations } from "./store/site.server";
import { LIVE_COUNTERS, SAMPLE_COUNTERS, type CounterSetting, type CounterSource } from "./vocabulary";

/**
 * The figures a page shows as counters: each the operator's own number or a live one read from
 * the platform. Generic over pages: the landing page passes its counters, another page (the
 * education hub) its own list, and each gets the same figures. The live figures are read at most
 * once a minute per process: a page with counters is read far more often than they change.
 */

export type ShownCounter = { label: string; source: CounterSource; value: number; prefix: string; suffix: string };
export type ShownCounters = {
  counters: ShownCounter[];
  /** The demo instance's figures, unchanged: the page says they are samples. */
  sample: boolean;
  /** The CO2e factor table the co2e_avoided figure is computed with, when one is shown. */
  factors: string | null;
};

const LIVE_TTL_MS = 60_000;

type LiveFigures = Record<Exclude<CounterSource, "fixed">, number> & { factors: string };
let live: { at: number; figures: LiveFigures } | undefined;
keptUntilDatabaseChanges(() => (live = undefined));

/** The platform's live figures, each kilogram once (the ledger's platform totals, as GET /api/impact/platform gives them). */
async function liveFigures(): Promise<LiveFigures> {
  if (live && Date.now() - live.at < LIVE_TTL_MS) return live.figures;
  const platform = await platformTotals({ from: "0000-01-01", to: "9999-12-31" });
  const figures: LiveFigures = {
    members: await countMembers(),
    organisations: await countOrganisations(),
    transfers: platform.totals.transfers,
    // Tonnes, whole: a counter shows a round number.
    weight_diverted: Math.round(platform.totals.weight_kg / 1000),
    co2e_avoided: Math.round(platform.totals.co2e_kg / 1000),
    factors: `${platform.factors.name} (${platform.factors.edition})`,
  };
  live = { at: Date.now(), figures };
  return figures;
}

/** Reads the live figures again on the next request (a test, or an operator who just changed the source). */
export function forgetLiveFigures() {
  live = undefined;
}

/** The counters' figures; `sample` marks the demo's unchanged defaults. */
export async function shownCounters(counters: CounterSetting[], { sample = false } = {}): Promise<ShownCounters> {
  const needsLive = counters.some((counter) => counter.source !== "fixed");
  const figures = needsLive ? await liveFigures() : null;
  return {
    counters: counters.map((counter) => ({
      label: counter.label,
      source: counter.source,
      value: counter.source === "fixed" ? (counter.value ?? 0) : figures![counter.source],
      prefix: counter.prefix ?? "",
      suffix: counter.suffix ?? (counter.source === "weight_diverted" || counter.source === "co2e_avoided" ? " t" : ""),
    })),
    sample,
    factors: counters.some((counter) => counter.source === "co2e_avoided") ? figures!.factors : null,
  };
}

/** The landing page's counters as set, or the defaults: the demo's sample figures with SEED=1, live ones without. */
export function landingCounterSettings(stored: CounterSetting[] | null): { counters: CounterSetting[]; sample: boolean } {
  const seed = getEnv().seed;
  if (stored) return { counters: stored, sample: seed && sameCounters(stored, SAMPLE_COUNTERS) };
  return seed ? { counters: SAMPLE_COUNTERS, sample: true } : { counters: LIVE_COUNTERS, sample: false };
}

const sameCounters = (a: CounterSetting[], b: CounterSetting[]) =>
  a.length === b.length &&
  a.every((counter, i) => {
    const other = b[i]!;
    return (
      counter.label === other.label &&
      counter.source === other.source &&
      counter.value === other.value &&
      (counter.prefix ?? "") === (other.prefix ?? "") &&
      (counter.suffix ?? "") === (other.suffix ?? "")
    );
  });
