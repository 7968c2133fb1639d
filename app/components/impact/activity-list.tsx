import { Link } from "~/lib/link";
import type { ActivityView } from "~/features/impact/wire";
import { timeAgo } from "~/lib/dates";

/** The member's latest events, each linking to its page where it has one. */
export function ActivityList({ activity, now }: { activity: ActivityView[]; now: number }) {
  if (activity.length === 0) {
    return (
      <p className="mt-3 text-sm text-slate-500">
        Nothing yet. Record a load, list something on the marketplace or join the conversation in the community, and it shows
        here.
      </p>
    );
  }
  return (
    <ol className="mt-3 space-y-3">
      {activity.map((item, index) => (
        <li key={`${item.kind}-${item.at}-${index}`} className="flex min-w-0 gap-3 text-sm">
          <span aria-hidden className="mt-1.5 size-2 shrink-0 rounded-full bg-brand-500" />
          <span className="min-w-0 break-words">
            {item.href ? (
              <Link to={item.href} className="text-slate-700 hover:text-brand-700 hover:underline">
                {item.text}
              </Link>
            ) : (
              <span className="text-slate-700">{item.text}</span>
            )}
            <span className="block text-xs text-slate-500" suppressHydrationWarning>
              {timeAgo(item.at, now)}
            </span>
          </span>
        </li>
      ))}
    </ol>
  );
}
