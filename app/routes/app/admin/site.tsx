import { SiteSettingsForm, PagesForms, TestimonialsSection } from "~/components/admin/site-settings";
import { RouteError } from "~/components/route-error";
import { readSiteSubmission } from "~/features/site/site-submission.server";
import { currentPage, writePage } from "~/features/site/pages.server";
import { pageSlugSchema, sitePageSchema, testimonialSchema } from "~/features/site/schemas";
import { siteView, updateSite } from "~/features/site/settings.server";
import { addTestimonial, listTestimonials, removeTestimonial } from "~/features/site/testimonials.server";
import { SITE_PAGE_SLUGS } from "~/features/site/vocabulary";
import { formDataObject, invalidInput, refuse } from "~/lib/forms";
import { pathId } from "~/lib/path-id";
import { siteTitle } from "~/lib/site-title";
import { answerForm } from "~/services/http/form-action.server";
import { requireAdmin } from "~/services/session.server";
import type { Route } from "./+types/site";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: siteTitle(matches, "Site · Admin") }];

const RETURN_TO = "/app/admin/site";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const pages = await Promise.all(SITE_PAGE_SLUGS.map(async (slug) => ({ slug, page: await currentPage(slug) })));
  return { site: await siteView(), pages, testimonials: await listTestimonials() };
}

/**
 * One page, four kinds of form: the settings (multipart, with the logo: its intent is in the
 * address, since the body is read as a stream), a page's text, a new testimonial, a removal.
 */
export async function action({ request, url }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  if (url.searchParams.get("intent") === "site") {
    const submission = await readSiteSubmission(request, admin.id, "page");
    if (!submission.ok) {
      return answerForm(
        submission.fields ?? {},
        { ...submission, intent: "site" as const },
        { returnTo: RETURN_TO, failureInPlace: true },
      );
    }
    const outcome = await updateSite(admin.id, submission.input, { logoFile: submission.logoFile });
    if (!outcome.ok) await submission.discard();
    const result = outcome.ok ? { ok: true as const, message: "Site settings saved." } : { ...outcome, intent: "site" as const };
    return answerForm({}, result, { returnTo: RETURN_TO, failureInPlace: true });
  }
  const form = await request.formData();
  const fields = formDataObject(form);
  switch (fields.intent) {
    case "page": {
      const slug = pageSlugSchema.safeParse(fields.slug);
      const parsed = sitePageSchema.safeParse(fields);
      if (!slug.success) return answerForm(form, refuse("not-found", "There is no such page."), { returnTo: RETURN_TO });
      if (!parsed.success)
        return answerForm(
          form,
          { ...invalidInput(parsed.error), intent: `page-${slug.data}` },
          { returnTo: RETURN_TO, failureInPlace: true },
        );
      const page = await writePage(admin.id, slug.data, parsed.data);
      return answerForm(form, { ok: true, message: `${page.title}: version ${page.version} is live.` }, { returnTo: RETURN_TO });
    }
    case "add-testimonial": {
      const parsed = testimonialSchema.safeParse({
        ...fields,
        rating: Number(fields.rating ?? 5),
        member_id: fields.member_id ? Number(fields.member_id) : null,
      });
      if (!parsed.success)
        return answerForm(
          form,
          { ...invalidInput(parsed.error), intent: "add-testimonial" },
          { returnTo: RETURN_TO, failureInPlace: true },
        );
      const outcome = await addTestimonial(admin.id, parsed.data);
      return answerForm(form, outcome.ok ? { ok: true, message: "Testimonial added." } : outcome, {
        returnTo: `${RETURN_TO}#testimonials`,
      });
    }
    case "remove-testimonial": {
      const id = pathId(typeof fields.id === "string" ? fields.id : undefined);
      const outcome = id === null ? refuse("not-found", "There is no such testimonial.") : await removeTestimonial(admin.id, id);
      return answerForm(form, outcome.ok ? { ok: true, message: "Testimonial removed." } : outcome, {
        returnTo: `${RETURN_TO}#testimonials`,
      });
    }
    default:
      return answerForm(form, refuse("invalid", "The form was not understood."), { returnTo: RETURN_TO });
  }
}

export default function AdminSite({ loaderData, actionData }: Route.ComponentProps) {
  const refused =
    actionData && !actionData.ok
      ? (actionData as { message?: string; errors?: Record<string, string>; intent?: string })
      : undefined;
  return (
    <div className="space-y-8">
      <h1 className="text-xl font-semibold text-slate-900">Site</h1>
      <SiteSettingsForm site={loaderData.site} refused={refused?.intent === "site" ? refused : undefined} />
      <PagesForms pages={loaderData.pages} refused={refused?.intent?.startsWith("page-") ? refused : undefined} />
      <TestimonialsSection
        testimonials={loaderData.testimonials}
        refused={refused?.intent === "add-testimonial" ? refused : undefined}
      />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} />;
}
