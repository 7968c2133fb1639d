import { redirect } from "react-router";
import { clearSessionCookie, deleteSession, getCurrentSession } from "~/services/session.server";
import { flashToastHeader } from "~/services/http/toast.server";
import type { Route } from "./+types/logout";

// Signing out changes state, so it is a POST; a stray GET only goes home.
export const loader = () => redirect("/");

export async function action({ request }: Route.ActionArgs) {
  const session = await getCurrentSession(request);
  if (session) await deleteSession(session.sessionId);
  const headers = new Headers();
  headers.append("Set-Cookie", clearSessionCookie());
  headers.append("Set-Cookie", await flashToastHeader({ type: "success", title: "Logged out successfully" }));
  return redirect("/", { headers });
}
