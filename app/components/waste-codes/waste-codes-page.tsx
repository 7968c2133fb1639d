import { WasteCodePicker, type WasteCodeFilters, type WasteCodeResults } from "./waste-code-picker";

/** /app/waste-codes: members browse the List of Waste before they describe a load. */
export function WasteCodesPage({ filters, results }: { filters: WasteCodeFilters; results: WasteCodeResults }) {
  return (
    <div className="mx-auto max-w-4xl min-w-0 space-y-6">
      <div>
        <h2 className="text-2xl font-bold text-slate-900">Waste codes</h2>
        <p className="mt-1 text-slate-600">
          The UK List of Waste: the six-digit code that names a load of waste on its transfer note. Search by what the waste is or
          by the first digits of its code.
        </p>
      </div>
      <WasteCodePicker filters={filters} results={results} />
    </div>
  );
}
