import { Monitor, Moon, Sun } from "~/components/icons";
import { useFetcher, useFetchers, useLocation, useRouteLoaderData } from "react-router";
import { EnhancedFields } from "~/components/enhanced-form";
import type { loader as rootLoader } from "~/root";
import { THEME_CHOICES, type Theme, type ThemeChoice } from "~/services/theme";

const ICONS = { light: Sun, dark: Moon, system: Monitor } as const;

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

/** The theme the page shows: the one being chosen, else the one stored. */
export function useTheme(): Theme {
  const stored = useRouteLoaderData<typeof rootLoader>("root")?.theme ?? null;
  const optimistic = useOptimisticTheme();
  return optimistic === undefined ? stored : optimistic;
}

/**
 * Light / Dark / System as three toggle buttons of one form. Each is a submit button, so the
 * switch works without JavaScript (the form posts to /theme, which stores the choice and sends
 * the member back to this page); with JavaScript a fetcher sends it and the page changes at once.
 */
export function ThemeSwitch({ className = "" }: { className?: string }) {
  const fetcher = useFetcher();
  const { pathname, search } = useLocation();
  const current: ThemeChoice = useTheme() ?? "system";
  return (
    <fetcher.Form method="post" action="/theme" className={className}>
      <EnhancedFields returnTo={pathname + search} returnToName="redirectTo" />
      <fieldset>
        <legend className="text-xs font-medium text-slate-500">Theme</legend>
        <div className="mt-1 grid grid-cols-3 gap-1 rounded-lg bg-slate-100 p-1">
          {THEME_CHOICES.map(({ value, label }) => {
            const Icon = ICONS[value];
            const pressed = current === value;
            return (
              <button
                key={value}
                type="submit"
                name="theme"
                value={value}
                aria-pressed={pressed}
                className={`flex min-w-0 items-center justify-center gap-1 rounded-md px-1.5 py-1 text-xs font-medium ${
                  pressed ? "bg-white text-slate-900 shadow-sm" : "text-slate-600 hover:text-slate-900"
                }`}
              >
                <Icon aria-hidden className="size-3.5 shrink-0" />
                {label}
              </button>
            );
          })}
        </div>
      </fieldset>
    </fetcher.Form>
  );
}
