import { beforeAll, describe, expect, it } from "vitest";
import { organisations, users } from "../../../db/schema";
import { getDb } from "~/services/database/db.server";
import { getEnv } from "~/services/env.server";
import { platformTotals } from "~/features/impact/store/summary.server";
import { forgetLiveFigures, landingCounterSettings, shownCounters } from "./counters.server";
import { siteFormInput } from "./site-submission.server";
import { siteSettingsSchema } from "./schemas";
import { LIVE_COUNTERS, SAMPLE_COUNTERS } from "./vocabulary";

/** The counters' figures: the operator's own numbers as given, live ones as the platform counts them. */

const addMember = async (email: string, values: Partial<typeof users.$inferInsert> = {}) =>
  (
    await getDb()
      .insert(users)
      .values({ username: email, email, passwordHash: "hash", ...values })
      .returning({ id: users.id })
      .get()
  ).id;

beforeAll(async () => {
  const id = await addMember("counted.one@example.org");
  await addMember("counted.two@example.org");
  await addMember("sample.author@example.org", { passwordHash: "!" });
  await addMember("gone@example.org", { deletedAt: new Date() });
  await getDb()
    .insert(organisations)
    .values({
      userId: id,
      legalName: "Counted Ltd",
      address: "1 Quay",
      postcode: "NE1 1AA",
      country: "GB",
      sicCode: "38320",
      roles: ["producer"],
      updatedAt: new Date(),
    })
    .run();
  forgetLiveFigures();
});

describe("the counters' figures", () => {
  it("counts members who can sign in (not sample authors, not deleted accounts) and organisations", async () => {
    const all = await getDb().select().from(users).all();
    const members = all.filter((user) => user.passwordHash !== "!" && user.deletedAt === null).length;
    const shown = await shownCounters([
      { label: "Members", source: "members" },
      { label: "Organisations", source: "organisations" },
    ]);
    expect(shown.counters.map((counter) => counter.value)).toEqual([
      members,
      (await getDb().select().from(organisations).all()).length,
    ]);
    expect(shown.factors).toBeNull();
  });

  it("takes weight and CO2e from the platform totals (each kilogram once), in whole tonnes, naming the factor table", async () => {
    const platform = await platformTotals({ from: "0000-01-01", to: "9999-12-31" });
    const shown = await shownCounters([
      { label: "Diverted", source: "weight_diverted" },
      { label: "CO2e", source: "co2e_avoided" },
      { label: "Transfers", source: "transfers" },
    ]);
    expect(shown.counters).toEqual([
      {
        label: "Diverted",
        source: "weight_diverted",
        value: Math.round(platform.totals.weight_kg / 1000),
        prefix: "",
        suffix: " t",
      },
      { label: "CO2e", source: "co2e_avoided", value: Math.round(platform.totals.co2e_kg / 1000), prefix: "", suffix: " t" },
      { label: "Transfers", source: "transfers", value: platform.totals.transfers, prefix: "", suffix: "" },
    ]);
    expect(shown.factors).toBe(`${platform.factors.name} (${platform.factors.edition})`);
  });

  it("keeps the live figures a minute: a new member shows once they are read again", async () => {
    const before = (await shownCounters([{ label: "Members", source: "members" }])).counters[0]!.value;
    await addMember("counted.three@example.org");
    expect((await shownCounters([{ label: "Members", source: "members" }])).counters[0]!.value).toBe(before);
    forgetLiveFigures();
    expect((await shownCounters([{ label: "Members", source: "members" }])).counters[0]!.value).toBe(before + 1);
  });

  it("shows a fixed counter's own number with its prefix and suffix", async () => {
    const shown = await shownCounters([{ label: "Revenue", source: "fixed", value: 45, prefix: "$", suffix: "M" }]);
    expect(shown.counters).toEqual([{ label: "Revenue", source: "fixed", value: 45, prefix: "$", suffix: "M" }]);
  });
});

describe("the landing's counters as set", () => {
  it("defaults to the demo's sample figures with SEED=1 and to live ones with SEED=0; the samples stay marked while unchanged", () => {
    const defaults = landingCounterSettings(null);
    if (getEnv().seed) expect(defaults).toEqual({ counters: SAMPLE_COUNTERS, sample: true });
    else expect(defaults).toEqual({ counters: LIVE_COUNTERS, sample: false });
    expect(landingCounterSettings(SAMPLE_COUNTERS.map((counter) => ({ ...counter }))).sample).toBe(getEnv().seed);
    expect(landingCounterSettings([{ ...SAMPLE_COUNTERS[0]!, value: 2501 }]).sample).toBe(false);
  });

  it("reads the admin page's form rows into counters, leaving rows without a label out", () => {
    const input = siteSettingsSchema.parse(
      siteFormInput({
        name: "Hub",
        show_demo: "on",
        counter_label_0: "Members",
        counter_source_0: "members",
        counter_label_1: "",
        counter_source_1: "fixed",
        counter_label_2: "Projects",
        counter_source_2: "fixed",
        counter_value_2: "42",
        counter_suffix_2: "+",
      }),
    );
    expect(input.landing).toEqual({
      show_demo: true,
      show_testimonials: false,
      counters: [
        { label: "Members", source: "members", prefix: "", suffix: "" },
        { label: "Projects", source: "fixed", value: 42, prefix: "", suffix: "+" },
      ],
    });
    expect(
      siteSettingsSchema.safeParse(
        siteFormInput({ name: "Hub", counter_label_0: "X", counter_source_0: "fixed", counter_value_0: "4.5" }),
      ).success,
    ).toBe(false);
  });
});
