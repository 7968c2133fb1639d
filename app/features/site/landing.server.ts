import { siteIdentity } from "~/services/site-identity.server";
import { landingCounterSettings, shownCounters, type ShownCounters } from "./counters.server";
import { landingSettings } from "./settings.server";
import { shownTestimonials, type TestimonialView } from "./testimonials.server";

/** What the landing page shows of the operator's: the demo or not, the counters' figures, the testimonials (none: no section). */
export type LandingContent = { showDemo: boolean; counters: ShownCounters; testimonials: TestimonialView[] };

export async function landingContent(): Promise<LandingContent> {
  const settings = await landingSettings(await siteIdentity());
  const counters = landingCounterSettings(settings.counters);
  return {
    showDemo: settings.show_demo,
    counters: await shownCounters(counters.counters, { sample: counters.sample }),
    testimonials: settings.show_testimonials ? await shownTestimonials() : [],
  };
}

/** The sign-in page's sentence: its first counter's figure, as the landing page shows it. */
export async function headlineFigure(): Promise<(ShownCounters["counters"][number] & { sample: boolean }) | null> {
  const counters = landingCounterSettings((await landingSettings(await siteIdentity())).counters);
  const shown = await shownCounters(counters.counters.slice(0, 1), { sample: counters.sample });
  const first = shown.counters[0];
  return first ? { ...first, sample: shown.sample } : null;
}
