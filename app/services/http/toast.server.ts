import { createCookie } from "react-router";
import { z } from "zod";
import { isSafeRedirect } from "~/lib/safe-redirect";
import { getEnv, getJwtSecret } from "../env.server";
import { TOAST_TYPES, toToast, type Toast, type ToastInput } from "./toast";

/** A flash toast read back from its cookie is checked like any other input. */
const toastSchema = z.object({
  id: z.string(),
  type: z.enum(TOAST_TYPES),
  title: z.string(),
  message: z.string().optional(),
  duration: z.number().int().min(0).max(60_000).optional(),
  // Only a link can travel through a cookie; a local path, so a toast never sends anyone away.
  action: z.object({ label: z.string(), href: z.string().refine((href) => isSafeRedirect(href)) }).optional(),
});

/**
 * A toast that must survive a redirect (sign-in, sign-out) travels in a short-lived signed
 * cookie, is read by the next page's root loader and cleared there, so it shows even
 * without JavaScript.
 */
let cookie: ReturnType<typeof createCookie> | undefined;
function toastCookie() {
  cookie ??= createCookie("toast", {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: getEnv().secureCookies,
    maxAge: 60,
    secrets: [Buffer.from(getJwtSecret()).toString("base64")],
  });
  return cookie;
}

export async function flashToastHeader(toast: ToastInput) {
  return toastCookie().serialize(toToast(toast));
}

export async function readFlashToast(request: Request): Promise<{ toast: Toast | null; clearHeader: string | null }> {
  const header = request.headers.get("cookie");
  if (!header?.includes("toast=")) return { toast: null, clearHeader: null };
  const parsed = toastSchema.safeParse(await toastCookie().parse(header));
  return {
    toast: parsed.success ? parsed.data : null,
    clearHeader: await toastCookie().serialize("", { maxAge: 0 }),
  };
}
