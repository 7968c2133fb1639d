import { useEffect, useRef } from "react";
import { toast } from "~/components/toaster";
import { ENHANCED_FIELD, RETURN_TO_FIELD, type FormResult } from "~/lib/forms";
import { useHydrated } from "~/lib/use-hydrated";

/**
 * The hidden fields of a form that works with and without JavaScript (the server's answerForm
 * reads them): the page to come back to when no script runs (`returnTo`; /theme calls it
 * `redirectTo`), and, once the page runs, `_enhanced=1`, so the action answers the fetcher with
 * data instead of a redirect.
 */
export function EnhancedFields({ returnTo, returnToName = RETURN_TO_FIELD }: { returnTo?: string; returnToName?: string }) {
  const hydrated = useHydrated();
  return (
    <>
      {returnTo !== undefined ? <input type="hidden" name={returnToName} value={returnTo} /> : null}
      {hydrated ? <input type="hidden" name={ENHANCED_FIELD} value="1" /> : null}
    </>
  );
}

/**
 * Calls `onResult` once for each answer a fetcher gets while this component is on screen, when
 * the fetcher is idle again. An answer that was there before (a keyed fetcher shared with a button
 * shown later, a component mounted again) is not told twice.
 */
export function useFormResult<Result extends FormResult>(
  fetcher: { state: string; data?: Result },
  onResult: (result: Result) => void,
) {
  const latest = useRef(onResult);
  useEffect(() => {
    latest.current = onResult;
  });
  const sent = useRef(false);
  useEffect(() => {
    if (fetcher.state !== "idle") {
      sent.current = true;
      return;
    }
    if (!sent.current || fetcher.data === undefined) return;
    sent.current = false;
    latest.current(fetcher.data);
  }, [fetcher.state, fetcher.data]);
}

/** An answer as a toast: its message on success (none without one), an error otherwise. */
export function toastResult(result: FormResult) {
  if (result.ok) {
    if (result.message) toast({ type: "success", title: result.message });
  } else {
    toast({ type: "error", title: result.message ?? "Something went wrong." });
  }
}
