import { UserMinus, UserPlus } from "~/components/icons";
import { createContext, useContext } from "react";
import { useFetcher } from "react-router";
import { useFormResult } from "~/components/enhanced-form";
import { toast } from "~/components/toaster";
import type { CommunityActionResult } from "~/features/community/wire";
import { IntentFields } from "./intent-fields";

/** Who is looking, whom they follow (as last loaded or confirmed since), and how to note a change. */
export const FollowingContext = createContext<{
  viewerId: number;
  followed: ReadonlySet<number>;
  setFollowed: (authorId: number, following: boolean) => void;
}>({ viewerId: 0, followed: new Set(), setFollowed: () => {} });

/**
 * Follow or Unfollow, wherever an author's name shows (never for the member's own posts, nor the
 * sample post of the team). A form posted to the page's action: without JavaScript it comes back
 * to the post it was pressed on. With JavaScript every button for one author shares one fetcher
 * (its key), so they all change together: at once (optimistic), and back if the call fails.
 */
export function FollowButton({
  authorId,
  authorName,
  returnTo,
  postId,
}: {
  authorId: number;
  authorName: string;
  returnTo: string;
  /** The post the button sits on, to come back to it without JavaScript. */
  postId?: number;
}) {
  const { viewerId, followed, setFollowed } = useContext(FollowingContext);
  const fetcher = useFetcher<CommunityActionResult>({ key: `follow-${authorId}` });
  const answer = fetcher.data;
  let following = followed.has(authorId);
  if (fetcher.formData) following = fetcher.formData.get("intent") === "follow";
  else if (answer?.ok) following = Boolean(answer.following);

  useFormResult(fetcher, (result) => {
    if (result.ok) {
      // Kept for the page, so a later failure goes back to this, not to what the page loaded with.
      setFollowed(authorId, Boolean(result.following));
      if (result.toast) toast(result.toast);
    } else {
      const what = result.intent === "unfollow" ? "unfollow" : "follow";
      toast({ type: "error", title: `Could not ${what} ${authorName}`, message: result.message });
    }
  });

  if (authorId === viewerId || authorId === 0) return null;
  return (
    <fetcher.Form method="post" action="/app/community" preventScrollReset className="shrink-0">
      <IntentFields intent={following ? "unfollow" : "follow"} authorId={authorId} postId={postId} returnTo={returnTo} />
      <button
        type="submit"
        className={`inline-flex items-center gap-1 rounded-lg px-2.5 py-1 text-xs font-semibold ${
          following
            ? "bg-slate-100 text-slate-700 ring-1 ring-slate-300 hover:bg-slate-200"
            : "bg-brand-50 text-brand-700 ring-1 ring-brand-100 hover:bg-brand-100"
        }`}
      >
        {following ? <UserMinus aria-hidden className="size-3.5" /> : <UserPlus aria-hidden className="size-3.5" />}
        {following ? "Unfollow" : "Follow"}
        <span className="sr-only"> {authorName}</span>
      </button>
    </fetcher.Form>
  );
}
