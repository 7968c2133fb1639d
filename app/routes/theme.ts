import { redirect } from "react-router";
import { invalidInput } from "~/lib/forms";
import { safeRedirect } from "~/lib/safe-redirect";
import { answerForm, answerInPlace } from "~/services/http/form-action.server";
import { themeOf } from "~/services/http/theme";
import { themeCookieHeader, themeFormSchema } from "~/services/http/theme.server";
import type { Route } from "./+types/theme";

// The switch is a form; a stray GET only goes home.
export const loader = () => redirect("/");

/**
 * POST /theme {theme: light | dark | system, redirectTo}: stores the choice in the `theme`
 * cookie. Without JavaScript it sends the member back to the page they were on; a fetcher
 * (`_enhanced=1`) gets the choice as data and the page re-renders in place.
 */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const parsed = themeFormSchema.safeParse({ theme: form.get("theme") });
  if (!parsed.success) return answerInPlace({ ...invalidInput(parsed.error), message: parsed.error.issues[0]!.message });
  const headers = { "Set-Cookie": themeCookieHeader(parsed.data.theme) };
  return answerForm(
    form,
    { ok: true, theme: themeOf(parsed.data.theme) },
    { returnTo: safeRedirect(form.get("redirectTo")), headers },
  );
}
