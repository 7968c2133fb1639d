import { data } from "react-router";
import { RouteError } from "~/components/route-error";
import { RegisterPage, type RegisterFilters } from "~/components/transfer-notes/register-page";
import { registerLines, transferNoteRegister } from "~/features/transfer-notes/register.server";
import { NOTES_PER_PAGE, registerQuerySchema } from "~/features/transfer-notes/schemas";
import { requireUser } from "~/services/session.server";
import { siteTitle } from "~/lib/site-title";
import type { Route } from "./+types/transfer-notes";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: siteTitle(matches, "Transfer notes") }];

export async function loader({ request, url }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const params = Object.fromEntries(url.searchParams);
  const filters: RegisterFilters = { role: params.role ?? "", from: params.from ?? "", to: params.to ?? "" };
  const parsed = registerQuerySchema.safeParse(params);
  if (!parsed.success) {
    // The form shows what was asked beside the reason, and no list that would not match it.
    const refusal = parsed.error.issues[0]?.message ?? "These filters are not valid.";
    const empty = { notes: [], totals: [], pagination: { page: 1, limit: NOTES_PER_PAGE, total: 0, hasMore: false } };
    return data({ filters, refusal, ...empty }, { status: 400 });
  }
  const register = await transferNoteRegister(user.id, parsed.data);
  return { filters, refusal: null, ...register, notes: registerLines(user.id, register.notes) };
}

export default function TransferNotes({ loaderData }: Route.ComponentProps) {
  return <RegisterPage {...loaderData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} links={[{ to: "/app/dashboard", label: "Back to the dashboard" }]} />;
}
