import { siteTitle } from "~/lib/site-title";
import { Form, useNavigation } from "react-router";
import { SettingsPage } from "~/components/account/settings-page";
import { RouteError } from "~/components/route-error";
import { primaryButton, quietButton } from "~/components/ui/button";
import { badgeSettingOf, setBadge } from "~/features/badges/badges.server";
import { badgeToggleSchema } from "~/features/badges/schemas";
import { BADGE_HEIGHT, BADGE_WIDTH } from "~/features/badges/svg";
import { ignoreWhilePending } from "~/lib/forms";
import { answerForm } from "~/services/http/form-action.server";
import { requireUser } from "~/services/session.server";
import type { Route } from "./+types/settings-badge";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: siteTitle(matches, "Impact badge · Settings") }];

const RETURN_TO = "/app/settings/badge";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  return { badge: await badgeSettingOf(user), preview: `/badge/members/${user.id}.svg` };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const form = await request.formData();
  const sent = badgeToggleSchema.safeParse({ enabled: form.get("enabled") });
  if (!sent.success)
    return answerForm(form, { ok: false, reason: "invalid", message: "Choose on or off.", errors: {} }, { returnTo: RETURN_TO });
  const badge = await setBadge(user, sent.data.enabled);
  return answerForm(
    form,
    { ok: true, message: badge.enabled ? "Your badge is on" : "Your badge is off" },
    { returnTo: RETURN_TO },
  );
}

/** Settings → Impact badge: turn the badge on or off, see it, and copy the <img> that embeds it. */
export default function SettingsBadge({ loaderData }: Route.ComponentProps) {
  const { badge, preview } = loaderData;
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formAction === RETURN_TO;
  return (
    <SettingsPage
      id="badge-title"
      title="Impact badge"
      intro="A small image of the waste you diverted and the CO2e it avoided, for your own website or e-mail signature. It is off until you turn it on; while it is off its address shows nothing."
    >
      <Form
        method="post"
        action={RETURN_TO}
        onSubmit={ignoreWhilePending(pending)}
        className="mt-6 flex flex-wrap items-center gap-3"
      >
        <p className="font-medium text-slate-900" role="status">
          Your badge is {badge.enabled ? "on" : "off"}.
        </p>
        <input type="hidden" name="enabled" value={badge.enabled ? "false" : "true"} />
        <button type="submit" aria-disabled={pending || undefined} className={badge.enabled ? quietButton : primaryButton}>
          {badge.enabled ? "Turn it off" : "Turn it on"}
        </button>
      </Form>
      {badge.enabled ? (
        <div className="mt-6 space-y-4">
          <div>
            <h3 className="font-semibold text-slate-900">Preview</h3>
            <img src={preview} alt="Your impact badge" width={BADGE_WIDTH} height={BADGE_HEIGHT} className="mt-2 max-w-full" />
            <p className="mt-1 text-sm text-slate-600">
              For a dark page, add <code>?theme=dark</code> to its address. Other sites keep a copy for up to five minutes.
            </p>
          </div>
          <div>
            <label htmlFor="badge-snippet" className="block font-semibold text-slate-900">
              The code to paste into your page
            </label>
            <textarea
              id="badge-snippet"
              readOnly
              rows={3}
              value={badge.snippet}
              className="mt-2 block w-full rounded-lg border border-slate-300 bg-slate-50 px-3.5 py-2.5 font-mono text-sm text-slate-900"
            />
          </div>
        </div>
      ) : null}
    </SettingsPage>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} />;
}
