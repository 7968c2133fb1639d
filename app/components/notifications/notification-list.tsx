import { Link } from "~/lib/link";
import { timeAgo } from "~/lib/dates";
import type { NotificationView } from "~/features/notifications/wire";

/**
 * Notifications as a list of links: each leads through /app/notifications/:id, which marks it read
 * and goes on to its thing. Unread ones stand out, and say so to screen readers too.
 */
export function NotificationList({
  notifications,
  now,
  compact = false,
}: {
  notifications: NotificationView[];
  now: number;
  compact?: boolean;
}) {
  return (
    <ul className={compact ? "space-y-1" : "divide-y divide-slate-100 rounded-2xl bg-white shadow-sm ring-1 ring-slate-200"}>
      {notifications.map((notification) => (
        <li key={notification.id}>
          <Link
            to={`/app/notifications/${notification.id}`}
            className={`flex min-w-0 items-start gap-3 rounded-lg ${compact ? "px-3 py-2" : "px-4 py-3"} hover:bg-slate-50 ${
              notification.read ? "text-slate-600" : "font-medium text-slate-900"
            }`}
          >
            <span
              aria-hidden
              className={`mt-1.5 size-2 shrink-0 rounded-full ${notification.read ? "bg-transparent" : "bg-brand-600"}`}
            />
            <span className="min-w-0 flex-1 break-words">
              {notification.read ? null : <span className="sr-only">Unread: </span>}
              {notification.text}
              <span className="block text-xs font-normal text-slate-500">
                <time dateTime={notification.updated_at} suppressHydrationWarning>
                  {timeAgo(notification.updated_at, now)}
                </time>
              </span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
