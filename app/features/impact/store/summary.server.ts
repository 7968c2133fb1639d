import type { Viewer } from "~/services/access.server";
import { isPostgres, keptUntilDatabaseChanges, statement } from "~/services/database/db.server";
import { getEnv } from "~/services/env.server";
import { CURRENT_FACTOR_TABLE } from "../factors";
import { bucketsOf, previousOf } from "../periods";
import { MATERIALS, TREATMENTS, type Material, type Treatment } from "../vocabulary";
import type {
  BreakdownRow,
  DateRange,
  ImpactFigures,
  ImpactReport,
  ImpactSummary,
  MemberImpact,
  PlatformFigures,
  SeriesPoint,
} from "../wire";

/**
 * The ledger's sums: every figure the dashboard, the report, the profile and /api/impact show.
 * They read impact_days (the entries summed by member and day, kept by triggers in the statement
 * that writes an entry), so a figure always equals the sum of its entries and a member with
 * years of entries costs a few hundred rows. A member's figures are their own entries only; money
 * counts only entries in the instance's currency.
 */

/** Grams as kg with three decimals: the ledger keeps whole grams, so this is exact. */
const kg = (grams: number) => grams / 1000;

type SumRow = {
  entries: number;
  weight_g: number;
  co2e_g: number;
  revenue_cents: number;
  cost_cents: number;
  confirmed_weight_g: number;
  confirmed_co2e_g: number;
};

const SUMS = `coalesce(sum(entries), 0) AS entries, coalesce(sum(weight_g), 0) AS weight_g, coalesce(sum(co2e_g), 0) AS co2e_g,
  coalesce(sum(CASE WHEN currency = @currency THEN revenue_cents END), 0) AS revenue_cents,
  coalesce(sum(CASE WHEN currency = @currency THEN cost_cents END), 0) AS cost_cents,
  coalesce(sum(confirmed_weight_g), 0) AS confirmed_weight_g, coalesce(sum(confirmed_co2e_g), 0) AS confirmed_co2e_g`;

/** The member's part in their loads (docs/decisions/043), from impact_member_days only. */
type RoleRow = {
  diverted_g: number;
  received_g: number;
  recovered_g: number;
  recovered_co2e_g: number;
  pending_g: number;
  pending_co2e_g: number;
};

const ROLE_SUMS = `coalesce(sum(diverted_g), 0) AS diverted_g, coalesce(sum(received_g), 0) AS received_g,
  coalesce(sum(recovered_g), 0) AS recovered_g, coalesce(sum(recovered_co2e_g), 0) AS recovered_co2e_g,
  coalesce(sum(pending_g), 0) AS pending_g,
  coalesce(sum(pending_co2e_g), 0) AS pending_co2e_g`;

const figuresOf = (row: SumRow & RoleRow, activeUsers: number): ImpactFigures => ({
  entries: row.entries,
  weight_kg: kg(row.weight_g),
  co2e_kg: kg(row.co2e_g),
  revenue_cents: row.revenue_cents,
  cost_cents: row.cost_cents,
  confirmed_weight_kg: kg(row.confirmed_weight_g),
  confirmed_co2e_kg: kg(row.confirmed_co2e_g),
  diverted_kg: kg(row.diverted_g),
  received_kg: kg(row.received_g),
  recovered_kg: kg(row.recovered_g),
  recovered_co2e_kg: kg(row.recovered_co2e_g),
  fate_pending_kg: kg(row.pending_g),
  fate_pending_co2e_kg: kg(row.pending_co2e_g),
  active_users: activeUsers,
});

const breakdownOf = (row: SumRow): BreakdownRow => ({
  entries: row.entries,
  weight_kg: kg(row.weight_g),
  co2e_kg: kg(row.co2e_g),
  confirmed_weight_kg: kg(row.confirmed_weight_g),
});

/** A member's totals for a range, from the sums by day (a row or two a day). */
async function sumsOf(memberId: number, range: DateRange): Promise<SumRow & RoleRow> {
  return (await statement(
    `SELECT ${SUMS}, ${ROLE_SUMS} FROM impact_member_days WHERE member_id = @member AND date BETWEEN @from AND @to`,
  ).get({
    member: memberId,
    from: range.from,
    to: range.to,
    currency: getEnv().currency,
  })) as SumRow & RoleRow;
}

const factorsRef = () => ({
  key: CURRENT_FACTOR_TABLE.key,
  name: CURRENT_FACTOR_TABLE.name,
  edition: CURRENT_FACTOR_TABLE.edition,
});

/** The days from the range's first to a row's date, as each engine counts them. */
const daysSinceFrom = () =>
  isPostgres() ? `(CAST(date AS date) - CAST(@from AS date))` : `CAST(julianday(date) - julianday(@from) AS INTEGER)`;

type BucketRow = SumRow & RoleRow & { bucket: number } & Record<`${Treatment}_g`, number>;

/**
 * The dashboard's and GET /api/impact's answer: the range's figures, the same-length range before
 * it, and the trend. One read of the member's days over both ranges, summed by bar in the
 * database (the range before is bar -1): a few dozen rows at most, where reading the days and
 * summing each range again read every day three times.
 */
export async function impactSummary(viewer: Viewer, range: DateRange): Promise<ImpactSummary> {
  const previousRange = previousOf(range);
  const { bucket, buckets, step } = bucketsOf(range);
  // The step is 1 or 7, written in the SQL: a bound number is a float to SQLite, whose division would keep the fraction.
  const rows = (await statement(`SELECT CASE WHEN date < @from THEN -1 ELSE ${daysSinceFrom()} / ${step} END AS bucket,
      ${TREATMENTS.map((treatment) => `coalesce(sum(${treatment}_g), 0) AS ${treatment}_g`).join(", ")}, ${SUMS}, ${ROLE_SUMS}
    FROM impact_member_days WHERE member_id = @member AND date BETWEEN @previous AND @to
    GROUP BY bucket`).all({
    member: viewer.id,
    previous: previousRange.from,
    from: range.from,
    to: range.to,
    currency: getEnv().currency,
  })) as BucketRow[];
  const byBucket = new Map(rows.map((row) => [row.bucket, row]));
  const points: SeriesPoint[] = buckets.map((each, index) => {
    const row = byBucket.get(index);
    return {
      from: each.from,
      to: each.to,
      weight_kg: kg(TREATMENTS.reduce((sum, treatment) => sum + (row?.[`${treatment}_g`] ?? 0), 0)),
      by_treatment: Object.fromEntries(TREATMENTS.map((treatment) => [treatment, kg(row?.[`${treatment}_g`] ?? 0)])) as Record<
        Treatment,
        number
      >,
    };
  });
  return {
    period: range,
    previous_period: previousRange,
    totals: figuresOf(sumOfRows(rows.filter((row) => row.bucket >= 0)), await activeUsers(range)),
    previous: figuresOf(sumOfRows(rows.filter((row) => row.bucket < 0)), await activeUsers(previousRange)),
    series: { bucket, points },
    factors: factorsRef(),
  };
}

const SUM_FIELDS = [
  "entries",
  "weight_g",
  "co2e_g",
  "revenue_cents",
  "cost_cents",
  "confirmed_weight_g",
  "confirmed_co2e_g",
  "diverted_g",
  "received_g",
  "recovered_g",
  "recovered_co2e_g",
  "pending_g",
  "pending_co2e_g",
] as const satisfies readonly (keyof (SumRow & RoleRow))[];

/** The sums of several bars' rows: whole grams and cents, so the total is exact. */
function sumOfRows(rows: (SumRow & RoleRow)[]): SumRow & RoleRow {
  const total = Object.fromEntries(SUM_FIELDS.map((field) => [field, 0])) as SumRow & RoleRow;
  for (const row of rows) for (const field of SUM_FIELDS) total[field] += row[field];
  return total;
}

/** The report page: one member's range by material and by treatment, its diversion rate, and the platform's figures. */
export async function impactReport(viewer: Viewer, range: DateRange): Promise<ImpactReport> {
  const params = { member: viewer.id, from: range.from, to: range.to, currency: getEnv().currency };
  const byMaterial = new Map(
    (
      (await statement(
        `SELECT material, ${SUMS} FROM impact_days WHERE member_id = @member AND date BETWEEN @from AND @to GROUP BY material`,
      ).all(params)) as (SumRow & { material: Material })[]
    ).map((row) => [row.material, row]),
  );
  const byTreatment = new Map(
    (
      (await statement(
        `SELECT treatment, ${SUMS} FROM impact_days WHERE member_id = @member AND date BETWEEN @from AND @to GROUP BY treatment`,
      ).all(params)) as (SumRow & { treatment: Treatment })[]
    ).map((row) => [row.treatment, row]),
  );
  const weightOf = (treatment: Treatment) => byTreatment.get(treatment)?.weight_g ?? 0;
  // Diversion is the share not landfilled among loads whose fate is known: a collected load may yet be landfilled.
  const withKnownFate = TREATMENTS.filter((treatment) => treatment !== "collected").reduce(
    (sum, treatment) => sum + weightOf(treatment),
    0,
  );
  const tables = (
    (await statement(
      `SELECT DISTINCT factor_table AS key FROM impact_entries WHERE member_id = @member AND date BETWEEN @from AND @to`,
    ).all({
      member: viewer.id,
      from: range.from,
      to: range.to,
    })) as { key: string }[]
  ).map((row) => row.key);
  return {
    period: range,
    totals: figuresOf(await sumsOf(viewer.id, range), await activeUsers(range)),
    by_material: MATERIALS.filter((material) => byMaterial.has(material)).map((material) => ({
      material,
      ...breakdownOf(byMaterial.get(material)!),
    })),
    by_treatment: TREATMENTS.filter((treatment) => byTreatment.has(treatment)).map((treatment) => ({
      treatment,
      ...breakdownOf(byTreatment.get(treatment)!),
    })),
    diversion_rate: withKnownFate === 0 ? null : (withKnownFate - weightOf("landfilled")) / withKnownFate,
    factor_tables: tables,
    platform: (await platformTotals(range)).totals,
    factors: factorsRef(),
  };
}

/**
 * The whole platform's figures for a range (every day without one), each kilogram once
 * (docs/decisions/043): a load's weight at its first hand-over or as its member recorded it, under
 * the treatment a final operation set (the expected one until then), and its CO2e once, wherever
 * it is credited. Members: those with an entry in the range; transfers: the hand-overs (completed
 * orders), onward ones included. The sums read impact_platform_days (a few rows a day, so all time
 * is a few thousand rows); the members, one seek a member into impact_member_days.
 */
export async function platformTotals(range: { from: string; to: string }): Promise<PlatformFigures> {
  const params = { from: range.from, to: range.to };
  const byTreatment =
    (await statement(`SELECT treatment, sum(weight_g) AS weight_g, sum(co2e_g) AS co2e_g, sum(handovers) AS handovers
      FROM impact_platform_days WHERE date BETWEEN @from AND @to GROUP BY treatment`).all(params)) as {
      treatment: Treatment;
      weight_g: number;
      co2e_g: number;
      handovers: number;
    }[];
  const { members } = (await statement(`SELECT count(*) AS members FROM users u
      WHERE EXISTS (SELECT 1 FROM impact_member_days d WHERE d.member_id = u.id AND d.date BETWEEN @from AND @to)`).get(
    params,
  )) as { members: number };
  const total = (pick: (row: (typeof byTreatment)[number]) => number) => byTreatment.reduce((sum, row) => sum + pick(row), 0);
  const rows = new Map(byTreatment.map((row) => [row.treatment, row]));
  return {
    totals: {
      weight_kg: kg(total((row) => row.weight_g)),
      co2e_kg: kg(total((row) => row.co2e_g)),
      members,
      transfers: total((row) => row.handovers),
    },
    // A treatment whose every kilogram moved to another (an operation set their fate) sums to zero: left out.
    by_treatment: TREATMENTS.filter((treatment) => (rows.get(treatment)?.weight_g ?? 0) !== 0).map((treatment) => ({
      treatment,
      weight_kg: kg(rows.get(treatment)!.weight_g),
      co2e_kg: kg(rows.get(treatment)!.co2e_g),
    })),
    factors: factorsRef(),
  };
}

/**
 * A member's all-time figures, for the profile: weight kept out of landfill (a treatment other than
 * landfill, a fate known) by their own loads or handed on for recovery (what they only received is
 * the giver's: docs/decisions/043; a received load is always under a treatment counted here), CO2e,
 * completed orders.
 */
export async function memberImpact(memberId: number): Promise<MemberImpact> {
  return (await memberLedgerFigures(memberId)).impact;
}

/**
 * memberImpact's figures and the count of the member's ledger entries, in one pass over their
 * per-day sums (a day's row per currency: a few thousand rows for a member with 100,000 entries,
 * where the per-material days are tens of thousands).
 */
export async function memberLedgerFigures(memberId: number): Promise<{ impact: MemberImpact; entries: number }> {
  const row = (await statement(`SELECT days.diverted_g, days.co2e_g, days.entries,
      (SELECT count(*) FROM orders WHERE buyer_id = @member AND state = 'completed')
        + (SELECT count(*) FROM orders WHERE seller_id = @member AND state = 'completed') AS orders_completed
    FROM (SELECT coalesce(sum(reused_g + recycled_g + composted_g + energy_recovery_g - received_g), 0) AS diverted_g,
        coalesce(sum(co2e_g), 0) AS co2e_g, coalesce(sum(entries), 0) AS entries
      FROM impact_member_days WHERE member_id = @member) AS days`).get({
    member: memberId,
  })) as { diverted_g: number; co2e_g: number; entries: number; orders_completed: number };
  return {
    impact: { weight_diverted_kg: kg(row.diverted_g), co2e_kg: kg(row.co2e_g), orders_completed: row.orders_completed },
    entries: row.entries,
  };
}

/**
 * Members active in a range across the platform: those who signed in or wrote anything on one of
 * its days (UTC days, as activity_days records them). Sample members, who cannot sign in, are not
 * counted. Kept until activity_days gains a row (its largest rowid moves), at most a minute. The
 * mark is read from the database, so a row written by another process (WORKERS) is seen too.
 */
const ACTIVE_USERS_TTL_MS = 60_000;
const activeKept = new Map<string, { at: number; mark: number; value: number }>();
keptUntilDatabaseChanges(() => activeKept.clear());

export async function activeUsers(range: DateRange, now = Date.now()): Promise<number> {
  const mark = ((await statement(`SELECT coalesce(max(rowid), 0) AS mark FROM activity_days`).get()) as { mark: number }).mark;
  const key = `${range.from}|${range.to}`;
  const hit = activeKept.get(key);
  if (hit && hit.mark === mark && now - hit.at < ACTIVE_USERS_TTL_MS) return hit.value;
  const { count } =
    (await statement(`SELECT count(DISTINCT a.user_id) AS count FROM activity_days a JOIN users u ON u.id = a.user_id
      WHERE a.day BETWEEN @from AND @to AND u.password_hash <> '!'`).get({ from: range.from, to: range.to })) as {
      count: number;
    };
  if (activeKept.size > 100) activeKept.clear();
  activeKept.set(key, { at: now, mark, value: count });
  return count;
}

/** Whether the member has any entry at all: a new member is shown how to start, not a page of zeros. */
export async function hasEntries(memberId: number): Promise<boolean> {
  const row = (await statement(`SELECT EXISTS (SELECT 1 FROM impact_days WHERE member_id = @member) AS any`).get({
    member: memberId,
  })) as {
    any: 0 | 1;
  };
  return row.any === 1;
}
