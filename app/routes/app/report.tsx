import { Flag } from "~/components/icons";
import { data, Form, useNavigation } from "react-router";
import { Link } from "~/lib/link";
import { quietButton } from "~/components/ui/button";
import { FormAlert, TextAreaField } from "~/components/forms";
import { RouteError } from "~/components/route-error";
import { fileReport, reportSubject } from "~/features/moderation/reports.server";
import { idSchema, reportSchema } from "~/features/moderation/schemas";
import { MAX_NOTE_LENGTH, REASON_LABELS, REPORT_REASONS, REPORT_TARGETS, TARGET_LABELS } from "~/features/moderation/vocabulary";
import { formDataObject, ignoreWhilePending, invalidInput } from "~/lib/forms";
import { safeRedirect } from "~/lib/safe-redirect";
import { z } from "~/lib/zod";
import { answerForm, answerInPlace } from "~/services/http/form-action.server";
import { requireUser } from "~/services/session.server";
import { siteTitle } from "~/lib/site-title";
import type { Route } from "./+types/report";
import { PendingButton } from "~/components/ui/pending-button";
import { FieldError } from "~/components/ui/field-error";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: siteTitle(matches, "Report") }];

const paramsSchema = z.object({ type: z.enum(REPORT_TARGETS), id: idSchema });

/** The thing named by the address; anything else is "not found". */
function readTarget(params: Route.LoaderArgs["params"]) {
  const parsed = paramsSchema.safeParse(params);
  if (!parsed.success) throw data("Not Found", { status: 404 });
  return parsed.data;
}

/** Where to go back to: a page of the member area the member came from, else the community. */
const backOf = (value: unknown) => safeRedirect(value, { within: "/app", fallback: "/app/community" });

export async function loader({ request, url, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const { type, id } = readTarget(params);
  const back = backOf(url.searchParams.get("back"));
  const found = await reportSubject(user, type, id);
  if (!found.ok && found.reason === "not-found") throw data("Not Found", { status: 404 });
  return { back, subject: found.ok ? found.subject : null, refusal: found.ok ? null : found.message, type };
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request);
  const { type, id } = readTarget(params);
  const form = await request.formData();
  const fields = formDataObject(form);
  const parsed = reportSchema.safeParse({ target_type: type, target_id: id, reason: fields.reason, note: fields.note ?? "" });
  if (!parsed.success) return answerInPlace({ ...invalidInput(parsed.error), message: "Check the form." });
  const outcome = await fileReport(user, parsed.data);
  if (!outcome.ok) return answerInPlace(outcome);
  return answerForm(form, outcome, { returnTo: backOf(fields.back) });
}

export default function ReportPage({ loaderData, actionData }: Route.ComponentProps) {
  const { back, subject, refusal, type } = loaderData;
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formMethod?.toLowerCase() === "post";
  const errors = actionData && !actionData.ok ? actionData.errors : {};
  const formError = actionData && !actionData.ok ? (actionData.message ?? null) : null;
  const what = TARGET_LABELS[type];
  return (
    <section
      aria-labelledby="report-title"
      className="mx-auto max-w-2xl rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8"
    >
      <h2 id="report-title" className="flex items-center gap-2 text-2xl font-bold text-slate-900">
        <Flag aria-hidden className="size-6 shrink-0 text-red-700" />
        Report a {what}
      </h2>
      {subject ? (
        <figure className="mt-4 min-w-0 rounded-lg bg-slate-50 p-4 ring-1 ring-slate-200">
          <figcaption className="text-sm font-medium text-slate-600">You are reporting this {what}:</figcaption>
          <p className="mt-1 font-semibold break-words text-slate-900">{subject.label}</p>
          {subject.detail ? <p className="mt-1 text-sm break-words text-slate-700">{subject.detail}</p> : null}
        </figure>
      ) : null}
      {!subject ? (
        <div className="mt-6 space-y-4">
          <FormAlert>{refusal}</FormAlert>
          <Link to={back} className={quietButton}>
            Go back
          </Link>
        </div>
      ) : subject.already ? (
        <div className="mt-6 space-y-4">
          <p className="text-slate-700">You have already reported this. Moderators will look at it.</p>
          <Link to={back} className={quietButton}>
            Go back
          </Link>
        </div>
      ) : (
        <Form method="post" onSubmit={ignoreWhilePending(pending)} className="mt-6 space-y-5">
          <FormAlert>{formError}</FormAlert>
          <input type="hidden" name="back" value={back} />
          <fieldset aria-describedby={errors.reason ? "reason-error" : undefined}>
            <legend className="text-sm font-semibold text-slate-900">Why are you reporting it?</legend>
            <div className="mt-3 grid gap-2">
              {REPORT_REASONS.map((reason) => (
                <label
                  key={reason}
                  className="flex items-center gap-2 rounded-lg px-3 py-2 text-sm text-slate-800 ring-1 ring-slate-200 has-checked:bg-brand-50 has-checked:ring-brand-600"
                >
                  <input type="radio" name="reason" value={reason} required className="size-4" />
                  {REASON_LABELS[reason]}
                </label>
              ))}
            </div>
            <FieldError id="reason-error">{errors.reason}</FieldError>
          </fieldset>
          <TextAreaField
            label="Anything moderators should know (optional)"
            error={errors.note}
            hint={`At most ${MAX_NOTE_LENGTH.toLocaleString("en-US")} characters. Moderators read it; the author does not.`}
            textareaProps={{ name: "note", maxLength: MAX_NOTE_LENGTH, rows: 4 }}
          />
          <div className="flex flex-wrap gap-3">
            <PendingButton pending={pending} label="Report" pendingLabel="Reporting…" />
            <Link to={back} className={quietButton}>
              Cancel
            </Link>
          </div>
        </Form>
      )}
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <RouteError
      error={error}
      notFound={{ title: "Nothing to report", message: "That doesn't exist or isn't yours to see." }}
      links={[{ to: "/app/community", label: "Back to the community" }]}
    />
  );
}
