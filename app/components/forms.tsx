import {
  useEffect,
  useId,
  useRef,
  useState,
  type FormEvent,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from "react";
import type { z } from "zod";
import { fieldErrors, formDataObject } from "~/lib/forms";
import { useHydrated } from "~/lib/use-hydrated";

export type FieldErrors = Record<string, string | undefined>;

/**
 * Client-side validation with the same zod schema the action uses: errors show on submit,
 * editing a field clears its error, and the server's errors (no JavaScript, or rules only
 * the server knows) arrive through `serverErrors`.
 */
export function useFormValidation(schema: z.ZodType, serverErrors: FieldErrors | undefined) {
  const [errors, setErrors] = useState<FieldErrors>(serverErrors ?? {});
  useEffect(() => setErrors(serverErrors ?? {}), [serverErrors]);
  return {
    errors,
    onSubmit(event: FormEvent<HTMLFormElement>) {
      const result = schema.safeParse(formDataObject(new FormData(event.currentTarget)));
      if (result.success) {
        setErrors({});
        return;
      }
      event.preventDefault();
      const next = fieldErrors(result.error);
      setErrors(next);
      const first = event.currentTarget.querySelector<HTMLElement>(`[name="${Object.keys(next)[0]}"]`);
      first?.focus();
    },
    /** Editing a field clears its error. */
    onChange(event: FormEvent<HTMLFormElement>) {
      const name = (event.target as HTMLInputElement).name;
      if (name && errors[name]) setErrors(({ [name]: _cleared, ...rest }) => rest);
    },
  };
}

export function ErrorMessage({ id, children }: { id: string; children?: ReactNode }) {
  if (!children) return null;
  return (
    <p id={id} className="mt-1.5 text-sm text-red-600" role="alert">
      {children}
    </p>
  );
}

type FieldProps = {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  trailing?: ReactNode;
  inputProps: InputHTMLAttributes<HTMLInputElement> & { name: string };
};

/** A labelled input wired to its error with aria-invalid and aria-describedby. */
export function Field({ label, error, hint, trailing, inputProps }: FieldProps) {
  const fallbackId = useId();
  const id = inputProps.id ?? fallbackId;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <div className="relative mt-1.5">
        <input
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          {...inputProps}
          className={`${controlClass(error)} ${trailing ? "pr-11" : ""} ${inputProps.className ?? ""}`}
        />
        {trailing ? <div className="absolute inset-y-0 right-0 flex items-center pr-2">{trailing}</div> : null}
      </div>
      {hint ? (
        <div id={hintId} className="mt-1.5 text-sm text-slate-500">
          {hint}
        </div>
      ) : null}
      <ErrorMessage id={errorId}>{error}</ErrorMessage>
    </div>
  );
}

export function SubmitButton({
  pending,
  children,
  pendingLabel,
}: {
  pending: boolean;
  children: ReactNode;
  pendingLabel: ReactNode;
}) {
  return (
    <button
      type="submit"
      disabled={pending}
      aria-disabled={pending}
      className="flex w-full items-center justify-center gap-2 rounded-lg bg-brand-600 px-4 py-2.5 font-semibold text-white shadow-sm hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-wait disabled:opacity-70"
    >
      {pending ? (
        <>
          <span aria-hidden className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white" />
          {pendingLabel}
        </>
      ) : (
        children
      )}
    </button>
  );
}

/**
 * A refused form's error summary (GOV.UK's pattern), at the top of the form: "There is a problem",
 * then each field's message as a link to the field (`fieldIds` maps a field's name to its
 * element's id; a name without one, such as "form", is plain text). The server renders it with
 * `autofocus`, so a browser without JavaScript lands on it after the reload, even when the form is
 * low on a long page. Once the page runs, a refusal focuses the first field the summary links to
 * (the summary itself when none), as forms do when they validate in the browser.
 */
export function ErrorSummary({
  errors,
  fieldIds = {},
  message,
  heading: Heading = "h2",
}: {
  errors: Record<string, string | undefined>;
  fieldIds?: Record<string, string>;
  /** What went wrong when no field is to blame. */
  message?: string;
  heading?: "h2" | "h3" | "h4";
}) {
  const hydrated = useHydrated();
  const summary = useRef<HTMLDivElement>(null);
  const problems = Object.entries(errors).filter((entry): entry is [string, string] => Boolean(entry[1]));
  const firstField = problems.map(([name]) => fieldIds[name]).find(Boolean);
  const refusal = JSON.stringify([problems, message]);
  // A refusal that arrives while the page runs; the server's own render has autofocus instead.
  const arrivedScripted = useRef(hydrated);
  useEffect(() => {
    if (!arrivedScripted.current) {
      arrivedScripted.current = true;
      return;
    }
    const field = firstField ? document.getElementById(firstField) : null;
    if (field) field.focus();
    else summary.current?.focus();
  }, [refusal, firstField]);
  if (!problems.length && !message) return null;
  return (
    <div
      ref={summary}
      role="alert"
      tabIndex={-1}
      // The page's one autofocus, for the server's render only: what brings a reader without
      // JavaScript to the problem (GOV.UK's error summary does the same).
      // eslint-disable-next-line jsx-a11y/no-autofocus
      autoFocus={!hydrated}
      data-error-summary=""
      className="scroll-mt-24 rounded-lg border-2 border-red-600 bg-red-50 px-4 py-3 text-sm text-red-900 focus-visible:outline-offset-2"
    >
      <Heading className="text-base font-semibold">There is a problem</Heading>
      {message && !problems.some(([, problem]) => problem === message) ? <p className="mt-1">{message}</p> : null}
      {problems.length ? (
        <ul className="mt-2 list-disc space-y-1 pl-5">
          {problems.map(([name, problem]) => (
            <li key={name}>
              {fieldIds[name] ? (
                <a href={`#${fieldIds[name]}`} className="font-medium underline">
                  {problem}
                </a>
              ) : (
                problem
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

export function FormAlert({ children }: { children?: ReactNode }) {
  if (!children) return null;
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
      {children}
    </div>
  );
}

// The border is the control's boundary (3:1 or more, see app.css); focus is the global outline.
const controlClass = (error?: string) =>
  `block w-full rounded-lg border bg-white px-3.5 py-2.5 text-slate-900 shadow-sm placeholder:text-slate-500 focus-visible:outline-offset-1 ${
    error ? "border-red-600 focus-visible:outline-red-600" : "border-slate-300"
  }`;

/** The label, hint and error around any control, with the ids the control must point at. */
function LabelledControl({
  id: ownId,
  label,
  error,
  hint,
  children,
}: {
  /** The control's id when the page links to it (an error summary); else one of React's. */
  id?: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  children: (ids: { id: string; describedBy: string | undefined; invalid: true | undefined }) => ReactNode;
}) {
  const fallbackId = useId();
  const id = ownId ?? fallbackId;
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <div className="mt-1.5">{children({ id, describedBy, invalid: error ? true : undefined })}</div>
      {hint ? (
        <div id={`${id}-hint`} className="mt-1.5 text-sm text-slate-500">
          {hint}
        </div>
      ) : null}
      <ErrorMessage id={`${id}-error`}>{error}</ErrorMessage>
    </div>
  );
}

export function TextAreaField({
  label,
  error,
  hint,
  textareaProps,
}: {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  textareaProps: TextareaHTMLAttributes<HTMLTextAreaElement> & { name: string };
}) {
  return (
    <LabelledControl id={textareaProps.id} label={label} error={error} hint={hint}>
      {({ id, describedBy, invalid }) => (
        <textarea
          id={id}
          aria-invalid={invalid}
          aria-describedby={describedBy}
          rows={5}
          {...textareaProps}
          className={controlClass(error)}
        />
      )}
    </LabelledControl>
  );
}

export function SelectField({
  label,
  error,
  hint,
  options,
  selectProps,
}: {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  options: { value: string; label: string }[];
  selectProps: SelectHTMLAttributes<HTMLSelectElement> & { name: string };
}) {
  return (
    <LabelledControl id={selectProps.id} label={label} error={error} hint={hint}>
      {({ id, describedBy, invalid }) => (
        <select id={id} aria-invalid={invalid} aria-describedby={describedBy} {...selectProps} className={controlClass(error)}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </LabelledControl>
  );
}
