import { data } from "react-router";
import { RouteError } from "~/components/route-error";
import { loadMemberPage, memberPageAction } from "~/features/profile/member-page.server";
import { answerForm } from "~/services/http/form-action.server";
import { requireUser } from "~/services/session.server";
import { timeZoneOf } from "~/services/http/time-zone.server";
import { siteName, siteTitle } from "~/lib/site-title";
import type { Route } from "./+types/member";
import { pathId } from "~/lib/path-id";
import { MemberPublicPage } from "~/components/profile/member-page";

export const meta: Route.MetaFunction = ({ data: loaderData, matches }) => [
  { title: siteTitle(matches, `${loaderData?.page.member.username ?? "Member not found"} · Members`) },
  {
    name: "description",
    content: loaderData
      ? `${loaderData.page.member.username} on ${siteName(matches)}: their listings, posts, reviews and how their orders ended.`
      : `This member is not on ${siteName(matches)}.`,
  },
];

/** A member id from the path; anything else names no member. */
const memberId = pathId;

const notFound = () => data({ message: "Member not found" }, { status: 404 });

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const id = memberId(params.id);
  const page = id ? await loadMemberPage(user, id) : null;
  if (!page) throw notFound();
  return { page, now: Date.now(), timeZone: timeZoneOf(request) };
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request);
  const form = await request.formData();
  const id = memberId(params.id);
  const { result, returnTo } = await memberPageAction(user, id, form.get("intent"));
  return answerForm(form, result, { returnTo });
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <RouteError
      error={error}
      notFound={{ title: "Member not found", message: "This member doesn't exist or isn't yours to see." }}
      links={[{ to: "/app/community", label: "Back to the community" }]}
    />
  );
}

export default function Member({ loaderData }: Route.ComponentProps) {
  return <MemberPublicPage data={loaderData} />;
}
