import type { FeatureManifest } from "~/services/features.server";
import { exportedAcceptances } from "./pages.server";
import { eraseAcceptances, eraseTestimonialsOf, heldLogo } from "./store/site.server";
import { exportedTestimonials } from "./testimonials.server";

/**
 * The instance's own settings, pages and testimonials. A member's part of it: which versions of
 * the terms and privacy notice they accepted, and a testimonial in their words. Both are in their
 * export; an erased account's testimonial leaves the landing page, and the acceptances go with it.
 */
export const siteManifest: FeatureManifest = {
  name: "site",
  storedFiles: { handles: ["site_settings.logo_file"], held: heldLogo },
  exports: {
    handles: ["page_acceptances.member_id", "testimonials.member_id"],
    leaves: { "site_pages.author_id": "an admin's work on the instance's pages, not the member's own data" },
    sections: async (id) => ({ accepted_pages: await exportedAcceptances(id), testimonials: await exportedTestimonials(id) }),
  },
  erases: {
    handles: ["page_acceptances.member_id", "testimonials.member_id"],
    // Which version of the instance's page an admin wrote stays on record, as the audit log does.
    leaves: { "site_pages.author_id": "the page versions are the instance's record, kept like the audit log" },
    erase: async (tx, id) => {
      await eraseAcceptances(tx, id);
      await eraseTestimonialsOf(tx, id);
    },
  },
};
