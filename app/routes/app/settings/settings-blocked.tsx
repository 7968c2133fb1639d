import { UserX } from "~/components/icons";
import { useFetcher } from "react-router";
import { Link } from "~/lib/link";
import { quietButton } from "~/components/ui/button";
import { SettingsPage } from "~/components/account/settings-page";
import { EnhancedFields, toastResult, useFormResult } from "~/components/enhanced-form";
import { RouteError } from "~/components/route-error";
import { listPageSchema } from "~/features/community/schemas";
import { BLOCK_MESSAGES } from "~/features/moderation/blocks";
import { listBlocked, setBlocked, type BlockOutcome } from "~/features/moderation/blocks.server";
import { dateTime } from "~/lib/dates";
import { ignoreWhilePending } from "~/lib/forms";
import { answerForm } from "~/services/http/form-action.server";
import { requireUser } from "~/services/session.server";
import { memberTimeZone } from "~/services/http/time-zone.server";
import { siteTitle } from "~/lib/site-title";
import type { Route } from "./+types/settings-blocked";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: siteTitle(matches, "Blocked members · Settings") }];

const PAGE_SIZE = 20;
const RETURN_TO = "/app/settings/blocked";

export async function loader({ request, url }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const query = listPageSchema.safeParse({ page: url.searchParams.get("page") ?? undefined });
  const page = query.success ? query.data.page : 1;
  return { blocked: await listBlocked(user, { page, limit: PAGE_SIZE }), timeZone: memberTimeZone(request).timeZone };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const form = await request.formData();
  const id = /^[1-9]\d{0,15}$/.test(String(form.get("id") ?? "")) ? Number(form.get("id")) : NaN;
  const result: BlockOutcome = Number.isSafeInteger(id)
    ? await setBlocked(user, id, false)
    : { ok: false, reason: "not-found", message: BLOCK_MESSAGES.unknownMember, errors: {} };
  return answerForm(form, result, { returnTo: RETURN_TO });
}

function UnblockForm({ id, name }: { id: number; name: string }) {
  const fetcher = useFetcher<BlockOutcome>();
  useFormResult(fetcher, toastResult);
  const pending = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" onSubmit={ignoreWhilePending(pending)}>
      <EnhancedFields returnTo={RETURN_TO} />
      <input type="hidden" name="id" value={id} />
      <button type="submit" aria-disabled={pending || undefined} className={quietButton}>
        {pending ? "Unblocking…" : "Unblock"}
        <span className="sr-only"> {name}</span>
      </button>
    </fetcher.Form>
  );
}

export default function SettingsBlocked({ loaderData }: Route.ComponentProps) {
  const { blocked, timeZone } = loaderData;
  const { page, hasMore, total } = blocked.pagination;
  return (
    <SettingsPage
      id="blocked-title"
      title="Blocked members"
      intro="You don't see the posts, comments or listings of a member you blocked, and neither of you can message, order from, follow or notify the other. Block a member from their page; unblock them here."
    >
      {blocked.users.length ? (
        <ul className="mt-6 divide-y divide-slate-100" aria-label={`${total} blocked`}>
          {blocked.users.map((member) => (
            <li key={member.id} className="flex flex-wrap items-center gap-3 py-4">
              <UserX aria-hidden className="size-5 shrink-0 text-slate-500" />
              <div className="min-w-0 flex-1 break-words">
                <Link
                  to={`/app/members/${member.id}`}
                  className="font-semibold text-slate-900 hover:text-brand-700 hover:underline"
                >
                  {member.username}
                </Link>
                <p className="text-sm text-slate-600">Blocked {dateTime(member.blocked_at, timeZone)}</p>
              </div>
              <UnblockForm id={member.id} name={member.username} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-6 text-slate-700">{page > 1 ? "No more blocked members." : "You have not blocked anyone."}</p>
      )}
      {page > 1 || hasMore ? (
        <nav aria-label="Pages of blocked members" className="mt-4 flex gap-4 text-sm font-medium">
          {page > 1 ? (
            <Link to={`${RETURN_TO}?page=${page - 1}`} className="text-brand-700 hover:underline">
              Previous page
            </Link>
          ) : null}
          {hasMore ? (
            <Link to={`${RETURN_TO}?page=${page + 1}`} className="text-brand-700 hover:underline">
              Next page
            </Link>
          ) : null}
        </nav>
      ) : null}
    </SettingsPage>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} links={[{ to: "/app/settings", label: "Back to Settings" }]} />;
}
