import { data } from "react-router";
import { RouteError } from "~/components/route-error";
import { TransferNotePage } from "~/components/transfer-notes/note-page";
import { noteSheet } from "~/features/transfer-notes/note-sheet";
import { transferNoteFor } from "~/features/transfer-notes/register.server";
import { NO_SUCH_NOTE } from "~/features/transfer-notes/schemas";
import { pathIdOr404 } from "~/lib/path-id";
import { requireUser } from "~/services/session.server";
import { siteTitle } from "~/lib/site-title";
import type { Route } from "./+types/transfer-note";

export const meta: Route.MetaFunction = ({ data: page, matches }) => [
  { title: page ? siteTitle(matches, `${page.sheet.title}`) : siteTitle(matches, "Transfer note") },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const note = await transferNoteFor(user.id, pathIdOr404(params.id, NO_SUCH_NOTE));
  if (!note) throw data(NO_SUCH_NOTE, { status: 404 });
  return { id: note.id, sheet: noteSheet(note), isTransferee: note.transferee.member_id === user.id };
}

export default function TransferNote({ loaderData }: Route.ComponentProps) {
  return <TransferNotePage {...loaderData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <RouteError
      error={error}
      notFound={{ title: "Transfer note not found", message: "This transfer note doesn't exist or isn't yours to see." }}
      links={[{ to: "/app/transfer-notes", label: "Back to transfer notes" }]}
    />
  );
}
