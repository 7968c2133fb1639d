import { siteName, siteTitle } from "~/lib/site-title";
import { z } from "~/lib/zod";
import { RouteError } from "~/components/route-error";
import { TOPICS, type Topic } from "~/content/education";
import { enroll, enrolledCourseIds, findLearning, memberCertificates } from "~/features/education/education.server";
import { isAdmin } from "~/services/access.server";
import { answerForm } from "~/services/http/form-action.server";
import { requireUser } from "~/services/session.server";
import type { FormResult } from "~/lib/forms";
import { safeRedirect } from "~/lib/safe-redirect";
import type { Route } from "./+types/education";
import { EducationPage } from "~/components/education/education-page";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: siteTitle(matches, "Education Hub") },
  {
    name: "description",
    content: `Courses and articles on zero waste, recycling and the circular economy in the ${siteName(matches)} education hub.`,
  },
];

const querySchema = z.object({
  q: z
    .string()
    .optional()
    .transform((value) => value?.trim().slice(0, 100) || undefined)
    .catch(undefined),
  topic: z
    .enum(TOPICS.map((topic) => topic.value) as [Topic, ...Topic[]])
    .optional()
    .catch(undefined),
});

export async function loader({ request, url }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const query = querySchema.parse(Object.fromEntries(url.searchParams));
  return {
    query,
    ...(await findLearning(query)),
    enrolled: await enrolledCourseIds(user.id),
    isAdmin: isAdmin(user),
    certificates: await memberCertificates(user.id),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const form = await request.formData();
  const courseId = Number(form.get("courseId"));
  const title = Number.isSafeInteger(courseId) ? await enroll(user.id, courseId) : null;
  const answer: FormResult = title
    ? { ok: true, message: `You are enrolled in ${title}` }
    : { ok: false, reason: "not-found", message: "This course does not exist.", errors: {} };
  return answerForm(form, answer, { returnTo: safeRedirect(form.get("returnTo"), { within: "/app/education" }) });
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} links={[{ to: "/app/dashboard", label: "Go to the dashboard" }]} />;
}

export default function Education({ loaderData }: Route.ComponentProps) {
  return <EducationPage page={loaderData} />;
}
