import { RouteError } from "~/components/route-error";
import { OrganisationSettings } from "~/components/organisation/organisation-settings";
import { memberOrganisation, replaceOrganisation } from "~/features/organisation/organisation.server";
import { organisationFormSchema } from "~/features/organisation/schemas";
import { formDataObject, invalidInput } from "~/lib/forms";
import { answerForm, answerInPlace } from "~/services/http/form-action.server";
import { requireUser } from "~/services/session.server";
import { siteTitle } from "~/lib/site-title";
import type { Route } from "./+types/settings-organisation";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: siteTitle(matches, "Organisation · Settings") }];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  return { organisation: await memberOrganisation(user.id) };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const form = await request.formData();
  // Each ticked role is a field of its own.
  const values = { ...formDataObject(form), roles: form.getAll("roles").map(String) };
  const parsed = organisationFormSchema.safeParse(values);
  if (!parsed.success) return answerInPlace({ ...invalidInput(parsed.error), values });
  await replaceOrganisation(user.id, parsed.data);
  return answerForm(form, { ok: true, message: "Organisation saved" }, { returnTo: "/app/settings/organisation" });
}

export default function SettingsOrganisation({ loaderData, actionData }: Route.ComponentProps) {
  return <OrganisationSettings organisation={loaderData.organisation} actionData={actionData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} links={[{ to: "/app/settings", label: "Back to Settings" }]} />;
}
