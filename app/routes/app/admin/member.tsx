import { data } from "react-router";
import { RouteError } from "~/components/route-error";
import { memberDetail } from "~/features/moderation/members.server";
import { formDataObject } from "~/lib/forms";
import { answerForm } from "~/services/http/form-action.server";
import { requireAdmin } from "~/services/session.server";
import { timeZoneOf } from "~/services/http/time-zone.server";
import { memberPageAction } from "~/features/moderation/member-page.server";
import type { MemberActionResult } from "~/features/moderation/member-wire";
import { siteTitle } from "~/lib/site-title";
import type { Route } from "./+types/member";
import { pathId } from "~/lib/path-id";
import { AdminMemberPage } from "~/components/admin/member-page";

export const meta: Route.MetaFunction = ({ data: loaderData, matches }) => [
  { title: siteTitle(matches, `${loaderData?.detail.user.username ?? "Member not found"} · Members · Admin`) },
];

const memberId = pathId;

const notFound = () => data({ message: "Member not found" }, { status: 404 });

/** The first day a suspension may end on: tomorrow (UTC), since a day counts from its start. */
function firstEndDay(now = Date.now()) {
  return new Date(now + 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  const id = memberId(params.id);
  const detail = id ? await memberDetail(id) : null;
  if (!detail) throw notFound();
  return { detail, adminId: admin.id, firstEndDay: firstEndDay(), timeZone: timeZoneOf(request) };
}

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const id = memberId(params.id);
  if (!id) throw notFound();
  const form = await request.formData();
  const { outcome, returnTo } = await memberPageAction(admin, id, formDataObject(form));
  return answerForm(form, outcome, { returnTo, failureInPlace: true });
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} links={[{ to: "/app/admin/members", label: "All members" }]} />;
}

export default function AdminMember({ loaderData, actionData }: Route.ComponentProps) {
  return <AdminMemberPage page={loaderData} actionData={actionData as MemberActionResult | undefined} />;
}
