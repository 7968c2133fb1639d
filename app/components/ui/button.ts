/**
 * The house's button looks, one place for each. A sent form's button stays in the page with
 * aria-disabled (not disabled: it keeps its focus and is still read out), so each look says how it
 * shows that: a waiting cursor, dimmed.
 */
export const primaryButton =
  "rounded-lg bg-brand-600 px-4 py-2.5 font-semibold text-white hover:bg-brand-700 aria-disabled:cursor-wait aria-disabled:opacity-70";
export const dangerButton =
  "rounded-lg bg-red-700 px-4 py-2.5 font-semibold text-white hover:bg-red-800 aria-disabled:cursor-wait aria-disabled:opacity-70";
export const quietButton =
  "rounded-lg px-3 py-2 text-sm font-semibold text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50 aria-disabled:cursor-wait aria-disabled:opacity-70";
