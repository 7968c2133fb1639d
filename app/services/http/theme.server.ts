import { z } from "zod";
import { getEnv } from "../env.server";
import { readCookie } from "../session.server";
import type { Theme, ThemeChoice } from "./theme";

/** The theme switch's memory: a cookie the root loader reads, so the server renders the theme. */
const THEME_COOKIE = "theme";
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/** The switch's form, read by /theme (on the server only, so the pages carry no zod for it). */
export const themeFormSchema = z.object({
  theme: z.enum(["light", "dark", "system"], { error: "Choose Light, Dark or System" }),
});

/** The stored choice; anything else (absent, edited by hand) is System. */
export function readTheme(request: Request): Theme {
  const value = readCookie(request, THEME_COOKIE);
  return value === "light" || value === "dark" ? value : null;
}

/** Light and Dark are kept for a year; System forgets the choice. */
export function themeCookieHeader(choice: ThemeChoice) {
  const parts =
    choice === "system"
      ? [`${THEME_COOKIE}=`, "Path=/", "Max-Age=0"]
      : [`${THEME_COOKIE}=${choice}`, "Path=/", `Max-Age=${ONE_YEAR_SECONDS}`];
  // Only the server reads it: the document arrives already themed, so no script needs it.
  parts.push("HttpOnly", "SameSite=Lax");
  if (getEnv().secureCookies) parts.push("Secure");
  return parts.join("; ");
}
