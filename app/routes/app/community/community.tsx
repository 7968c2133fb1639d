import type { ShouldRevalidateFunctionArgs } from "react-router";
import { RouteError } from "~/components/route-error";
import { messages } from "~/features/community/messages";
import type { CommunityActionResult } from "~/features/community/wire";
import { answerForm } from "~/services/http/form-action.server";
import { requireUser } from "~/services/session.server";
import { safeRedirect } from "~/lib/safe-redirect";
import { communityAction, landingPath, loadCommunity } from "~/features/community/page.server";
import { siteName, siteTitle } from "~/lib/site-title";
import type { Route } from "./+types/community";
import { CommunityPage } from "~/components/community/community-page";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: siteTitle(matches, "Community") },
  {
    name: "description",
    content: `The ${siteName(matches)} community feed: tips, projects, questions, news and local events from collectors, recyclers, buyers and logistics firms.`,
  },
];

export async function loader({ request, url }: Route.LoaderArgs) {
  const user = await requireUser(request);
  return loadCommunity(url, user);
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const { result, fields } = await communityAction(request, user);
  return answerForm(fields, result, {
    returnTo: landingPath(result, safeRedirect(fields.returnTo, { within: "/app/community" })),
    // A published post is created (201); every other answer's status is its reason's.
    status: result.ok && result.intent === "create" ? 201 : undefined,
    // A refused new post shows its dialog again with the errors; other refusals come back as a toast.
    failureInPlace: result.intent === "create",
    // A success says what it did only when there is something to say (a like shows on its button).
    toast: result.ok ? (result.toast ?? null) : undefined,
  });
}

/**
 * A form sent by script that never reaches the server (the connection dropped) answers like a
 * refusal, so the button that sent it goes back and says so, instead of the page giving way to
 * the error page. Redirects (a session that ended) still lead to sign-in.
 */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs): Promise<CommunityActionResult> {
  const intent = String((await request.clone().formData()).get("intent") ?? "create");
  try {
    return await serverAction();
  } catch (error) {
    if (error instanceof Response) throw error;
    console.warn("The community action could not be reached", error);
    return { intent, ok: false, message: messages.connectionLost, errors: {} };
  }
}

/** Posts made by script are shown from the fetchers' answers; the feed is reloaded only on request. */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formMethod && formMethod.toUpperCase() === "POST") return false;
  return defaultShouldRevalidate;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} links={[{ to: "/app/dashboard", label: "Go to the dashboard" }]} />;
}

export default function Community({ loaderData, actionData }: Route.ComponentProps) {
  return <CommunityPage page={loaderData} actionData={actionData} />;
}
