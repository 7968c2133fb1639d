import { WasteCodesAttribution } from "~/components/waste-codes/waste-codes-attribution";
import type { ListingView } from "~/features/exchange/wire";
import { CONTAINER_TYPE_LABELS, PHYSICAL_FORM_LABELS } from "~/features/waste-codes/vocabulary";

/** A waste listing's page: its codes with their descriptions (and the List of Waste's attribution), and what its transfer note will say. */
export function WasteDetails({
  listing,
}: {
  listing: Pick<ListingView, "ewc_codes" | "waste_description" | "physical_form" | "container_type" | "containers">;
}) {
  if (!listing.ewc_codes) return null;
  return (
    <section aria-labelledby="waste-details-title" className="space-y-3 rounded-xl bg-white p-4 ring-1 ring-slate-200">
      <h3 id="waste-details-title" className="text-lg font-semibold text-slate-900">
        Waste details
      </h3>
      <ul className="space-y-1.5" aria-label="Waste codes">
        {listing.ewc_codes.map((code) => (
          <li key={code.code} className="flex flex-wrap gap-x-3 text-sm">
            <span className="font-mono font-semibold whitespace-nowrap text-slate-900">{code.display_code}</span>
            <span className="min-w-0 flex-1 basis-40 text-slate-800">{code.description}</span>
          </li>
        ))}
      </ul>
      <dl className="grid grid-cols-2 gap-3">
        <div className="col-span-2 min-w-0">
          <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">Description of the waste</dt>
          <dd className="text-sm whitespace-pre-line text-slate-900">{listing.waste_description}</dd>
        </div>
        <div className="min-w-0">
          <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">Physical form</dt>
          <dd className="text-sm text-slate-900">{listing.physical_form ? PHYSICAL_FORM_LABELS[listing.physical_form] : null}</dd>
        </div>
        <div className="min-w-0">
          <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">Containers</dt>
          <dd className="text-sm text-slate-900">
            {listing.containers?.toLocaleString("en-US")} ×{" "}
            {listing.container_type ? CONTAINER_TYPE_LABELS[listing.container_type] : null}
          </dd>
        </div>
      </dl>
      <WasteCodesAttribution />
    </section>
  );
}
