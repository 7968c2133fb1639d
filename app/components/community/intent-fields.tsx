import { EnhancedFields } from "~/components/enhanced-form";

/**
 * The hidden fields every community form sends: what to do, to what, where to come back to
 * without JavaScript, and (once scripts run) that the answer may be data instead of a redirect.
 */
export function IntentFields({
  intent,
  returnTo,
  ...ids
}: {
  intent: string;
  returnTo: string;
  postId?: number;
  authorId?: number;
}) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      {ids.postId !== undefined ? <input type="hidden" name="postId" value={ids.postId} /> : null}
      {ids.authorId !== undefined ? <input type="hidden" name="authorId" value={ids.authorId} /> : null}
      <EnhancedFields returnTo={returnTo} />
    </>
  );
}
