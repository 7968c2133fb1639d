/**
 * The member's colour theme: Light or Dark as chosen, or System (no choice stored, so the
 * browser's `prefers-color-scheme` decides). Shared by the switch, the root document and /theme.
 * No zod here: every page loads this module with the switch, and zod would add 25 KB to each.
 */
export const THEME_CHOICES = [
  { value: "light", label: "Light" },
  { value: "dark", label: "Dark" },
  { value: "system", label: "System" },
] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number]["value"];
/** What the document carries as `<html data-theme>`; null is System. */
export type Theme = Exclude<ThemeChoice, "system"> | null;

export const themeOf = (choice: ThemeChoice): Theme => (choice === "system" ? null : choice);
