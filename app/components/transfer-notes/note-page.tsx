import { Link } from "~/lib/link";
import { WasteCodesAttribution } from "~/components/waste-codes/waste-codes-attribution";
import { DWT_ATTRIBUTION, type NoteSheet, type SheetLine, type SheetSection } from "~/features/transfer-notes/note-sheet";

/** One A4 sheet when printed: the page's own margins, nothing of the app around it (the shell hides itself in print). */
const PRINT_CSS = `@page { size: A4; margin: 10mm 12mm; }
@media print {
  #main { padding: 0 !important; }
  .transfer-note { box-shadow: none !important; padding: 0 !important; font-size: 8pt; line-height: 1.3; }
  .transfer-note * { font-size: inherit; line-height: inherit; }
  .transfer-note h2 { font-size: 14pt; }
  .transfer-note h3, .transfer-note .note-number { font-size: 9.5pt; }
  .transfer-note .note-footer { font-size: 6pt; }
  .transfer-note .note-footer * { margin-top: 0; }
}`;

function Lines({ lines }: { lines: SheetLine[] }) {
  return (
    <dl className="grid grid-cols-1 gap-x-3 gap-y-1 text-sm sm:grid-cols-[10rem_minmax(0,1fr)] print:grid-cols-[7.5rem_minmax(0,1fr)] print:gap-y-0">
      {lines.map((line, index) => (
        <div key={index} className="contents">
          <dt className="font-medium text-slate-600">{line.label}</dt>
          <dd className="min-w-0 break-words text-slate-900">{line.value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Section({ section, id }: { section: SheetSection; id: string }) {
  return (
    <section aria-labelledby={id} className="min-w-0 break-inside-avoid">
      <h3
        id={id}
        className="mb-1.5 border-b border-slate-300 pb-1 text-base font-semibold text-slate-900 print:mb-0.5 print:pb-0.5"
      >
        {section.title}
      </h3>
      <Lines lines={section.lines} />
    </section>
  );
}

const link = "font-medium text-brand-700 underline";

/** /app/transfer-notes/:id: a note laid out as a duty-of-care transfer note, printable on one A4 sheet. */
export function TransferNotePage({ id, sheet, isTransferee }: { id: number; sheet: NoteSheet; isTransferee: boolean }) {
  return (
    <div className="mx-auto max-w-4xl min-w-0 space-y-4">
      <style>{PRINT_CSS}</style>
      <nav aria-label="This note" className="flex flex-wrap gap-x-4 gap-y-2 print:hidden">
        <Link to="/app/transfer-notes" className={link}>
          All transfer notes
        </Link>
        <a href={`/api/transfer-notes/${id}/pdf`} className={link}>
          Download the PDF
        </a>
        {sheet.replacedBy ? null : (
          <Link to={`/app/transfer-notes/${id}/correct`} className={link}>
            Correct this note
          </Link>
        )}
        {isTransferee ? (
          <Link to={`/app/transfer-notes/${id}/dwt`} className={link}>
            Receipt for digital waste tracking
          </Link>
        ) : null}
      </nav>
      <article
        className="transfer-note min-w-0 space-y-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6 print:space-y-2"
        aria-labelledby="note-title"
      >
        <header className="space-y-1">
          <div className="flex flex-wrap items-baseline justify-between gap-x-4">
            <h2 id="note-title" className="text-2xl font-bold text-slate-900">
              Waste transfer note
            </h2>
            <p className="note-number text-lg font-semibold break-words text-slate-900">{sheet.number}</p>
          </div>
          <p className="text-sm text-slate-600">
            Duty of care: Environmental Protection Act 1990, section 34, and the Waste (England and Wales) Regulations 2011. Keep
            this note until {sheet.retainUntil}.
          </p>
          {sheet.replaces ? (
            <p className="text-sm font-medium text-slate-900">
              Replaces{" "}
              <Link to={`/app/transfer-notes/${sheet.replaces.id}`} className={link}>
                {sheet.replaces.number}
              </Link>
            </p>
          ) : null}
          {sheet.replacedBy ? (
            <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900">
              Replaced by{" "}
              <Link to={`/app/transfer-notes/${sheet.replacedBy.id}`} className="underline">
                {sheet.replacedBy.number}
              </Link>
              : that note corrects this one.
            </p>
          ) : null}
        </header>
        <div className="grid min-w-0 gap-4 md:grid-cols-2 print:grid-cols-2 print:gap-3">
          {sheet.parties.map((section, index) => (
            <Section key={section.title} section={section} id={`party-${index}`} />
          ))}
        </div>
        {sheet.sections.map((section, index) => (
          <Section key={section.title} section={section} id={`section-${index}`} />
        ))}
        <Section
          section={{ title: "Declaration", lines: [{ label: "Waste hierarchy", value: sheet.declaration }] }}
          id="declaration"
        />
        <Section section={{ title: "Signatures", lines: sheet.signatures }} id="signatures" />
        <div className="note-footer">
          <WasteCodesAttribution />
          <p className="mt-2 text-xs text-slate-600">{DWT_ATTRIBUTION}</p>
        </div>
      </article>
    </div>
  );
}
