import { Bell, CheckCheck } from "~/components/icons";
import { Form, useNavigation, useRouteLoaderData } from "react-router";
import { Link } from "~/lib/link";
import { NotificationList } from "~/components/notifications/notification-list";
import { RouteError } from "~/components/route-error";
import { listNotifications, markRead } from "~/features/notifications/queries.server";
import { notificationListSchema } from "~/features/notifications/schemas";
import { ignoreWhilePending } from "~/lib/forms";
import { countOf } from "~/lib/plural";
import { answerForm } from "~/services/http/form-action.server";
import { requireUser } from "~/services/session.server";
import { siteTitle } from "~/lib/site-title";
import type { Route } from "./+types/notifications";
import { Spaced } from "~/components/spaced";
import { Pagination } from "~/components/ui/pagination";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: siteTitle(matches, "Notifications") }];

export async function loader({ request, url }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const parsed = notificationListSchema.safeParse(Object.fromEntries(url.searchParams));
  // A hand-edited address with a bad value shows the first page rather than an error.
  const query = parsed.success ? parsed.data : notificationListSchema.parse({});
  return { query, ...(await listNotifications(user.id, query)) };
}

/** "Mark all as read". */
export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const form = await request.formData();
  const { unread_count } = await markRead(user.id, undefined);
  return answerForm(
    form,
    { ok: true, message: "All notifications marked as read", unread_count },
    { returnTo: "/app/notifications" },
  );
}

function href(query: { unread: boolean; page: number }) {
  const params = new URLSearchParams();
  if (query.unread) params.set("unread", "1");
  if (query.page > 1) params.set("page", String(query.page));
  const search = params.toString();
  return `/app/notifications${search ? `?${search}` : ""}`;
}

const pill =
  "rounded-full px-3 py-1.5 text-sm font-medium ring-1 ring-slate-300 text-slate-700 hover:bg-slate-50 aria-[current=page]:bg-brand-600 aria-[current=page]:text-white aria-[current=page]:ring-brand-600";

export default function Notifications({ loaderData }: Route.ComponentProps) {
  const { query, notifications, unread_count: unread, pagination } = loaderData;
  const layout = useRouteLoaderData("routes/app/layout") as { timeZone?: string; now?: number } | undefined;
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && navigation.formAction === "/app/notifications";

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h2 className="text-2xl font-bold text-slate-900">Notifications</h2>
          <p className="mt-1 text-slate-600" aria-live="polite">
            {unread ? `${countOf(unread, "unread notification")}.` : "You have read everything."}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <Link to="/app/settings/notifications" className="text-sm font-medium text-brand-700 hover:underline">
            Notification settings
          </Link>
          {unread ? (
            <Form method="post" onSubmit={ignoreWhilePending(pending)}>
              <button
                type="submit"
                aria-disabled={pending || undefined}
                className="inline-flex items-center gap-1.5 rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 aria-disabled:cursor-wait aria-disabled:opacity-70"
              >
                <CheckCheck aria-hidden className="size-4" /> {pending ? "Marking…" : "Mark all as read"}
              </button>
            </Form>
          ) : null}
        </div>
      </div>

      <nav aria-label="Which notifications" className="flex flex-wrap gap-2">
        <Spaced>
          <Link to={href({ unread: false, page: 1 })} aria-current={!query.unread ? "page" : undefined} className={pill}>
            All
          </Link>
          <Link to={href({ unread: true, page: 1 })} aria-current={query.unread ? "page" : undefined} className={pill}>
            Unread
          </Link>
        </Spaced>
      </nav>

      {notifications.length === 0 ? (
        <div className="rounded-2xl bg-white p-8 text-center shadow-sm ring-1 ring-slate-200">
          <Bell aria-hidden className="mx-auto size-8 text-slate-400" />
          <h3 className="mt-2 text-lg font-semibold text-slate-900">
            {query.unread ? "Nothing unread" : "No notifications yet"}
          </h3>
          <p className="mt-2 text-slate-600">
            When members like or comment on your posts, follow you, or act on your orders, you hear about it here.
          </p>
        </div>
      ) : (
        <NotificationList notifications={notifications} now={layout?.now ?? Date.now()} />
      )}

      {query.page > 1 || pagination.hasMore ? (
        <Pagination
          previous={query.page > 1 ? { to: href({ ...query, page: query.page - 1 }), label: "Newer notifications" } : null}
          status={<>Page {query.page}</>}
          next={pagination.hasMore ? { to: href({ ...query, page: query.page + 1 }), label: "Older notifications" } : null}
        />
      ) : null}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} links={[{ to: "/app/dashboard", label: "Go to the dashboard" }]} />;
}
