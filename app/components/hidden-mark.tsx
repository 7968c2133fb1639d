/**
 * The mark on a post, comment or listing moderators hid. Only its author (owner) and admins are
 * shown such a thing at all: the author reads why nobody else sees it, an admin a short "Hidden".
 */
export function HiddenMark({ hidden, own, className = "" }: { hidden: boolean; own: boolean; className?: string }) {
  if (!hidden) return null;
  return (
    <span className={`inline-flex flex-wrap items-center gap-1 text-xs ${className}`} data-testid="hidden-mark">
      <span className="rounded-full bg-red-50 px-2 py-0.5 font-semibold text-red-800 ring-1 ring-red-200">
        {own ? "Hidden by moderators" : "Hidden"}
      </span>
      {own ? <span className="text-slate-700">Only you and moderators can see it.</span> : null}
    </span>
  );
}
