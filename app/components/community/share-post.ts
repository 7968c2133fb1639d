import { toast } from "~/components/toaster";
import type { FeedPost } from "~/features/community/wire";

/** The address that opens a post on the community page. */
export const postLink = (origin: string, postId: number) => `${origin}/app/community?post=${postId}`;

export type ShareOutcome = "shared" | "copied" | "cancelled" | "unavailable";

/**
 * Shares a post's link the way the device can, and says which it did: the system's share sheet
 * (Web Share API) where the browser has one, else the clipboard; where neither works, a toast
 * shows the link to copy by hand. Must be called from the click itself: browsers open the share
 * sheet only in answer to one.
 */
export async function sharePost(post: Pick<FeedPost, "id" | "title">): Promise<ShareOutcome> {
  const url = postLink(window.location.origin, post.id);
  if (typeof navigator.share === "function") {
    try {
      await navigator.share({ title: post.title, url });
      toast({ type: "success", title: "Shared", message: "The post's link went to the app you chose." });
      return "shared";
    } catch (error) {
      // The member closed the share sheet: nothing was shared, and nothing needs saying.
      if (error instanceof DOMException && error.name === "AbortError") return "cancelled";
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    toast({ type: "success", title: "Link copied", message: "Paste it wherever you want to share the post." });
    return "copied";
  } catch {
    toast({ type: "info", title: "Copy this link to share the post", message: url, duration: 15_000 });
    return "unavailable";
  }
}
