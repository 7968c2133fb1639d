import type { ReactNode } from "react";
import { useFetcher } from "react-router";
import { Link } from "~/lib/link";
import { AuditEntry } from "~/components/admin/audit-entry";
import { EnhancedFields, toastResult, useFormResult } from "~/components/enhanced-form";
import type { MemberIntent } from "~/features/moderation/member-schemas";
import {
  AUTHOR_TYPE_LABELS,
  AUTHOR_TYPES,
  MAX_NOTE_LENGTH,
  REASON_LABELS,
  STATE_LABELS,
  TARGET_LABELS,
} from "~/features/moderation/vocabulary";
import { dateTime } from "~/lib/dates";
import { ignoreWhilePending } from "~/lib/forms";
import { countOf } from "~/lib/plural";
import { suspensionEndPhrase } from "~/lib/suspension";
import { MemberLink } from "~/components/member-link";
import type { MemberActionResult, MemberDetail } from "~/features/moderation/member-wire";

const button =
  "inline-flex items-center justify-center rounded-lg px-4 py-2 text-sm font-semibold aria-disabled:cursor-wait aria-disabled:opacity-70";
const primary = `${button} bg-brand-600 text-white hover:bg-brand-700`;
const quiet = `${button} bg-white text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50`;
const danger = `${button} bg-red-600 text-white hover:bg-red-700`;
const fieldClass = "mt-1 block w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm";

/**
 * One of the page's forms: works as a plain POST without JavaScript (the page comes back with a
 * refusal shown here, or a toast after a redirect), and in place with it (a toast, focus kept).
 */
function ActionForm({
  intent,
  memberId,
  actionData,
  label,
  pendingLabel,
  style = primary,
  note = true,
  children,
}: {
  intent: MemberIntent;
  memberId: number;
  actionData: MemberActionResult | undefined;
  label: string;
  pendingLabel: string;
  style?: string;
  note?: boolean;
  children?: (errors: Record<string, string>) => ReactNode;
}) {
  const fetcher = useFetcher<MemberActionResult>();
  useFormResult(fetcher, toastResult);
  const pending = fetcher.state !== "idle";
  const result = fetcher.data ?? (actionData?.intent === intent ? actionData : undefined);
  const refusal = result && !result.ok ? result : undefined;
  const errors = refusal?.errors ?? {};
  const errorId = `${intent}-error`;
  return (
    <fetcher.Form method="post" onSubmit={ignoreWhilePending(pending)} className="space-y-3">
      <EnhancedFields returnTo={`/app/admin/members/${memberId}`} />
      <input type="hidden" name="intent" value={intent} />
      {children?.(errors)}
      {note ? (
        <div>
          <label htmlFor={`${intent}-note`} className="text-sm font-medium text-slate-700">
            Note for the audit log (optional)
          </label>
          <textarea
            id={`${intent}-note`}
            name="note"
            rows={2}
            maxLength={MAX_NOTE_LENGTH}
            className={fieldClass}
            aria-invalid={errors.note ? true : undefined}
          />
        </div>
      ) : null}
      {refusal?.message ? (
        <p id={errorId} role="alert" className="text-sm font-medium break-words text-red-700">
          {refusal.message}
        </p>
      ) : null}
      <button type="submit" aria-disabled={pending || undefined} className={style}>
        {pending ? pendingLabel : label}
      </button>
    </fetcher.Form>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="min-w-0 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

const hiddenMark = <span className="ml-2 rounded-full bg-red-50 px-2 py-0.5 text-xs font-semibold text-red-800">Hidden</span>;

/** What the admin's member loader sends: the member's record, the admin's own id, the first day a suspension may end on, and the admin's time zone. */
export type AdminMemberPageData = { detail: MemberDetail; adminId: number; firstEndDay: string; timeZone: string };

/** One member for an admin: their record, the forms that change their marks, role and suspension, their content, reports and audit. */
export function AdminMemberPage({ page, actionData }: { page: AdminMemberPageData; actionData: MemberActionResult | undefined }) {
  const { detail, adminId, firstEndDay, timeZone } = page;
  const { user, recent_content: content, reports, audit } = detail;
  const shared = { memberId: user.id, actionData };
  const isSelf = user.id === adminId;
  return (
    <div className="space-y-4">
      <p className="text-sm">
        <Link to="/app/admin/members" className="font-medium text-brand-700 hover:underline">
          All members
        </Link>
      </p>
      <header className="min-w-0">
        <h1 className="text-xl font-semibold break-words text-slate-900">{user.username}</h1>
        <p className="text-sm break-all text-slate-600">{user.email}</p>
        <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
          <dt className="text-slate-500">Role</dt>
          <dd className="text-slate-900">{user.role === "admin" ? "Admin" : "Member"}</dd>
          <dt className="text-slate-500">Marks</dt>
          <dd className="text-slate-900">
            {[user.is_verified ? "Verified" : "Not verified", AUTHOR_TYPE_LABELS[user.author_type]].join(" · ")}
          </dd>
          <dt className="text-slate-500">Joined</dt>
          <dd className="text-slate-900">{dateTime(user.created_at, timeZone)}</dd>
          <dt className="text-slate-500">Activity</dt>
          <dd className="text-slate-900">
            {countOf(user.posts_count, "post")} · {countOf(user.open_reports_count, "open report")}
          </dd>
          <dt className="text-slate-500">Status</dt>
          <dd className="break-words text-slate-900">
            {user.suspended
              ? `Suspended ${suspensionEndPhrase(user.suspended.until ? Date.parse(user.suspended.until) : null)}: ${user.suspended.reason}`
              : "Active"}
          </dd>
        </dl>
      </header>

      <div className="grid gap-4 lg:grid-cols-2">
        <Section id="verified-title" title="Verified mark">
          {user.is_verified ? (
            <ActionForm intent="unverify" label="Remove verified mark" pendingLabel="Removing…" style={quiet} {...shared} />
          ) : (
            <ActionForm intent="verify" label="Verify" pendingLabel="Verifying…" {...shared} />
          )}
        </Section>

        <Section id="author-type-title" title="Author type">
          <ActionForm intent="author-type" label="Save" pendingLabel="Saving…" {...shared}>
            {(errors) => (
              <div>
                <label htmlFor="author-type" className="text-sm font-medium text-slate-700">
                  How their posts are marked
                </label>
                <select
                  id="author-type"
                  name="author_type"
                  defaultValue={user.author_type}
                  key={user.author_type}
                  className={fieldClass}
                  aria-invalid={errors.author_type ? true : undefined}
                >
                  {AUTHOR_TYPES.map((type) => (
                    <option key={type} value={type}>
                      {AUTHOR_TYPE_LABELS[type]}
                    </option>
                  ))}
                </select>
              </div>
            )}
          </ActionForm>
        </Section>

        <Section id="role-title" title="Admin role">
          {user.role === "admin" ? (
            <ActionForm
              intent="revoke"
              label={isSelf ? "Give up my admin role" : "Revoke admin"}
              pendingLabel="Revoking…"
              style={quiet}
              {...shared}
            />
          ) : (
            <ActionForm intent="grant" label="Make admin" pendingLabel="Saving…" {...shared} />
          )}
        </Section>

        <Section id="suspension-title" title="Suspension">
          {user.suspended ? (
            <ActionForm intent="lift" label="Lift suspension" pendingLabel="Lifting…" {...shared} />
          ) : (
            <ActionForm intent="suspend" label="Suspend" pendingLabel="Suspending…" style={danger} note={false} {...shared}>
              {(errors) => (
                <>
                  <div>
                    <label htmlFor="suspend-reason" className="text-sm font-medium text-slate-700">
                      Reason (the member is told)
                    </label>
                    <textarea
                      id="suspend-reason"
                      name="reason"
                      rows={3}
                      required
                      maxLength={MAX_NOTE_LENGTH}
                      className={fieldClass}
                      aria-invalid={errors.reason ? true : undefined}
                      aria-describedby={errors.reason ? "suspend-reason-error" : undefined}
                    />
                    {errors.reason ? (
                      <p id="suspend-reason-error" className="mt-1 text-sm text-red-700">
                        {errors.reason}
                      </p>
                    ) : null}
                  </div>
                  <fieldset className="min-w-0 space-y-2">
                    <legend className="text-sm font-medium text-slate-700">Until</legend>
                    <div>
                      <label htmlFor="suspend-until" className="text-sm text-slate-700">
                        The day it ends
                      </label>
                      <input
                        id="suspend-until"
                        type="date"
                        name="until"
                        min={firstEndDay}
                        className={fieldClass}
                        aria-invalid={errors.until ? true : undefined}
                        aria-describedby={errors.until ? "suspend-until-error" : undefined}
                      />
                    </div>
                    <label className="flex items-center gap-2 text-sm text-slate-700">
                      <input type="checkbox" name="indefinitely" value="on" className="size-4" />
                      Indefinitely (until an admin lifts it)
                    </label>
                    {errors.until ? (
                      <p id="suspend-until-error" className="text-sm text-red-700">
                        {errors.until}
                      </p>
                    ) : null}
                  </fieldset>
                </>
              )}
            </ActionForm>
          )}
        </Section>
      </div>

      <Section id="content-title" title="Recent content">
        <div className="grid gap-4 md:grid-cols-3">
          <div className="min-w-0">
            <h3 className="font-medium text-slate-900">Posts</h3>
            {content.posts.length === 0 ? (
              <p className="text-sm text-slate-600">None.</p>
            ) : (
              <ul className="mt-1 space-y-1 text-sm">
                {content.posts.map((post) => (
                  <li key={post.id} className="break-words">
                    <Link to={`/app/community?post=${post.id}`} className="text-brand-700 hover:underline">
                      {post.title}
                    </Link>
                    {post.hidden ? hiddenMark : null}
                  </li>
                ))}
              </ul>
            )}
          </div>
          <div className="min-w-0">
            <h3 className="font-medium text-slate-900">Comments</h3>
            {content.comments.length === 0 ? (
              <p className="text-sm text-slate-600">None.</p>
            ) : (
              <ul className="mt-1 space-y-1 text-sm">
                {content.comments.map((comment) => (
                  <li key={comment.id} className="break-words">
                    <Link to={`/app/community?post=${comment.post_id}`} className="text-brand-700 hover:underline">
                      {comment.excerpt}
                    </Link>
                    {comment.hidden ? hiddenMark : null}
                  </li>
                ))}
              </ul>
            )}
          </div>
          <div className="min-w-0">
            <h3 className="font-medium text-slate-900">Listings</h3>
            {content.listings.length === 0 ? (
              <p className="text-sm text-slate-600">None.</p>
            ) : (
              <ul className="mt-1 space-y-1 text-sm">
                {content.listings.map((listing) => (
                  <li key={listing.id} className="break-words">
                    <Link to={`/app/marketplace/${listing.id}`} className="text-brand-700 hover:underline">
                      {listing.title}
                    </Link>
                    {listing.hidden ? hiddenMark : null}
                  </li>
                ))}
              </ul>
            )}
          </div>
        </div>
      </Section>

      <Section id="reports-title" title="Reports about them">
        {reports.length === 0 ? (
          <p className="text-sm text-slate-600">No reports.</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {reports.map((report) => (
              <li key={report.id} className="min-w-0 py-2 text-sm">
                <p className="break-words text-slate-900">
                  <span className="font-medium">{REASON_LABELS[report.reason]}</span> ·{" "}
                  {report.target_type === "user" ? "the member" : `their ${TARGET_LABELS[report.target_type]}`} · reported by{" "}
                  <MemberLink member={report.reporter} admin className="text-brand-700 underline" /> ·{" "}
                  {STATE_LABELS[report.state]}
                </p>
                <p className="text-xs text-slate-500">{dateTime(report.created_at, timeZone)}</p>
                {report.note ? <p className="break-words whitespace-pre-line text-slate-700">{report.note}</p> : null}
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section id="history-title" title="What admins did">
        {audit.length === 0 ? (
          <p className="text-sm text-slate-600">Nothing yet.</p>
        ) : (
          <ul className="-mx-4 divide-y divide-slate-100">
            {audit.map((entry) => (
              <AuditEntry key={entry.id} entry={entry} timeZone={timeZone} />
            ))}
          </ul>
        )}
      </Section>
    </div>
  );
}
