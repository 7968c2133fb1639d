import { transaction } from "~/services/database/db.server";
import { recordAdminAction } from "~/features/moderation/store/audit.server";
import type { SitePageInput } from "./schemas";
import { acceptancesOf, insertPageVersion, latestPage, recordAcceptances, type SitePageRow } from "./store/site.server";
import type { SitePageSlug } from "./vocabulary";
import type { SitePageView } from "./wire";

export type { SitePageView };

/**
 * The pages an operator writes (terms, privacy, about, cookies): each save is a new version,
 * none is changed, and a member's sign-up records the versions of the terms and the privacy
 * notice they accepted. Until an admin writes one, the shipped text stands (version 0).
 */

const view = (row: SitePageRow): SitePageView => ({
  slug: row.slug,
  title: row.title,
  body_markdown: row.bodyMarkdown,
  version: row.version,
  updated_at: row.createdAt.toISOString(),
});

/** The page's current version; null while the shipped text stands. */
export async function currentPage(slug: SitePageSlug): Promise<SitePageView | null> {
  const row = await latestPage(slug);
  return row ? view(row) : null;
}

export async function writePage(adminId: number, slug: SitePageSlug, input: SitePageInput): Promise<SitePageView> {
  const row = await transaction(async (tx) => {
    const page = await insertPageVersion(tx, slug, { title: input.title, bodyMarkdown: input.body_markdown, authorId: adminId });
    await recordAdminAction(tx, {
      adminId,
      action: "update_page",
      targetType: "page",
      targetId: page.id,
      details: { slug, version: page.version },
    });
    return page;
  });
  return view(row);
}

/** The versions a member signing up now accepts: the current terms and privacy notice (0: the shipped text). */
export async function versionsToAccept(): Promise<{ terms: number; privacy: number }> {
  const [terms, privacy] = await Promise.all([latestPage("terms"), latestPage("privacy")]);
  return { terms: terms?.version ?? 0, privacy: privacy?.version ?? 0 };
}

/** Records what a new member accepted: the terms and privacy notice current as they signed up. */
export async function recordSignUpAcceptance(memberId: number) {
  const versions = await versionsToAccept();
  await transaction(async (tx) =>
    recordAcceptances(tx, memberId, [
      { slug: "terms", version: versions.terms },
      { slug: "privacy", version: versions.privacy },
    ]),
  );
}

/** The member's acceptances, for their export. */
export async function exportedAcceptances(memberId: number) {
  return (await acceptancesOf(memberId)).map((row) => ({
    page: row.slug,
    version: row.version,
    accepted_at: row.acceptedAt.toISOString(),
  }));
}
