/**
 * The site feature's shapes as pages and clients receive them: plain types only, so components
 * may import them.
 */
import type { CounterSetting, SitePageSlug } from "./vocabulary";

export type SiteView = {
  name: string;
  tagline: string;
  contact_email: string;
  reply_to: string;
  brand_colour: string | null;
  about: string;
  mail_footer: string;
  logo_url: string | null;
  landing: { show_demo: boolean; show_testimonials: boolean; counters: CounterSetting[]; sample_counters: boolean };
  updated_at: string | null;
};

export type SitePageView = { slug: SitePageSlug; title: string; body_markdown: string; version: number; updated_at: string };

export type TestimonialView = {
  id: number;
  name: string;
  role: string;
  company: string;
  quote: string;
  rating: number;
  member_id: number | null;
  /** Whether the landing page shows it: a member's words only once they agreed. */
  shown: boolean;
  consented_at: string | null;
  sample: boolean;
  initials: string;
};
