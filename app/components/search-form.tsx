import { Search } from "~/components/icons";
import type { ReactNode } from "react";
import { Form, useSubmit } from "react-router";
import { useHydrated } from "~/lib/use-hydrated";

/**
 * A GET form for searching a page: it works as a plain form without JavaScript (its button
 * applies it); with JavaScript a changed select applies at once.
 */
export function SearchForm({ label, children }: { label: string; children: ReactNode }) {
  const hydrated = useHydrated();
  const submit = useSubmit();
  return (
    <Form
      method="get"
      role="search"
      aria-label={label}
      className="flex flex-wrap items-end gap-3 rounded-2xl bg-white p-3 shadow-sm ring-1 ring-slate-200 sm:p-4"
      onChange={(event) => {
        if (hydrated && (event.target as HTMLElement).tagName === "SELECT")
          submit(event.currentTarget, { preventScrollReset: true });
      }}
    >
      {children}
    </Form>
  );
}

/** The text field of a SearchForm, named `q`. */
export function SearchInput({ id, value, placeholder }: { id: string; value: string | undefined; placeholder: string }) {
  return (
    <div className="relative min-w-48 flex-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        Search
      </label>
      <Search aria-hidden className="pointer-events-none absolute bottom-2.5 left-3 size-4 text-slate-400" />
      <input
        id={id}
        type="search"
        name="q"
        defaultValue={value ?? ""}
        key={value ?? ""}
        placeholder={placeholder}
        maxLength={100}
        className="mt-1 block w-full rounded-lg border border-slate-300 bg-white py-2 pr-3 pl-9 text-sm"
      />
    </div>
  );
}

/** A labelled select of a SearchForm; with JavaScript, choosing applies it at once. */
export function SearchSelect({
  id,
  label,
  name,
  value,
  options,
  wide = false,
}: {
  id: string;
  label: string;
  name: string;
  value: string;
  options: readonly { value: string; label: string }[];
  /** Fill the width of its column (in a grid of filters) instead of fitting its options. */
  wide?: boolean;
}) {
  return (
    <div>
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      <select
        id={id}
        name={name}
        defaultValue={value}
        key={value}
        className={`mt-1 block rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm ${wide ? "w-full" : ""}`}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The submit button of a SearchForm. */
export function SearchButton() {
  return (
    <button type="submit" className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700">
      Search
    </button>
  );
}
