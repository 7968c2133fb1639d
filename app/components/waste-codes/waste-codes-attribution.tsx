import { OPEN_GOVERNMENT_LICENCE_URL, WASTE_CODES_ATTRIBUTION, WASTE_CODES_CAVEAT } from "~/features/waste-codes/attribution";

/** What the List of Waste's licences ask to be shown wherever its codes are, and what a code is not. */
export function WasteCodesAttribution() {
  return (
    <footer className="space-y-2 text-xs break-words text-slate-600" data-testid="waste-codes-attribution">
      <p>{WASTE_CODES_CAVEAT}</p>
      {WASTE_CODES_ATTRIBUTION.map((line) => (
        <p key={line}>{line}</p>
      ))}
      <p>
        <a href={OPEN_GOVERNMENT_LICENCE_URL} className="font-medium text-brand-700 underline">
          Open Government Licence v3.0
        </a>
        . No endorsement by the UK Government, its agencies or the European Union is implied.
      </p>
    </footer>
  );
}
