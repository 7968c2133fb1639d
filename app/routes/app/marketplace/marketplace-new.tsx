import { ArrowLeft } from "~/components/icons";
import { Form, redirect, useNavigation } from "react-router";
import { Link } from "~/lib/link";
import { ErrorSummary } from "~/components/forms";
import { ListingFields, listingFieldIds, type ListingFormValues } from "~/components/marketplace/listing-form";
import { RouteError } from "~/components/route-error";
import { readListingSubmission } from "~/features/exchange/listing-submission.server";
import { createListing } from "~/features/exchange/listings.server";
import { formErrorsOf, fromListingForm, listingSchema, wasteCodePick } from "~/features/exchange/schemas";
import { chosenWasteCodes } from "~/features/exchange/waste-listing.server";
import { wasteCodePickerState } from "~/features/waste-codes/codes.server";
import { useChosenWasteCodes, WasteCodeChooser, WasteListingFields } from "~/components/marketplace/waste-listing-fields";
import { needsOrganisation, OrganisationNeeded } from "~/components/marketplace/organisation-needed";
import { fieldErrors, ignoreWhilePending, type FailureReason } from "~/lib/forms";
import type { WasteCodeView } from "~/features/exchange/wire";
import { createListingFromLot, lotToListFrom } from "~/features/lots/lots.server";
import { kg } from "~/components/lots/weights";
import { answerInPlace } from "~/services/http/form-action.server";
import { requireUser } from "~/services/session.server";
import { flashToastHeader } from "~/services/http/toast.server";
import { siteTitle } from "~/lib/site-title";
import type { Route } from "./+types/marketplace-new";
import { PendingButton } from "~/components/ui/pending-button";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: siteTitle(matches, "List something · Marketplace") }];

export async function loader({ request, url }: Route.LoaderArgs) {
  const user = await requireUser(request);
  // "List from this lot" on a lot's page: the listing is made from that lot, by weight, its codes
  // chosen to start with (a treatment may change them).
  const fromLot = await lotToListFrom(user.id, url.searchParams.get("lot"));
  // A search of codes without JavaScript carries the codes already chosen.
  const codes = url.searchParams.get("ewc_codes") ?? fromLot?.lot.ewc_codes.join(",") ?? null;
  return { picker: wasteCodePickerState(url), chosen: chosenWasteCodes(codes), fromLot };
}

const LISTING_FORM = "listing-form";

/** What the form sent, as text, to fill it again beside the reasons it was refused. */
const textValues = (fields: Record<string, unknown>): ListingFormValues =>
  Object.fromEntries(Object.entries(fields).flatMap(([name, value]) => (typeof value === "string" ? [[name, value]] : [])));

type Refused = {
  ok: false;
  reason: FailureReason;
  message: string;
  errors: Record<string, string>;
  values: ListingFormValues;
  codes: WasteCodeView[];
};

/** The form again, beside the reasons it was refused (or with its codes changed), with its chosen codes described. */
function refusedForm(refusal: Omit<Refused, "ok" | "codes">, status?: number) {
  const answer: Refused = { ok: false, ...refusal, codes: chosenWasteCodes(refusal.values.ewc_codes) };
  return answerInPlace(answer, { status });
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const submission = await readListingSubmission(request, user.id);
  if (!submission.ok) {
    const { reason, message, errors } = submission;
    // Refused for its text before its photos were read: the form comes back as it was sent.
    return refusedForm({ reason, message, errors, values: textValues(submission.fields ?? {}) });
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
  const pick = wasteCodePick(submission.fields);
  if (pick) {
    // "Add" or "Remove" of a code without JavaScript: the form again with its codes changed, nothing saved.
    const errors: Record<string, string> = pick.error ? { ewc_codes: pick.error } : {};
    const picked = { ...values, ewc_codes: pick.codes };
    return refusedForm({ reason: "invalid", message: pick.error ?? "", errors, values: picked }, pick.error ? 400 : 200);
  }
  const { fields, priceError } = fromListingForm(submission.fields);
  if (priceError) {
    // Nothing is saved: the other fields' errors are shown beside the price's all the same.
    const checked = listingSchema.safeParse(fields);
    const errors = { ...(checked.success ? {} : formErrorsOf(fieldErrors(checked.error))), price: priceError };
    return refusedForm({ reason: "invalid", message: priceError, errors, values });
  }
  const lotId = submission.fields.lot_id;
  const outcome =
    typeof lotId === "string" && lotId !== ""
      ? await createListingFromLot(user, lotId, fields, submission.photos)
      : await createListing(user, fields, submission.photos);
  if (!outcome.ok) {
    const { reason, message } = outcome;
    return refusedForm({ reason, message, errors: formErrorsOf(outcome.errors), values });
  }
  return redirect(`/app/marketplace/${outcome.listing.id}`, {
    headers: { "Set-Cookie": await flashToastHeader({ type: "success", title: outcome.message }) },
  });
}

export default function NewListing({ actionData, loaderData }: Route.ComponentProps) {
  const refused = actionData && !actionData.ok ? actionData : undefined;
  // A refused or re-shown form starts again from what was sent, its codes included.
  return <NewListingPage key={refused ? JSON.stringify(refused.values) : "new"} refused={refused} loaderData={loaderData} />;
}

function NewListingPage({
  refused,
  loaderData,
}: {
  refused: Refused | undefined;
  loaderData: Route.ComponentProps["loaderData"];
}) {
  const { fromLot } = loaderData;
  const navigation = useNavigation();
  const pending = navigation.state === "submitting";
  const values: ListingFormValues =
    refused?.values ??
    (fromLot
      ? { unit: "kg", quantity: String(fromLot.freeKg), material: fromLot.lot.material, handover: "collection" }
      : { unit: "piece", handover: "collection" });
  const errors: Record<string, string | undefined> = refused?.errors ?? {};
  const { chosen, add, remove } = useChosenWasteCodes(refused ? refused.codes : loaderData.chosen);

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
        {needsOrganisation(refused?.message) ? (
          <div className="mt-4">
            <OrganisationNeeded message={refused?.message} />
          </div>
        ) : refused && (refused.message || Object.keys(errors).length) ? (
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
          id={LISTING_FORM}
          method="post"
          encType="multipart/form-data"
          className="mt-6 space-y-6"
          onSubmit={ignoreWhilePending(pending)}
        >
          {/* Enter in a field publishes: the first submit button of a form is its default, before any "Remove". */}
          <button type="submit" tabIndex={-1} aria-hidden="true" className="sr-only">
            Publish listing
          </button>
          {fromLot ? <input type="hidden" name="lot_id" value={fromLot.lot.id} /> : null}
          <ListingFields values={values} errors={errors} photos />
          <WasteListingFields values={values} errors={errors} chosen={chosen} remove={remove} />
        </Form>
        {/* The picker's search is a form of its own: beside the listing form, never inside it. */}
        <div className="mt-6">
          <WasteCodeChooser formId={LISTING_FORM} picker={loaderData.picker} chosen={chosen} add={add} />
        </div>
        <div className="mt-6">
          <PendingButton pending={pending} label="Publish listing" pendingLabel="Publishing…" form={LISTING_FORM} />
        </div>
      </section>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} links={[{ to: "/app/marketplace", label: "Back to the marketplace" }]} />;
}
