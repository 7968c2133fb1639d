import { data, redirect } from "react-router";
import { ENHANCED_FIELD, type FormResult } from "~/lib/forms";
import { failureStatus } from "./api.server";
import { retryAfterHeaders } from "../rate-limit.server";
import type { ToastInput } from "./toast";
import { flashToastHeader } from "./toast.server";

/** A form as an action read it: the FormData, or its fields as a plain object. */
type Fields = FormData | Record<string, unknown>;
type AnswerInit = { status?: number; headers?: HeadersInit };

/** Whether the form was sent by script: components/enhanced-form.tsx adds the field once the page runs. */
export function isEnhanced(form: Fields) {
  return (form instanceof FormData ? form.get(ENHANCED_FIELD) : form[ENHANCED_FIELD]) === "1";
}

/**
 * The result as the page's data, for the page to render again with it (errors beside their fields,
 * a dialog with what was sent) or for the fetcher that sent the form. The status is `status`, else
 * 200 for a success and the failure reason's (api.server's FAILURE_STATUS); a refusal that says how
 * long to wait carries Retry-After.
 */
export function answerInPlace<Result extends FormResult>(result: Result, { status, headers }: AnswerInit = {}) {
  const all = new Headers(headers);
  if (!result.ok && "retryAfterSeconds" in result) {
    new Headers(retryAfterHeaders(result as { retryAfterSeconds?: number })).forEach((value, name) => all.set(name, value));
  }
  return data(result, { status: status ?? (result.ok ? 200 : failureStatus(result)), headers: all });
}

/**
 * The answer to a form that works with and without JavaScript. Sent by script (`_enhanced=1`): the
 * result as data, for the fetcher that sent it to show (useFormResult). Without script: a redirect
 * to `returnTo` with the result as a flash toast, which the page the member lands on shows; or, for
 * a failure with `failureInPlace` (a form whose fields show their errors), the page again with the
 * result. `returnTo` is a path the action built or a client's wish passed through safeRedirect.
 */
export async function answerForm<Result extends FormResult>(
  form: Fields,
  result: Result,
  {
    returnTo,
    toast = resultToast(result),
    failureInPlace = false,
    ...init
  }: AnswerInit & {
    returnTo: string;
    /** The landing's toast; by default the result's message (for a failure, an error toast). null: none. */
    toast?: ToastInput | null;
    failureInPlace?: boolean;
  },
) {
  if (isEnhanced(form) || (!result.ok && failureInPlace)) return answerInPlace(result, init);
  const headers = new Headers(init.headers);
  if (toast) headers.append("Set-Cookie", await flashToastHeader(toast));
  return redirect(returnTo, { headers });
}

function resultToast(result: FormResult): ToastInput | null {
  if (result.ok) return result.message ? { type: "success", title: result.message } : null;
  return { type: "error", title: result.message ?? "Something went wrong." };
}
