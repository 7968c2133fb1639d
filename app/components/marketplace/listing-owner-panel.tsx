import { Form, useNavigation } from "react-router";
import { ErrorSummary } from "~/components/forms";
import { ListingFields, formValuesOf, listingFieldIds } from "~/components/marketplace/listing-form";
import { LISTING_STATUS_LABELS } from "~/features/exchange/vocabulary";
import type { ListingEditRefusal } from "~/features/exchange/wire";
import { ignoreWhilePending } from "~/lib/forms";
import type { ListingPageData } from "./listing-page";
import { OrganisationNeeded } from "./organisation-needed";
import { useChosenWasteCodes, WasteCodeChooser, WasteListingFields } from "./waste-listing-fields";

const EDIT_FORM = "edit-listing";

/** The owner's edit form, and beside it the waste codes to choose from. */
function EditListing({
  page,
  refusal,
  pendingIntent,
}: {
  page: ListingPageData;
  refusal: ListingEditRefusal | undefined;
  pendingIntent: FormDataEntryValue | null | undefined;
}) {
  const { chosen, add, remove } = useChosenWasteCodes(refusal?.codes ?? page.editCodes);
  return (
    <div className="space-y-6 px-4 pb-4">
      <Form id={EDIT_FORM} method="post" className="space-y-5" onSubmit={ignoreWhilePending(pendingIntent != null)}>
        {/* Enter in a field saves: the first submit button of a form is its default, before any "Remove". */}
        <button type="submit" tabIndex={-1} aria-hidden="true" className="sr-only">
          Save changes
        </button>
        <input type="hidden" name="intent" value="edit" />
        {refusal && (refusal.message || Object.keys(refusal.errors).length) ? (
          <ErrorSummary
            errors={refusal.errors}
            fieldIds={listingFieldIds("edit")}
            message={
              Object.keys(refusal.errors).length
                ? "The changes were not saved."
                : `The changes were not saved: ${refusal.message}`
            }
            heading="h4"
          />
        ) : null}
        <OrganisationNeeded message={refusal?.message} />
        <ListingFields values={refusal?.values ?? formValuesOf(page.listing)} errors={refusal?.errors ?? {}} idPrefix="edit" />
        <WasteListingFields
          values={refusal?.values ?? formValuesOf(page.listing)}
          errors={refusal?.errors ?? {}}
          chosen={chosen}
          remove={remove}
          idPrefix="edit"
        />
        <button
          type="submit"
          aria-disabled={pendingIntent != null || undefined}
          className="rounded-lg bg-brand-600 px-4 py-2.5 font-semibold text-white hover:bg-brand-700 aria-disabled:opacity-60"
        >
          {pendingIntent === "edit" ? "Saving…" : "Save changes"}
        </button>
      </Form>
      {page.picker ? <WasteCodeChooser formId={EDIT_FORM} picker={page.picker} chosen={chosen} add={add} /> : null}
    </div>
  );
}

/** The owner's edit form and status buttons. */
export function OwnerPanel({ page, refusal }: { page: ListingPageData; refusal: ListingEditRefusal | undefined }) {
  const { listing } = page;
  const navigation = useNavigation();
  const pendingIntent = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const moves = (
    [
      ["pause", "Pause", listing.status === "active"],
      ["reopen", "Reopen", listing.status !== "active"],
      ["close", "Close", listing.status !== "closed"],
    ] as const
  ).filter(([, , allowed]) => allowed);
  return (
    <section aria-labelledby="manage-title" className="space-y-4 rounded-2xl bg-white p-5 ring-1 ring-slate-200">
      <h3 id="manage-title" className="text-lg font-semibold text-slate-900">
        Your listing
      </h3>
      <p className="text-sm text-slate-600">
        Status: <strong>{LISTING_STATUS_LABELS[listing.status]}</strong>.{" "}
        {listing.status === "active" ? "Members can ask for it." : "It takes no requests until you reopen it."}
      </p>
      <Form method="post" className="flex flex-wrap gap-2" onSubmit={ignoreWhilePending(pendingIntent != null)}>
        {moves.map(([intent, label]) => (
          <button
            key={intent}
            type="submit"
            name="intent"
            value={intent}
            aria-disabled={pendingIntent != null || undefined}
            className="rounded-lg bg-white px-4 py-2 text-sm font-semibold text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50 aria-disabled:opacity-60"
          >
            {pendingIntent === intent ? `${label}…` : label}
          </button>
        ))}
      </Form>
      <details open={Boolean(refusal) || page.searching} className="rounded-xl ring-1 ring-slate-200">
        <summary className="cursor-pointer px-4 py-3 font-semibold text-slate-900">Edit listing</summary>
        <EditListing
          key={refusal ? JSON.stringify(refusal.values) : listing.updated_at}
          page={page}
          refusal={refusal}
          pendingIntent={pendingIntent}
        />
      </details>
    </section>
  );
}
