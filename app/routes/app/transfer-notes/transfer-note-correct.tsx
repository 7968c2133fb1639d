import { siteTitle } from "~/lib/site-title";
import { data } from "react-router";
import { RouteError } from "~/components/route-error";
import { NoteCorrectionPage } from "~/components/transfer-notes/correction-page";
import { correctableNote, correctNoteFromForm } from "~/features/transfer-notes/corrections.server";
import { NO_SUCH_NOTE } from "~/features/transfer-notes/schemas";
import { formDataObject } from "~/lib/forms";
import { pathIdOr404 } from "~/lib/path-id";
import { answerForm, answerInPlace } from "~/services/http/form-action.server";
import { requireUser } from "~/services/session.server";
import type { Route } from "./+types/transfer-note-correct";

export const meta: Route.MetaFunction = ({ data: page, matches }) => [
  { title: siteTitle(matches, page ? `Correct ${page.number}` : "Correct a transfer note") },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const id = pathIdOr404(params.id, NO_SUCH_NOTE);
  const note = await correctableNote(user, id);
  if (!note) throw data(NO_SUCH_NOTE, { status: 404 });
  return { id, ...note };
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request);
  const id = pathIdOr404(params.id, NO_SUCH_NOTE);
  const form = await request.formData();
  const fields = formDataObject(form);
  const outcome = await correctNoteFromForm(user, id, fields);
  if (!outcome.ok) {
    if (outcome.reason === "not-found") throw data(NO_SUCH_NOTE, { status: 404 });
    return answerInPlace({ ...outcome, values: fields });
  }
  return answerForm(
    form,
    { ok: true, message: `Correction ${outcome.note.number} issued` },
    { returnTo: `/app/transfer-notes/${outcome.note.id}` },
  );
}

export default function TransferNoteCorrect({ loaderData, actionData }: Route.ComponentProps) {
  return <NoteCorrectionPage {...loaderData} actionData={actionData} />;
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
