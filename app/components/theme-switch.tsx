import { Monitor, Moon, Sun } from "~/components/icons";
import { useFetcher, useLocation } from "react-router";
import { EnhancedFields } from "~/components/enhanced-form";
import { useTheme } from "~/components/use-theme";
import { THEME_CHOICES, type ThemeChoice } from "~/services/http/theme";

const ICONS = { light: Sun, dark: Moon, system: Monitor } as const;

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
