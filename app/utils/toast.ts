import { z } from "zod";

export const toastSchema = z.object({
  id: z.string().default(() => Math.random().toString(36).slice(2)),
  type: z.enum(["success", "error", "warning", "info"]).default("info"),
  title: z.string(),
  message: z.string().optional(),
});
export type Toast = z.infer<typeof toastSchema>;
export type ToastInput = z.input<typeof toastSchema>;

/** Spec §9: notification toasts last 5000 ms, errors 7000 ms; the community area uses 4000 ms. */
export function toastDuration(type: Toast["type"], area: "default" | "community" = "default") {
  if (area === "community") return 4000;
  return type === "error" ? 7000 : 5000;
}
export const MAX_TOASTS = 20;
