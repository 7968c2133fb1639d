import { ArrowLeft } from "~/components/icons";
import { Form, Link, redirect, useNavigation } from "react-router";
import { ErrorSummary } from "~/components/forms";
import { ListingFields, listingFieldIds, type ListingFormValues } from "~/components/marketplace/listing-form";
import { RouteError } from "~/components/route-error";
import { readListingSubmission } from "~/features/exchange/listing-submission.server";
import { createListing } from "~/features/exchange/listings.server";
import { createListingFromLot, lotToListFrom } from "~/features/lots/lots.server";
import { kg } from "~/components/lots/weights";
import { formErrorsOf, fromListingForm, listingSchema } from "~/features/exchange/schemas";
import { fieldErrors, ignoreWhilePending } from "~/lib/forms";
import { answerInPlace } from "~/services/http/form-action.server";
import { requireUser } from "~/services/session.server";
import { flashToastHeader } from "~/services/http/toast.server";
import type { Route } from "./+types/marketplace-new";
import { PendingButton } from "~/components/ui/pending-button";

export const meta: Route.MetaFunction = () => [{ title: "List something · Marketplace · Circular Hub" }];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  // "List from this lot" on a lot's page: the listing is made from that lot, by weight.
  return { fromLot: await lotToListFrom(user.id, new URL(request.url).searchParams.get("lot")) };
}

/** What the form sent, as text, to fill it again beside the reasons it was refused. */
const textValues = (fields: Record<string, unknown>): ListingFormValues =>
  Object.fromEntries(Object.entries(fields).flatMap(([name, value]) => (typeof value === "string" ? [[name, value]] : [])));

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const submission = await readListingSubmission(request, user.id);
  if (!submission.ok) {
    const { reason, message, errors } = submission;
    // Refused for its text before its photos were read: the form comes back as it was sent.
    return answerInPlace({ ok: false as const, reason, message, errors, values: textValues(submission.fields ?? {}) });
  }
  try {
    return await createFromForm(user, submission);
  } finally {
    await submission.discard();
  }
}

async function createFromForm(
  user: Awaited<ReturnType<typeof requireUser>>,
  submission: Extract<Awaited<ReturnType<typeof readListingSubmission>>, { ok: true }>,
) {
  const values = textValues(submission.fields);
  const { fields, priceError } = fromListingForm(submission.fields);
  if (priceError) {
    // Nothing is saved: the other fields' errors are shown beside the price's all the same.
    const checked = listingSchema.safeParse(fields);
    const errors = { ...(checked.success ? {} : formErrorsOf(fieldErrors(checked.error))), price: priceError };
    return answerInPlace({ ok: false as const, reason: "invalid" as const, message: priceError, errors, values });
  }
  const lotId = submission.fields.lot_id;
  const outcome =
    typeof lotId === "string" && lotId !== ""
      ? await createListingFromLot(user, lotId, fields, submission.photos)
      : await createListing(user, fields, submission.photos);
  if (!outcome.ok) {
    const { reason, message } = outcome;
    return answerInPlace({ ok: false as const, reason, message, errors: formErrorsOf(outcome.errors), values });
  }
  return redirect(`/app/marketplace/${outcome.listing.id}`, {
    headers: { "Set-Cookie": await flashToastHeader({ type: "success", title: outcome.message }) },
  });
}

export default function NewListing({ loaderData, actionData }: Route.ComponentProps) {
  const { fromLot } = loaderData;
  const navigation = useNavigation();
  const pending = navigation.state === "submitting";
  const refused = actionData && !actionData.ok ? actionData : undefined;
  const values: ListingFormValues =
    refused?.values ??
    (fromLot
      ? { unit: "kg", quantity: String(fromLot.freeKg), material: fromLot.lot.material, handover: "collection" }
      : { unit: "piece", handover: "collection" });
  const errors: Record<string, string | undefined> = refused?.errors ?? {};

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <Link to="/app/marketplace" className="inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 hover:underline">
        <ArrowLeft aria-hidden className="size-4" /> Back to the marketplace
      </Link>
      <section aria-labelledby="new-listing-title" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
        <h2 id="new-listing-title" className="text-2xl font-bold text-slate-900">
          List something
        </h2>
        <p className="mt-2 text-slate-600">
          Offer materials or goods for sale, give them to a good home, or say what you are looking for. Members ask for it, you
          accept, and you arrange the handover between you.
        </p>
        {fromLot ? (
          <p className="mt-3 rounded-lg bg-brand-50 px-4 py-3 text-sm break-words text-slate-800">
            From lot {fromLot.lot.id}
            {fromLot.lot.note_number ? ` (note ${fromLot.lot.note_number})` : ""}: list at most {kg(fromLot.freeKg)}, in kg or t.
            The codes and description may change if you treated it.
          </p>
        ) : null}
        {refused && (refused.message || Object.keys(errors).length) ? (
          <div className="mt-4">
            <ErrorSummary
              errors={errors}
              fieldIds={listingFieldIds()}
              message={
                Object.keys(errors).length
                  ? `The listing was not saved${errors.photos ? "" : ": attach any photos again"}.`
                  : refused.message
              }
            />
          </div>
        ) : null}
        <Form
          method="post"
          encType="multipart/form-data"
          className="mt-6 space-y-6"
          onSubmit={ignoreWhilePending(pending)}
          // A refused listing renders the form again with what was sent.
          key={refused ? JSON.stringify(refused.values) : "new"}
        >
          {fromLot ? <input type="hidden" name="lot_id" value={fromLot.lot.id} /> : null}
          <ListingFields values={values} errors={errors} photos />
          <PendingButton pending={pending} label="Publish listing" pendingLabel="Publishing…" />
        </Form>
      </section>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} links={[{ to: "/app/marketplace", label: "Back to the marketplace" }]} />;
}
