import { refuse } from "~/lib/forms";
import { transaction } from "~/services/database/db.server";
import { siteChanged } from "~/services/site-identity.server";
import { recordAdminAction } from "~/features/moderation/store/audit.server";
import type { TestimonialInput, TestimonialPatch } from "./schemas";
import {
  allTestimonials,
  consentToTestimonial,
  countTestimonials,
  deleteTestimonial,
  insertTestimonial,
  memberExists,
  testimonialById,
  testimonialsOf,
  updateTestimonial,
  type TestimonialRow,
} from "./store/site.server";
import { MAX_TESTIMONIALS } from "./vocabulary";
import type { TestimonialView } from "./wire";

export type { TestimonialView };

/**
 * What members say, as admins curate it for the landing page. A testimonial may name the member
 * whose words it is (`member_id`): it then shows only once that member has agreed, on the page
 * their notice links (/app/testimonials/:id), with their name and the quote in front of them.
 * Without a member it is the admin's to vouch for (a customer's words given by e-mail, say).
 */

const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join("");

const view = (row: TestimonialRow): TestimonialView => ({
  id: row.id,
  name: row.name,
  role: row.role,
  company: row.company,
  quote: row.quote,
  rating: row.rating,
  member_id: row.memberId,
  shown: row.memberId === null || row.consentedAt !== null,
  consented_at: row.consentedAt ? row.consentedAt.toISOString() : null,
  sample: row.sample,
  initials: initialsOf(row.name),
});

export const listTestimonials = async (): Promise<TestimonialView[]> => (await allTestimonials()).map(view);

/** The landing carousel's testimonials: those shown, oldest first. */
export const shownTestimonials = async (): Promise<TestimonialView[]> => (await listTestimonials()).filter((t) => t.shown);

const NOT_FOUND = "There is no such testimonial.";

/** What the member sees on the consent page, and agrees to. */
const CONSENTED_FIELDS = ["name", "role", "company", "quote", "rating"] as const;

export async function addTestimonial(adminId: number, input: TestimonialInput) {
  if ((await countTestimonials()) >= MAX_TESTIMONIALS) {
    return refuse("conflict", `The landing page shows at most ${MAX_TESTIMONIALS} testimonials: remove one first.`);
  }
  if (input.member_id !== null && !(await memberExists(input.member_id))) {
    return refuse("invalid", "There is no such member.", { member_id: "There is no such member." });
  }
  const row = await transaction(async (tx) => {
    const added = await insertTestimonial(tx, {
      name: input.name,
      role: input.role,
      company: input.company,
      quote: input.quote,
      rating: input.rating,
      memberId: input.member_id,
    });
    await recordAdminAction(tx, { adminId, action: "add_testimonial", targetType: "testimonial", targetId: added.id });
    return added;
  });
  await siteChanged();
  return { ok: true as const, testimonial: view(row) };
}

export async function changeTestimonial(adminId: number, id: number, patch: TestimonialPatch) {
  const before = await testimonialById(id);
  if (!before) return refuse("not-found", NOT_FOUND);
  // A member agreed to these words under this name: changed, they are not what was agreed to, and
  // wait for the member's consent again before they show.
  const reworded =
    before.memberId !== null &&
    before.consentedAt !== null &&
    CONSENTED_FIELDS.some((field) => patch[field] !== undefined && patch[field] !== before[field]);
  await transaction(async (tx) => {
    await updateTestimonial(tx, id, reworded ? { ...patch, consentedAt: null } : patch);
    await recordAdminAction(tx, {
      adminId,
      action: "change_testimonial",
      targetType: "testimonial",
      targetId: id,
      details: { changed: Object.keys(patch) },
    });
  });
  await siteChanged();
  return { ok: true as const, testimonial: view((await testimonialById(id))!) };
}

export async function removeTestimonial(adminId: number, id: number) {
  const before = await testimonialById(id);
  if (!before) return refuse("not-found", NOT_FOUND);
  await transaction(async (tx) => {
    // The row goes; the audit row keeps whose words they were.
    await recordAdminAction(tx, {
      adminId,
      action: "remove_testimonial",
      targetType: "testimonial",
      targetId: id,
      note: `${before.name}: ${before.quote.slice(0, 200)}`,
    });
    await deleteTestimonial(tx, id);
  });
  await siteChanged();
  return { ok: true as const };
}

/** A testimonial naming the member, for their consent page; undefined for anyone else's. */
export async function testimonialForConsent(memberId: number, id: number): Promise<TestimonialView | undefined> {
  const row = await testimonialById(id);
  return row && row.memberId === memberId ? view(row) : undefined;
}

/** The member agrees that their words show on the landing page. */
export async function consent(memberId: number, id: number) {
  const done = await consentToTestimonial(memberId, id);
  if (done) await siteChanged();
  return done;
}

export async function exportedTestimonials(memberId: number) {
  return (await testimonialsOf(memberId)).map((row) => ({
    quote: row.quote,
    consented_at: row.consentedAt ? row.consentedAt.toISOString() : null,
    created_at: row.createdAt.toISOString(),
  }));
}
