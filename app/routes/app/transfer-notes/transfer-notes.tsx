import { data } from "react-router";
import { RouteError } from "~/components/route-error";
import { RegisterPage, type RegisterFilters, type RegisterRefusal } from "~/components/transfer-notes/register-page";
import { registerLines, transferNoteRegister } from "~/features/transfer-notes/register.server";
import { isCalendarDay, NOTES_PER_PAGE, registerQuerySchema } from "~/features/transfer-notes/schemas";
import { requireUser } from "~/services/session.server";
import { siteTitle } from "~/lib/site-title";
import type { Route } from "./+types/transfer-notes";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: siteTitle(matches, "Transfer notes") }];

/**
 * The filters' refusal in the page's words, each beside its field. The schema's messages are the
 * API's ("from must not be after to"), which name its parameters; the page names its fields.
 */
const PAGE_WORDS = {
  role: "Choose handed over, received or both",
  from: "Give the first day as a date, such as 2026-03-01",
  to: "Give the last day as a date, such as 2026-03-31",
  range: "The first day must not be after the last",
  form: "There is no such page of notes: clear the filters or go to the first page.",
} as const;

function refusalOf(issues: readonly { path: readonly PropertyKey[] }[], filters: RegisterFilters): RegisterRefusal {
  const refusal: RegisterRefusal = {};
  for (const { path } of issues) {
    const field = path[0];
    if (field === "role") refusal.role = PAGE_WORDS.role;
    else if (field === "from" || field === "to") {
      // Both days real dates: what is wrong is their order (the schema names "from" for it).
      if (!isCalendarDay(filters[field])) refusal[field] = PAGE_WORDS[field];
      else if (isCalendarDay(filters.from) && isCalendarDay(filters.to)) refusal.range = PAGE_WORDS.range;
    } else refusal.form = PAGE_WORDS.form;
  }
  return Object.keys(refusal).length ? refusal : { form: "These filters are not valid." };
}

export async function loader({ request, url }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const params = Object.fromEntries(url.searchParams);
  const filters: RegisterFilters = { role: params.role ?? "", from: params.from ?? "", to: params.to ?? "" };
  const parsed = registerQuerySchema.safeParse(params);
  if (!parsed.success) {
    // The form shows what was asked, the reason beside each field, and no list that would not match it.
    const refusal = refusalOf(parsed.error.issues, filters);
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
