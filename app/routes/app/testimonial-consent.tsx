import { data, Form } from "react-router";
import { RouteError } from "~/components/route-error";
import { consent, testimonialForConsent } from "~/features/site/testimonials.server";
import { refuse } from "~/lib/forms";
import { pathId } from "~/lib/path-id";
import { siteTitle } from "~/lib/site-title";
import { answerForm } from "~/services/http/form-action.server";
import { requireUser } from "~/services/session.server";
import type { Route } from "./+types/testimonial-consent";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: siteTitle(matches, "Your words on the home page") }];

const NOT_YOURS = "There is no testimonial of yours here.";

/** A testimonial an admin drafted from the member's words: theirs to read and agree to; anyone else's is not found. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const id = pathId(params.id);
  const testimonial = id === null ? undefined : await testimonialForConsent(user.id, id);
  if (!testimonial) throw data(NOT_YOURS, { status: 404 });
  return { testimonial };
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request);
  const form = await request.formData();
  const id = pathId(params.id);
  const done = id !== null && (await consent(user.id, id));
  const returnTo = `/app/testimonials/${params.id}`;
  return answerForm(
    form,
    done ? { ok: true, message: "Thank you: your words show on the home page." } : refuse("not-found", NOT_YOURS),
    {
      returnTo,
    },
  );
}

export default function TestimonialConsent({ loaderData }: Route.ComponentProps) {
  const { testimonial } = loaderData;
  return (
    <div className="mx-auto max-w-2xl space-y-4">
      <h1 className="text-2xl font-semibold text-slate-900">Your words on the home page</h1>
      <p className="text-slate-600">
        The admins would like to show this on the home page, under your name. It shows only if you agree, and they can take it
        down at any time; ask them to if you change your mind.
      </p>
      <figure className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
        <blockquote className="text-slate-800">“{testimonial.quote}”</blockquote>
        <figcaption className="mt-3 text-sm text-slate-600">
          {testimonial.name}
          {testimonial.role ? `, ${testimonial.role}` : ""}
          {testimonial.company ? `, ${testimonial.company}` : ""} · rated {testimonial.rating} of 5
        </figcaption>
      </figure>
      {testimonial.consented_at ? (
        <p className="font-medium text-brand-700">You agreed: it shows on the home page.</p>
      ) : (
        <Form method="post">
          <button type="submit" className="rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700">
            Show my words on the home page
          </button>
        </Form>
      )}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} />;
}
