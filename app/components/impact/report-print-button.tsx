import { Printer } from "~/components/icons";
import { useHydrated } from "~/lib/use-hydrated";

/** Prints the page; only once scripts run (without them, the browser's own Print does the same). */
export function ReportPrintButton() {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <button
      type="button"
      onClick={() => window.print()}
      className="inline-flex items-center gap-2 rounded-lg px-4 py-2 text-sm font-semibold text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50"
    >
      <Printer aria-hidden className="size-4" /> Print
    </button>
  );
}
