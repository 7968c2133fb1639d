import { Link } from "~/lib/link";
import type { DwtReceiptAnswer } from "~/features/transfer-notes/wire";
import { DWT_ATTRIBUTION } from "~/features/transfer-notes/note-sheet";

type Field = { path: string; value: string };

/** The receipt's fields flattened to their DWT paths (wasteItems[0].weight.amount) and values, in order. */
function fieldsOf(value: unknown, path = ""): Field[] {
  if (value === null || typeof value !== "object") return [{ path, value: value === null ? "null" : String(value) }];
  const entries = Array.isArray(value)
    ? value.map((item, index) => [`${path}[${index}]`, item] as const)
    : Object.entries(value).map(([key, item]) => [path ? `${path}.${key}` : key, item] as const);
  return entries.flatMap(([itemPath, item]) => fieldsOf(item, itemPath));
}

const link = "font-medium text-brand-700 underline";

/** /app/transfer-notes/:id/dwt: the transferee's receipt as the service's fields, with what is missing and a JSON download. */
export function DwtReceiptPage({
  id,
  number,
  receipt,
  missing,
  errors,
  ready,
}: DwtReceiptAnswer & { id: number; number: string }) {
  return (
    <div className="mx-auto max-w-4xl min-w-0 space-y-6">
      <div>
        <h2 className="text-2xl font-bold break-words text-slate-900">Receipt of {number} for digital waste tracking</h2>
        <p className="mt-1 text-slate-600">
          The fields of the UK digital waste tracking service&apos;s receipt that this transfer note fills, checked against the
          service&apos;s rules. Your software adds its own API code when it sends the receipt.
        </p>
        <p className="mt-2 flex flex-wrap gap-x-4 gap-y-2">
          <Link to={`/app/transfer-notes/${id}`} className={link}>
            Back to the note
          </Link>
          <a href={`/api/transfer-notes/${id}/dwt?download=1`} className={link} download>
            Download the receipt as JSON
          </a>
        </p>
      </div>

      <p
        className={`rounded-lg px-4 py-3 text-sm font-medium ${ready ? "bg-green-50 text-green-900" : "bg-amber-50 text-amber-900"}`}
      >
        {ready
          ? "Ready to send: nothing the service requires is missing."
          : "Not ready to send yet: complete the fields below before your software sends it."}
      </p>

      {missing.length > 0 ? (
        <section aria-labelledby="missing-title" className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5">
          <h3 id="missing-title" className="text-lg font-semibold text-slate-900">
            Missing from the note
          </h3>
          <ul className="mt-2 space-y-2 text-sm">
            {missing.map((entry) => (
              <li key={entry.field} className="min-w-0">
                <code className="font-semibold break-all text-slate-900">{entry.field}</code>{" "}
                <span className="text-slate-600">({entry.required ? "required" : "optional"})</span>
                <span className="block break-words text-slate-700">{entry.why}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {errors.length > 0 ? (
        <section aria-labelledby="errors-title" className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-red-200 sm:p-5">
          <h3 id="errors-title" className="text-lg font-semibold text-red-800">
            Refused by the service&apos;s rules
          </h3>
          <ul className="mt-2 space-y-1 text-sm">
            {errors.map((error, index) => (
              <li key={index} className="break-words text-slate-800">
                <code className="break-all">{error.key}</code>: {error.message}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="fields-title" className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5">
        <h3 id="fields-title" className="text-lg font-semibold text-slate-900">
          The receipt&apos;s fields
        </h3>
        <dl className="mt-2 grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[minmax(0,16rem)_minmax(0,1fr)]">
          {fieldsOf(receipt).map((field) => (
            <div key={field.path} className="contents">
              <dt className="font-mono text-xs break-all text-slate-600 sm:text-sm">{field.path}</dt>
              <dd className="min-w-0 break-words text-slate-900">{field.value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <p className="text-xs text-slate-600">{DWT_ATTRIBUTION}</p>
    </div>
  );
}
