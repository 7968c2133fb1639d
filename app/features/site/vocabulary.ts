import { COUNTER_SOURCES, SITE_PAGE_SLUGS, type CounterSource, type SitePageSlug } from "../../../db/site-values";
import { STATS } from "~/content/landing";

/**
 * The instance's own settings: their limits, the landing counters' sources and defaults. Plain
 * values only, so pages may import them.
 */
export { COUNTER_SOURCES, SITE_PAGE_SLUGS, type CounterSource, type SitePageSlug };

export const MAX_SITE_NAME = 60;
export const MAX_TAGLINE = 140;
export const MAX_ABOUT = 2_000;
export const MAX_MAIL_FOOTER = 300;
export const MAX_COUNTERS = 6;
export const MAX_COUNTER_LABEL = 40;
export const MAX_PAGE_TITLE = 120;
/** A page's Markdown: a long privacy notice fits with room to spare. */
export const MAX_PAGE_MARKDOWN = 60_000;
export const MAX_TESTIMONIALS = 12;
export const MAX_QUOTE = 600;

/** The logo: an image of at most this many bytes and pixels a side (no image library resizes it here). */
export const MAX_LOGO_BYTES = 512 * 1024;
export const MAX_LOGO_SIDE_PX = 1024;

/** The settings with their logo as multipart: the logo, the settings' fields (a few KB in any script) and the framing. */
export const MAX_SITE_SUBMISSION_BYTES = MAX_LOGO_BYTES + 64 * 1024;
/** A page's JSON to the admin API: MAX_PAGE_MARKDOWN characters of any script (up to 4 bytes each) and the rest. */
export const MAX_PAGE_JSON_BYTES = 4 * MAX_PAGE_MARKDOWN + 16 * 1024;
/** The admin page's form of the same: URL-encoded, each of those bytes may take three. */
export const MAX_PAGE_FORM_BYTES = 3 * MAX_PAGE_JSON_BYTES;

export const COUNTER_SOURCE_LABELS: Record<CounterSource, string> = {
  members: "Members (live)",
  organisations: "Organisations (live)",
  transfers: "Completed transfers (live)",
  weight_diverted: "Tonnes diverted (live, each kilogram once)",
  co2e_avoided: "Tonnes CO2e avoided (live)",
  fixed: "A number you give",
};

export const PAGE_LABELS: Record<SitePageSlug, string> = {
  terms: "Terms of Service",
  privacy: "Privacy Policy",
  about: "About",
  cookies: "Cookies",
};

/** A landing counter as the operator sets it: a live figure, or their own number (`fixed`). */
export type CounterSetting = { label: string; source: CounterSource; value?: number; prefix?: string; suffix?: string };

/** A demo instance's figures (SEED=1): the landing page's fixed ones, shown as sample figures until an admin changes them. */
export const SAMPLE_COUNTERS: CounterSetting[] = STATS.map(({ label, value, prefix, suffix }) => ({
  label,
  source: "fixed",
  value,
  ...(prefix ? { prefix } : {}),
  suffix,
}));

/** A real instance's figures (SEED=0) until an admin changes them: live from the start. */
export const LIVE_COUNTERS: CounterSetting[] = [
  { label: "Members", source: "members" },
  { label: "Organisations", source: "organisations" },
  { label: "Completed transfers", source: "transfers" },
  { label: "Tonnes diverted", source: "weight_diverted" },
];

export type LandingSettings = { show_demo: boolean; show_testimonials: boolean; counters: CounterSetting[] | null };

export const DEFAULT_LANDING: LandingSettings = { show_demo: true, show_testimonials: true, counters: null };
