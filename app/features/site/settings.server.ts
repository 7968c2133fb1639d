import { brandShades, type BrandShades } from "~/lib/brand-colour";
import { refuse } from "~/lib/forms";
import { transaction } from "~/services/database/db.server";
import { mediaUrl, removeMedia } from "~/services/media.server";
import { siteChanged, siteIdentity, type SiteIdentity } from "~/services/site-identity.server";
import { recordAdminAction } from "~/features/moderation/store/audit.server";
import { landingCounterSettings } from "./counters.server";
import { siteSettingsSchema, type SiteSettingsInput } from "./schemas";
import { saveSiteSettings } from "./store/site.server";
import { DEFAULT_LANDING, type LandingSettings } from "./vocabulary";
import type { SiteView } from "./wire";

export type { SiteView };

/**
 * The instance's settings as admins read and change them, and as pages and clients see them.
 * The identity itself is read through the service below the features (site-identity.server),
 * which mails and every page share; this module is its only writer.
 */

/** The landing settings as stored, read leniently: a row from an older version falls back to the defaults. */
export async function landingSettings(given?: SiteIdentity): Promise<LandingSettings> {
  const identity = given ?? (await siteIdentity());
  const parsed = siteSettingsSchema.shape.landing.safeParse(identity.landing ?? {});
  return parsed.success ? parsed.data : DEFAULT_LANDING;
}

export async function siteView(given?: SiteIdentity): Promise<SiteView> {
  const identity = given ?? (await siteIdentity());
  const landing = await landingSettings(identity);
  const counters = landingCounterSettings(landing.counters);
  return {
    name: identity.name,
    tagline: identity.tagline,
    contact_email: identity.contactEmail,
    reply_to: identity.replyTo,
    brand_colour: identity.brandColour,
    about: identity.about,
    mail_footer: identity.mailFooter,
    logo_url: identity.logoFile ? mediaUrl(identity.logoFile) : null,
    landing: {
      show_demo: landing.show_demo,
      show_testimonials: landing.show_testimonials,
      counters: counters.counters,
      sample_counters: counters.sample,
    },
    updated_at: identity.updatedAt === null ? null : new Date(identity.updatedAt).toISOString(),
  };
}

/** What every page needs of the identity: its name, words, logo and the brand's shades (null: the shipped palette). */
export type SiteLook = {
  name: string;
  tagline: string;
  logo_url: string | null;
  brand_colour: string | null;
  shades: BrandShades | null;
};

export async function siteLook(given?: SiteIdentity): Promise<SiteLook> {
  const identity = given ?? (await siteIdentity());
  const check = identity.brandColour ? brandShades(identity.brandColour) : null;
  return {
    name: identity.name,
    tagline: identity.tagline,
    logo_url: identity.logoFile ? mediaUrl(identity.logoFile) : null,
    brand_colour: check?.ok ? identity.brandColour : null,
    shades: check?.ok ? check.shades : null,
  };
}

/**
 * Saves the settings whole, with an audit row naming the fields that changed. A brand colour
 * white text cannot be read on is refused with its contrast and a darker shade that passes.
 * `logoFile`: a new logo already in place under UPLOAD_DIR, or undefined to keep the current one.
 */
export async function updateSite(adminId: number, input: SiteSettingsInput, { logoFile }: { logoFile?: string | null } = {}) {
  if (input.brand_colour) {
    const check = brandShades(input.brand_colour);
    if (!check.ok) return refuse("invalid", check.message, { brand_colour: check.message });
  }
  const before = await siteIdentity();
  const row = {
    name: input.name,
    tagline: input.tagline,
    contactEmail: input.contact_email,
    replyTo: input.reply_to,
    brandColour: input.brand_colour || null,
    about: input.about,
    mailFooter: input.mail_footer,
    logoFile: logoFile === undefined ? (await before).logoFile : logoFile,
    landing: input.landing,
  };
  const changed = (Object.keys(row) as (keyof typeof row)[]).filter(
    (key) => JSON.stringify(row[key]) !== JSON.stringify(before[key] ?? (key === "landing" ? null : before[key])),
  );
  await transaction(async (tx) => {
    await saveSiteSettings(tx, row);
    await recordAdminAction(tx, { adminId, action: "update_site", targetType: "site", targetId: 1, details: { changed } });
  });
  await siteChanged();
  // The logo it replaced is no longer served: its file goes.
  if (logoFile !== undefined && before.logoFile && before.logoFile !== logoFile)
    await removeMedia([{ fileName: before.logoFile }]);
  return { ok: true as const, site: await siteView() };
}
