import { Flag } from "~/components/icons";
import { Link } from "~/lib/link";
import { TARGET_LABELS, type ReportTarget } from "~/features/moderation/vocabulary";

/** The report page of a thing, coming back to `back` afterwards. */
export const reportHref = (type: ReportTarget, id: number, back: string) =>
  `/app/report/${type}/${id}?back=${encodeURIComponent(back)}`;

/**
 * "Report" beside a thing that is not the viewer's own, leading to the report page (a page of its
 * own, so it works without JavaScript); "Reported", not a link, once the viewer has reported it.
 */
export function ReportLink({
  type,
  id,
  own,
  reported,
  back,
  name,
  className = "",
}: {
  type: ReportTarget;
  id: number;
  own: boolean;
  reported: boolean;
  back: string;
  /** What the link reports, for a screen reader among many ("post: Free pallets"). */
  name: string;
  className?: string;
}) {
  if (own || id === 0) return null;
  if (reported) {
    return (
      <span className={`inline-flex items-center gap-1 text-xs font-medium text-slate-600 ${className}`}>
        <Flag aria-hidden className="size-3.5" /> Reported
      </span>
    );
  }
  return (
    <Link
      to={reportHref(type, id, back)}
      aria-label={`Report ${TARGET_LABELS[type]}: ${name}`}
      className={`inline-flex items-center gap-1 rounded text-xs font-medium text-slate-600 hover:text-red-700 hover:underline ${className}`}
    >
      <Flag aria-hidden className="size-3.5" /> Report
    </Link>
  );
}
