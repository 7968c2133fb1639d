// No zod here: the toaster is on every page, and this module is all it needs in the browser.
export const TOAST_TYPES = ["success", "error", "warning", "info"] as const;
export type Toast = { id: string; type: (typeof TOAST_TYPES)[number]; title: string; message?: string };
export type ToastInput = { id?: string; type?: Toast["type"]; title: string; message?: string };

/** A toast with its defaults filled in: a random id and the info type. */
export function toToast(input: ToastInput): Toast {
  return {
    id: input.id ?? Math.random().toString(36).slice(2),
    type: input.type ?? "info",
    title: input.title,
    ...(input.message !== undefined ? { message: input.message } : {}),
  };
}

/** Spec §9: notification toasts last 5000 ms, errors 7000 ms; the community area uses 4000 ms. */
export function toastDuration(type: Toast["type"], area: "default" | "community" = "default") {
  if (area === "community") return 4000;
  return type === "error" ? 7000 : 5000;
}
export const MAX_TOASTS = 20;
