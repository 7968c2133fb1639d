import { RouteError } from "~/components/route-error";
import { formDataObject, invalidInput } from "~/lib/forms";
import { profileSchema } from "~/features/profile/profile";
import { getProfile } from "~/features/profile/profile.server";
import { updateProfile } from "~/features/profile/store/profile.server";
import { requireUser } from "~/services/session.server";
import { timeZoneOf } from "~/services/http/time-zone.server";
import { answerForm, answerInPlace } from "~/services/http/form-action.server";
import { siteName, siteTitle } from "~/lib/site-title";
import type { Route } from "./+types/profile";
import { ProfilePage } from "~/components/profile/profile-page";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: siteTitle(matches, "Profile") },
  {
    name: "description",
    content: `Your ${siteName(matches)} profile: your details, statistics, achievements and recent activity.`,
  },
];

export async function loader({ request, url }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const profile = (await getProfile(user))!;
  return {
    ...profile,
    memberId: user.id,
    editing: url.searchParams.get("edit") === "1",
    now: Date.now(),
    timeZone: timeZoneOf(request),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const form = await request.formData();
  const values = formDataObject(form);
  const parsed = profileSchema.safeParse(values);
  if (!parsed.success) return answerInPlace({ ...invalidInput(parsed.error), values });
  await updateProfile(user.id, parsed.data);
  return answerForm(form, { ok: true, message: "Profile saved" }, { returnTo: "/app/profile" });
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} links={[{ to: "/app/dashboard", label: "Go to the dashboard" }]} />;
}

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  // A save that works leaves for the page again: the action's data is only ever a refusal.
  const refused = actionData?.ok === false ? actionData : undefined;
  return <ProfilePage page={loaderData} refused={refused} />;
}
