import { Plus, X } from "~/components/icons";
import { useRef, useState, type KeyboardEvent } from "react";
import { ErrorMessage } from "~/components/forms";
import { normalizeTags } from "~/features/community/schemas";

/** Tags as chips (with JavaScript): Enter or a comma adds one, trimmed, never twice. */
export function TagInput({ error, initial, onChange }: { error?: string; initial: string[]; onChange: () => void }) {
  const [tags, setTags] = useState(initial);
  const [draft, setDraft] = useState("");
  const add = () => {
    const next = normalizeTags([...tags, draft]) ?? tags;
    setTags(next);
    setDraft("");
    onChange();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Enter" || event.key === ",") {
      event.preventDefault();
      if (draft.trim()) add();
    } else if (event.key === "Backspace" && !draft && tags.length) {
      setTags(tags.slice(0, -1));
    }
  };
  return (
    <div>
      <label htmlFor="post-tags-entry" className="block text-sm font-medium text-slate-700">
        Tags
      </label>
      <div
        className={`mt-1.5 flex flex-wrap items-center gap-1.5 rounded-lg border bg-white px-2 py-1.5 shadow-sm ${
          error ? "border-red-400" : "border-slate-300"
        }`}
      >
        {tags.map((tag) => (
          <span
            key={tag}
            className="inline-flex max-w-full items-center gap-1 rounded-full bg-brand-50 px-2.5 py-0.5 text-sm text-brand-800"
          >
            <span className="min-w-0 wrap-anywhere">#{tag}</span>
            <button type="button" aria-label={`Remove tag ${tag}`} onClick={() => setTags(tags.filter((item) => item !== tag))}>
              <X aria-hidden className="size-3.5" />
            </button>
          </span>
        ))}
        <input
          id="post-tags-entry"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
          onBlur={() => draft.trim() && add()}
          placeholder={tags.length ? "" : "Type a tag and press Enter"}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "post-tags-error" : "post-tags-hint"}
          // The box around it is the field's border, so the outline marks the typing place.
          className="min-w-32 flex-1 rounded border-0 px-1 py-1 text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600"
        />
      </div>
      <input type="hidden" name="tags" value={JSON.stringify(tags)} />
      <p id="post-tags-hint" className="mt-1.5 text-sm text-slate-500">
        Press Enter or a comma after each tag.
      </p>
      <ErrorMessage id="post-tags-error">{error}</ErrorMessage>
    </div>
  );
}

/** Impact entries: a type and an amount each; an entry needs both. */
export function ImpactRows({ error, hydrated }: { error?: string; hydrated: boolean }) {
  // Without JavaScript no row can be added, so three empty ones are offered.
  const [rows, setRows] = useState(() => (hydrated ? [0] : [0, 1, 2]));
  const nextKey = useRef(3);
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-700">Environmental impact</legend>
      <p className="text-sm text-slate-500">For example “CO2 saved” and “25 kg”.</p>
      <div className="mt-2 space-y-2">
        {rows.map((key, index) => (
          <div key={key} className="flex gap-2">
            <input
              name="impact_type"
              aria-label={`Impact type ${index + 1}`}
              placeholder="Impact type"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "post-impact-error" : undefined}
              className="w-1/2 rounded-lg border border-slate-300 px-3 py-2 text-sm"
            />
            <input
              name="impact_amount"
              aria-label={`Impact amount ${index + 1}`}
              placeholder="Amount"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "post-impact-error" : undefined}
              className="w-1/2 rounded-lg border border-slate-300 px-3 py-2 text-sm"
            />
            {hydrated && rows.length > 1 ? (
              <button
                type="button"
                aria-label={`Remove impact ${index + 1}`}
                onClick={() => setRows(rows.filter((item) => item !== key))}
                className="rounded-lg px-2 text-slate-500 hover:bg-slate-100"
              >
                <X aria-hidden className="size-4" />
              </button>
            ) : null}
          </div>
        ))}
      </div>
      {hydrated ? (
        <button
          type="button"
          onClick={() => setRows([...rows, nextKey.current++])}
          className="mt-2 inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
        >
          <Plus aria-hidden className="size-4" /> Add impact
        </button>
      ) : null}
      <ErrorMessage id="post-impact-error">{error}</ErrorMessage>
    </fieldset>
  );
}
