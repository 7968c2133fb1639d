import { useRef } from "react";
import { PageLinks } from "~/components/admin/page-links";
import { useActionData, useFetcher } from "react-router";
import { Link } from "~/lib/link";
import { quietButton } from "~/components/ui/button";
import { EnhancedFields, toastResult, useFormResult } from "~/components/enhanced-form";
import { TextAreaField } from "~/components/forms";
import { RouteError } from "~/components/route-error";
import { listReportGroups } from "~/features/moderation/queue.server";
import { queuePageAction } from "~/features/moderation/queue-page.server";
import { reportsSummary, showingRange } from "~/features/moderation/rules";
import { queueQuerySchema } from "~/features/moderation/schemas";
import { MAX_NOTE_LENGTH, REASON_LABELS, STATE_LABELS, TARGET_LABELS, type ReportState } from "~/features/moderation/vocabulary";
import type { CardResult, ReportGroup } from "~/features/moderation/wire";
import { dateTime } from "~/lib/dates";
import { formDataObject, ignoreWhilePending } from "~/lib/forms";
import { safeRedirect } from "~/lib/safe-redirect";
import { answerForm } from "~/services/http/form-action.server";
import { requireAdmin } from "~/services/session.server";
import { memberTimeZone } from "~/services/http/time-zone.server";
import { siteTitle } from "~/lib/site-title";
import type { Route } from "./+types/reports";
import { MemberLink } from "~/components/member-link";
import { Spaced } from "~/components/spaced";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: siteTitle(matches, "Reports · Admin") }];

// Every state has its tab: reports a suspension resolved are reviewed like the others.
const TABS: ReportState[] = ["open", "hidden", "dismissed", "suspended"];
const EMPTY: Record<ReportState, string> = {
  open: "No open reports.",
  hidden: "No hidden reports.",
  dismissed: "No dismissed reports.",
  suspended: "No reports resolved by suspending a member.",
};

export async function loader({ request, url }: Route.LoaderArgs) {
  await requireAdmin(request);
  // A page address with a value it does not know shows the first page of the open reports.
  const parsed = queueQuerySchema.safeParse(Object.fromEntries(url.searchParams));
  const query = parsed.success ? parsed.data : { state: "open" as const, page: 1 };
  return {
    query,
    queue: await listReportGroups(query),
    timeZone: memberTimeZone(request).timeZone,
    here: url.pathname + url.search,
  };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const form = await request.formData();
  const fields = formDataObject(form);
  const returnTo = safeRedirect(fields.returnTo, { within: "/app/admin/reports" });
  return answerForm(form, await queuePageAction(admin, fields), { returnTo, failureInPlace: true });
}

export default function AdminReports({ loaderData }: Route.ComponentProps) {
  const { query, queue, timeZone, here } = loaderData;
  const heading = useRef<HTMLHeadingElement>(null);
  const { page, limit, total, hasMore } = queue.pagination;
  const pageLink = (to: number) => `/app/admin/reports?state=${query.state}&page=${to}`;
  return (
    <section aria-labelledby="queue-title" className="space-y-4">
      <h2 id="queue-title" ref={heading} tabIndex={-1} className="text-2xl font-bold text-slate-900">
        Reports
      </h2>
      <nav aria-label="Report states" className="flex flex-wrap gap-2">
        <Spaced>
          {TABS.map((state) => (
            <Link
              key={state}
              to={`/app/admin/reports?state=${state}`}
              aria-current={state === query.state ? "page" : undefined}
              className={`rounded-full px-3 py-1 text-sm font-semibold ring-1 ${
                state === query.state
                  ? "bg-brand-600 text-white ring-brand-600"
                  : "bg-white text-slate-700 ring-slate-300 hover:bg-slate-50"
              }`}
            >
              {STATE_LABELS[state]}
            </Link>
          ))}
        </Spaced>
      </nav>
      {queue.reports.length === 0 ? (
        <p className="rounded-lg bg-white p-6 text-slate-700 ring-1 ring-slate-200">{EMPTY[query.state]}</p>
      ) : (
        <>
          <p className="text-sm text-slate-600">{showingRange(page, limit, queue.reports.length, total)}</p>
          <ul className="space-y-4">
            {queue.reports.map((group) => (
              <li key={`${group.target.type}-${group.target.id}`}>
                <GroupCard group={group} timeZone={timeZone} here={here} onDone={() => heading.current?.focus()} />
              </li>
            ))}
          </ul>
          <PageLinks page={page} hasMore={hasMore} href={pageLink} />
        </>
      )}
    </section>
  );
}

function Thing({ group }: { group: ReportGroup }) {
  const { target } = group;
  const what = TARGET_LABELS[target.type];
  return (
    <div className="min-w-0">
      <p className="text-xs font-semibold tracking-wide text-slate-600 uppercase">
        {target.type === "user" ? "Member" : what}
        {target.hidden ? " · hidden" : ""}
        {target.deleted ? " · deleted" : ""}
      </p>
      <h3 className="mt-1 font-semibold break-words text-slate-900">
        {target.url && !target.deleted ? (
          <Link to={target.url} className="text-brand-700 underline-offset-2 hover:underline">
            {target.title || `A ${what}`}
          </Link>
        ) : (
          target.title || `A deleted ${what}`
        )}
      </h3>
      {target.excerpt && target.type !== "comment" ? (
        <p className="mt-1 text-sm break-words text-slate-700">{target.excerpt}</p>
      ) : null}
      {target.post ? <p className="mt-1 text-sm break-words text-slate-600">On the post “{target.post.title}”</p> : null}
      {target.type !== "user" ? (
        <p className="mt-1 text-sm break-words text-slate-600">
          By <MemberLink member={target.author} admin className="text-brand-700 underline underline-offset-2" />
        </p>
      ) : null}
    </div>
  );
}

function GroupCard({
  group,
  timeZone,
  here,
  onDone,
}: {
  group: ReportGroup;
  timeZone: string;
  here: string;
  onDone: () => void;
}) {
  const fetcher = useFetcher<CardResult>();
  const inPlace = useActionData<CardResult>();
  const answer = fetcher.data ?? (inPlace && !inPlace.ok && inPlace.card === group.id ? inPlace : undefined);
  const failure = answer && !answer.ok ? answer : null;
  const pending = fetcher.state !== "idle";
  const sending = fetcher.formData?.get("action") ?? fetcher.formData?.get("intent");
  useFormResult(fetcher, (result) => {
    toastResult(result);
    if (result.ok) onDone();
  });
  const restoring = group.state === "hidden" && group.target.hidden && group.target.type !== "user";
  return (
    <article
      aria-labelledby={`group-${group.id}`}
      className="min-w-0 space-y-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5"
    >
      <Thing group={group} />
      <p id={`group-${group.id}`} className="font-medium text-slate-900">
        {reportsSummary(group.count, group.reasons)}
      </p>
      <ul className="space-y-1 text-sm text-slate-700">
        {group.notes.map((note) => (
          <li key={`${note.reporter.id}-${note.created_at}`} className="break-words">
            <span className="font-semibold">{note.reporter.username}</span> ({REASON_LABELS[note.reason]},{" "}
            {dateTime(note.created_at, timeZone)}){note.note ? `: ${note.note}` : ""}
          </li>
        ))}
      </ul>
      {group.resolution ? (
        <p className="text-sm break-words text-slate-600">
          {STATE_LABELS[group.state]} by {group.resolution.by?.username ?? "the operator"} on{" "}
          {dateTime(group.resolution.at, timeZone)}
          {group.resolution.note ? `: ${group.resolution.note}` : ""}
        </p>
      ) : null}
      {group.state === "open" || restoring ? (
        <fetcher.Form method="post" onSubmit={ignoreWhilePending(pending)} className="space-y-3">
          <EnhancedFields returnTo={here} />
          <input type="hidden" name="card" value={group.id} />
          {restoring ? (
            <>
              <input type="hidden" name="intent" value="restore" />
              <input type="hidden" name="type" value={group.target.type} />
              <input type="hidden" name="id" value={group.target.id} />
            </>
          ) : null}
          <TextAreaField
            label={
              restoring
                ? "Note for restoring (required; the author is told)"
                : "Note (required; the author and the audit log see it)"
            }
            error={failure?.errors.note ?? failure?.message}
            textareaProps={{ name: "note", required: true, "aria-required": true, maxLength: MAX_NOTE_LENGTH, rows: 2 }}
          />
          <div className="flex flex-wrap items-center gap-3">
            {restoring ? (
              <button type="submit" aria-disabled={pending || undefined} className={quietButton}>
                {pending ? "Restoring…" : "Restore"}
              </button>
            ) : (
              <>
                {group.target.type !== "user" && !group.target.deleted ? (
                  <button
                    type="submit"
                    name="action"
                    value="hide"
                    aria-disabled={pending || undefined}
                    className="rounded-lg bg-red-700 px-3 py-2 text-sm font-semibold text-white hover:bg-red-800 aria-disabled:cursor-wait aria-disabled:opacity-70"
                  >
                    {pending && sending === "hide" ? "Hiding…" : "Hide"}
                  </button>
                ) : null}
                <button type="submit" name="action" value="dismiss" aria-disabled={pending || undefined} className={quietButton}>
                  {pending && sending === "dismiss" ? "Dismissing…" : "Dismiss"}
                </button>
                {group.target.type === "user" ? (
                  <Link
                    to={`/app/admin/members/${group.target.id}`}
                    className="text-sm font-semibold text-brand-700 underline-offset-2 hover:underline"
                  >
                    Suspend from their page
                  </Link>
                ) : null}
              </>
            )}
          </div>
        </fetcher.Form>
      ) : null}
    </article>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} links={[{ to: "/app/admin/reports", label: "Back to the reports" }]} />;
}
