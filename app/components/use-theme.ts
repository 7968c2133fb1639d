import { useFetchers, useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "~/root";
import type { Theme } from "~/services/http/theme";

/**
 * The theme while a switch is being sent: the choice at once, before the server has answered
 * (the Epic Stack's optimistic theme). Undefined when no switch is under way.
 */
function useOptimisticTheme(): Theme | undefined {
  const pending = useFetchers().find((fetcher) => fetcher.formAction === "/theme" && fetcher.formData);
  const choice = pending?.formData?.get("theme");
  if (choice === "light" || choice === "dark") return choice;
  if (choice === "system") return null;
  return undefined;
}

/**
 * The theme the page shows: the one being chosen, else the one stored. Apart from the switch
 * itself (components/theme-switch.tsx) so that every page's document, the landing page's above
 * all, reads it without downloading the switch, its form helpers and its icons.
 */
export function useTheme(): Theme {
  const stored = useRouteLoaderData<typeof rootLoader>("root")?.theme ?? null;
  const optimistic = useOptimisticTheme();
  return optimistic === undefined ? stored : optimistic;
}
