// No zod here: the toaster is on every page, and this module is all it needs in the browser.
export const TOAST_TYPES = ["success", "error", "warning", "info"] as const;
export type ToastType = (typeof TOAST_TYPES)[number];

/**
 * A toast's optional action: a link, which works without JavaScript too (a flash toast
 * carries it through its cookie), or, in the browser only, something to do on click.
 */
export type ToastAction = { label: string; href?: string; onClick?: () => void };

export type Toast = {
  id: string;
  type: ToastType;
  title: string;
  message?: string;
  /** How long it shows, in milliseconds; by default it depends on its type (toastDuration). */
  duration?: number;
  action?: ToastAction;
};
export type ToastInput = Omit<Toast, "id" | "type"> & { id?: string; type?: ToastType };

/** A toast with its defaults filled in: a random id and the info type. */
export function toToast(input: ToastInput): Toast {
  return {
    id: input.id ?? Math.random().toString(36).slice(2),
    type: input.type ?? "info",
    title: input.title,
    ...(input.message !== undefined ? { message: input.message } : {}),
    ...(input.duration !== undefined ? { duration: input.duration } : {}),
    ...(input.action !== undefined ? { action: input.action } : {}),
  };
}

/**
 * Success stays 2 seconds (a confirmation of what the member just saw happen), information
 * and warnings for 5, errors for 7 (they need reading, and often acting on). A toast with an action
 * stays at least 8 seconds, so that someone reaching it by keyboard gets there in time. A toast may
 * ask for its own duration.
 */
export const TOAST_DURATIONS: Record<ToastType, number> = { success: 2000, info: 5000, warning: 5000, error: 7000 };
export const MIN_ACTION_DURATION = 8000;

export function toastDuration(toast: Pick<Toast, "type" | "duration" | "action">) {
  if (toast.duration !== undefined) return toast.duration;
  const base = TOAST_DURATIONS[toast.type];
  return toast.action ? Math.max(base, MIN_ACTION_DURATION) : base;
}

/**
 * Two toasts say the same thing when their type, title, message and action label match: the
 * second is not shown again (the first one's time starts over), so a failure that several parts
 * of the page report, or a button pressed three times, shows once.
 */
export function sameToast(a: Toast, b: Toast) {
  return a.type === b.type && a.title === b.title && a.message === b.message && a.action?.label === b.action?.label;
}

/** Errors interrupt a screen reader (assertive); the rest waits for it to finish (polite). */
export const isUrgent = (toast: Pick<Toast, "type">) => toast.type === "error";

export const MAX_TOASTS = 20;
